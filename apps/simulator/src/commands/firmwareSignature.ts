/**
 * How a device's boot loader judges a firmware image: Ed25519 over the image's SHA-256 digest (the 32 bytes, not
 * the hex text) by one of the makers' keys it trusts. The simulated collectors and the edge agent's self-update
 * check their images with this one function, as the server judges packages (`modules/firmware/signatures.ts`).
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** A maker's Ed25519 public key given as its 32 raw bytes in base64 (as administrators enter it), for a boot loader. */
export const makerPublicKey = (raw: string): KeyObject =>
  createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw, 'base64').toString('base64url') },
    format: 'jwk',
  });

/**
 * Whether one of the trusted makers signed the image whose digest this is.
 *
 * @param digest - The image's SHA-256 digest (32 bytes)
 * @param signature - The maker's signature, base64
 * @param trustedKeys - The makers' public keys the device trusts
 */
export const signedByTrustedMaker = (
  digest: Buffer,
  signature: string,
  trustedKeys: readonly KeyObject[],
): boolean => trustedKeys.some((key) => verify(null, digest, key, Buffer.from(signature, 'base64')));
