/**
 * The demo's firmware maker: an Ed25519 key that the demo fleet's collectors trust, and the sample image it signs,
 * so that a first start can show a whole upgrade (a signed package, its rollout, devices that install it and report
 * their new version) without a maker's key of one's own. The key is made from 32 random bytes kept in the demo
 * fleet's file beside the collectors' secrets: it exists on a demo only, and no two demos share it.
 */
import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { mulberry32 } from '../physics/random.ts';

/** The DER prefix of an Ed25519 private key in PKCS #8; the key's 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The version of the sample collector firmware: above every version the demo's collectors run (V2.x.xx). */
export const DEMO_FIRMWARE_VERSION = 'V3.0.00';
/** Size of the sample image [bytes]: a few dozen chunks, so that the upgrade's progress is seen moving. */
export const DEMO_FIRMWARE_BYTES = 96 * 1024;

/** The demo maker's key pair and its public key as the trusted-keys list keeps it (32 raw bytes, base64). */
export interface DemoMaker {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyRaw: string;
}

/**
 * The demo maker made from its 32-byte seed.
 *
 * @param seed - 32 bytes (the demo fleet's file keeps them)
 * @returns the key pair and the raw public key (base64)
 */
export function demoMaker(seed: Buffer): DemoMaker {
  if (seed.length !== 32) throw new Error('the demo maker needs a 32-byte seed');
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, publicKey, publicKeyRaw: spki.subarray(spki.length - 32).toString('base64') };
}

/**
 * The sample firmware image of a collector model: a readable header, then deterministic bytes.
 *
 * @param model - Collector model the image is built for
 * @param version - Its version
 * @returns the image, {@link DEMO_FIRMWARE_BYTES} long
 */
export function demoFirmwareImage(model: string, version: string): Buffer {
  const image = Buffer.alloc(DEMO_FIRMWARE_BYTES);
  const header = Buffer.from(`SOLAROPS SAMPLE FIRMWARE ${model} ${version}\n`, 'utf8');
  header.copy(image);
  const rng = mulberry32(DEMO_FIRMWARE_BYTES);
  for (let i = header.length; i < image.length; i++) image[i] = Math.floor(rng() * 256);
  return image;
}

/**
 * A maker's signature of an image as packages carry it: Ed25519 over the image's SHA-256 digest (the 32 bytes).
 *
 * @param image - The image
 * @param privateKey - The maker's private key
 * @returns the signature, base64
 */
export function signFirmware(image: Buffer, privateKey: KeyObject): string {
  return sign(null, createHash('sha256').update(image).digest(), privateKey).toString('base64');
}
