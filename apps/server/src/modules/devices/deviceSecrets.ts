import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device secrets (ARCHITECTURE §5): 256 random bits issued per collector, stored as
 * `hmac-sha256$<salt>$<digest>`. A keyed fast hash is enough for secrets of this entropy (nobody can guess
 * them, so slow hashing buys nothing) and verifies in microseconds, so that thousands of collectors
 * reconnecting after a broker restart cost no CPU (docs/decisions/0004-device-link.md).
 */

/** A new device secret (43 characters, base64url). */
export const generateDeviceSecret = () => randomBytes(32).toString('base64url');

/** The stored form of `secret`. */
export function hashDeviceSecret(secret: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `hmac-sha256$${salt}$${createHmac('sha256', salt).update(secret).digest('base64url')}`;
}

/** Whether `secret` matches the stored hash (constant time). */
export function verifyDeviceSecret(secret: string, stored: string): boolean {
  const [scheme, salt, digest] = stored.split('$');
  if (scheme !== 'hmac-sha256' || !salt || !digest) return false;
  const actual = createHmac('sha256', salt).update(secret).digest();
  const expected = Buffer.from(digest, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
