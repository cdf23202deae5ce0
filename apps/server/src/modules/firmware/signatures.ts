import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { SignatureState } from '@solarops/contracts';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo; the key's 32 bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * The 32 raw bytes (base64) of an Ed25519 public key given as PEM (SPKI) or as base64 of the raw bytes; undefined
 * for anything else (another algorithm, a private key, garbage).
 */
export function rawPublicKey(text: string): string | undefined {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('-----BEGIN')) {
      const key = createPublicKey(trimmed);
      if (key.asymmetricKeyType !== 'ed25519') return undefined;
      const der = key.export({ format: 'der', type: 'spki' });
      return der.subarray(ED25519_SPKI_PREFIX.length).toString('base64');
    }
    const raw = Buffer.from(trimmed, 'base64');
    if (raw.length !== 32 || raw.toString('base64') !== trimmed) return undefined;
    publicKeyOf(trimmed); // throws on bytes that are no key
    return trimmed;
  } catch {
    return undefined;
  }
}

const publicKeyOf = (raw: string): KeyObject =>
  createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(raw, 'base64')]),
    format: 'der',
    type: 'spki',
  });

export interface TrustedKey {
  name: string;
  publicKey: string;
}

/**
 * Judges a package's signature over its SHA-256 digest (the 32 bytes, not the hex text) against the trusted keys:
 * `valid` with the key that made it, `invalid` when no trusted key did, `unsigned` without a signature.
 */
export function judgeSignature(
  sha256Hex: string,
  signature: string | null,
  keys: readonly TrustedKey[],
): { state: SignatureState; signedBy: string | null } {
  if (!signature) return { state: 'unsigned', signedBy: null };
  const digest = Buffer.from(sha256Hex, 'hex');
  const sig = Buffer.from(signature, 'base64');
  for (const key of keys) {
    if (verify(null, digest, publicKeyOf(key.publicKey), sig)) return { state: 'valid', signedBy: key.name };
  }
  return { state: 'invalid', signedBy: null };
}
