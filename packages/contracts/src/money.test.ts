import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, majorToMinor, minorToMajor } from './money.ts';

describe('amounts in a currency’s smallest unit', () => {
  it('writes yen without decimals and yuan with two', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('CNY')).toBe(2);
    expect(formatMoney(1234, 'JPY')).toBe('1,234 JPY');
    expect(formatMoney(436_959_639, 'CNY')).toBe('4,369,596.39 CNY');
    expect(formatMoney(1234, 'CNY')).toBe('12.34 CNY');
    expect(formatMoney(5, 'CNY')).toBe('0.05 CNY');
    expect(formatMoney(1234, 'KWD')).toBe('1.234 KWD');
  });

  it('converts between major and minor units by the currency’s own digits', () => {
    expect(minorToMajor(1234, 'JPY')).toBe(1234);
    expect(minorToMajor(1234, 'CNY')).toBe(12.34);
    expect(majorToMinor(25.4, 'JPY')).toBe(25);
    expect(majorToMinor(0.56, 'CNY')).toBe(56);
  });

  it('takes two digits for a code that is not ISO 4217', () => {
    expect(formatMoney(123_456, 'yuan')).toBe('1,234.56 yuan');
  });
});
