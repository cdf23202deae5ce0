import { describe, expect, it } from 'vitest';
import { luhnDigit } from '@solarops/contracts';
import { mod36Char, serialViolation } from './checkSerial.ts';

describe('serial rules', () => {
  it('computes the Luhn digit of the textbook example', () => {
    // ISO/IEC 7812 example: 7992739871 has check digit 3.
    expect(luhnDigit('7992739871')).toBe('3');
  });

  it('computes the mod36 character', () => {
    // 1*10 + 2*11 + 3*1 = 35 → Z
    expect(mod36Char('AB1')).toBe('Z');
  });

  const rule = { prefix: 'SC', length: 8, charset: 'upperAlnum', checkDigit: 'mod36' } as const;
  it('names the first thing wrong, in the order a person fixes it', () => {
    const body = 'SC12AB3';
    const good = body + mod36Char(body);
    expect(serialViolation(rule, good)).toBeNull();
    expect(serialViolation(rule, good.slice(0, 7))).toBe('serialLength');
    expect(serialViolation(rule, `XX${good.slice(2)}`)).toBe('serialPrefix');
    expect(serialViolation(rule, `SC12ab3${good.slice(-1)}`)).toBe('serialCharset');
    const wrong = mod36Char(body) === 'A' ? 'B' : 'A';
    expect(serialViolation(rule, body + wrong)).toBe('serialCheckDigit');
  });

  it('takes digits only with Luhn and no check digit at all', () => {
    expect(
      serialViolation({ prefix: '', length: 11, charset: 'digits', checkDigit: 'luhn' }, '79927398713'),
    ).toBeNull();
    expect(
      serialViolation({ prefix: 'H', length: 4, charset: 'hex', checkDigit: 'none' }, 'H0FA'),
    ).toBeNull();
    expect(serialViolation({ prefix: 'H', length: 4, charset: 'hex', checkDigit: 'none' }, 'H0FG')).toBe(
      'serialCharset',
    );
  });
});
