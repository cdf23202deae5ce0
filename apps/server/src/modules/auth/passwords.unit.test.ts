import { describe, expect, it } from 'vitest';
import { envSchema } from '../../config.ts';
import {
  hashPassword,
  isWeakPassword,
  randomPassword,
  SCRYPT_PARAMS,
  scryptParamsFor,
  verifyPassword,
} from './passwords.ts';

// Four scrypt runs at 128 MiB each: under a second here. The timeout is sized for a machine three times slower
// that is busy with other work too.
describe('passwords', { timeout: 60_000 }, () => {
  it('hashes with scrypt at N=2^17, r=8, p=1, the parameters kept in the hash', async () => {
    const hash = await hashPassword('Correct horse 1!');
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Correct horse 1!', hash)).toBe(true);
    expect(await verifyPassword('correct horse 1!', hash)).toBe(false);
    expect(await hashPassword('Correct horse 1!')).not.toBe(hash);
  });

  it('takes the cost of new hashes from PASSWORD_HASH_COST, within the bounds the config sets', () => {
    expect(scryptParamsFor(14)).toEqual({ N: 16384, r: 8, p: 1 });
    expect(envSchema.shape.PASSWORD_HASH_COST.parse(undefined)).toBe(17);
    expect(envSchema.shape.PASSWORD_HASH_COST.safeParse('13').success).toBe(false);
  });

  it('verifies hashes made with other parameters', async () => {
    const hash = await hashPassword('Low-cost-pass-1', { N: 1024, r: 8, p: 1 });
    expect(hash.startsWith('scrypt$1024$')).toBe(true);
    expect(await verifyPassword('Low-cost-pass-1', hash)).toBe(true);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('applies the spec §5 strength rule', () => {
    expect(isWeakPassword('abcdef1!')).toBe(false);
    expect(isWeakPassword('密码密码密码12!')).toBe(false);
    expect(isWeakPassword('abcdefg1')).toBe(true);
    expect(isWeakPassword('abcdefg!')).toBe(true);
    expect(isWeakPassword('1234567!')).toBe(true);
    expect(isWeakPassword('ab1!')).toBe(true);
  });

  it('generates random passwords that pass the rule', () => {
    for (let i = 0; i < 50; i++) expect(isWeakPassword(randomPassword())).toBe(false);
  });
});
