import { luhnDigit, type SerialRuleBody } from '@solarops/contracts';

type Rule = Pick<SerialRuleBody, 'prefix' | 'length' | 'charset' | 'checkDigit'>;

const CHARSET: Record<Rule['charset'], RegExp> = {
  digits: /^[0-9]*$/,
  upperAlnum: /^[0-9A-Z]*$/,
  hex: /^[0-9A-F]*$/,
};

/** mod36 check character: sum of base-36 values weighted by position (from 1), modulo 36, in base 36. */
export function mod36Char(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 1) * parseInt(body[i]!, 36);
  return (sum % 36).toString(36).toUpperCase();
}

/**
 * Why `sn` breaks `rule`, as a message key, or null when it complies. Checked in order: length, prefix,
 * characters, check digit, so the first reason is the one a person fixes first.
 */
export function serialViolation(rule: Rule, sn: string): string | null {
  if (sn.length !== rule.length) return 'serialLength';
  if (!sn.startsWith(rule.prefix)) return 'serialPrefix';
  if (!CHARSET[rule.charset].test(sn.slice(rule.prefix.length))) return 'serialCharset';
  if (rule.checkDigit === 'none') return null;
  const body = sn.slice(0, -1);
  const expected = rule.checkDigit === 'luhn' ? luhnDigit(body) : mod36Char(body);
  return sn.endsWith(expected) ? null : 'serialCheckDigit';
}
