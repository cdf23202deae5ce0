import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { envSchema } from '../../config.ts';

/** scrypt's parameters for a cost (log2 of N); OWASP's Password Storage Cheat Sheet gives N=2^17, r=8, p=1. */
export const scryptParamsFor = (cost: number) => ({ N: 2 ** cost, r: 8, p: 1 }) as const;

/**
 * The parameters of new hashes, from PASSWORD_HASH_COST (validated by the config's schema). Read here, at load,
 * rather than passed down: every hash of the process, the test factories' included, must use the same cost.
 */
export const SCRYPT_PARAMS = scryptParamsFor(
  envSchema.shape.PASSWORD_HASH_COST.parse(process.env.PASSWORD_HASH_COST),
);
const KEY_LENGTH = 32;

// scrypt needs 128·N·r bytes (128 MiB here); Node's default cap is 32 MiB.
const maxmemFor = (N: number, r: number) => 128 * N * r * 2;

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    // The callback form runs on libuv's thread pool: hashing never blocks the event loop.
    scrypt(password.normalize('NFC'), salt, keylen, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64), so that parameters can be raised later. */
export async function hashPassword(password: string, params = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, {
    ...params,
    maxmem: maxmemFor(params.N, params.r),
  });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * The stored hash of an account whose password is not issued yet: no password matches it (`verifyPassword`
 * refuses its scheme). The demo accounts are created with it, and given their passwords once the fleet is live
 * (fleet/issueDemoPasswords.ts): seven hashes of 128 MiB each are seconds of CPU a first start need not wait for.
 */
export const PASSWORD_NOT_ISSUED = 'not-issued';

/** True when `password` matches `stored`; compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const N = Number(n);
  const R = Number(r);
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmemFor(N, R),
  });
  return timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, checked when the user does not exist so that an unknown user and a wrong password
 * take the same time.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64'));
  return dummy;
}

/** The spec's strength rule (§5): at least 8 characters with a digit, a letter and a special character. */
export function isWeakPassword(password: string): boolean {
  return !(
    password.length >= 8 &&
    /\p{N}/u.test(password) &&
    /\p{L}/u.test(password) &&
    /[^\p{L}\p{N}]/u.test(password)
  );
}

/** A random password meeting the strength rule, for approved enterprise accounts and the first administrator. */
export function randomPassword(): string {
  const base = randomBytes(12).toString('base64url');
  // base64url may lack a digit, a letter or a symbol: append one of each (a hyphen: no quoting needed in a shell).
  const digit = String(randomBytes(1)[0]! % 10);
  return `${base}${digit}k-`;
}
