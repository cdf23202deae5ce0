import { createSign, createVerify } from 'node:crypto';

/**
 * The text Alipay signs in an asynchronous notification: every parameter except `sign` and `sign_type`, empty
 * values left out, sorted by name, written `name=value` and joined by `&` (Alipay open platform, "异步通知验签").
 */
export function signContent(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** RSA2: an RSA-SHA256 signature of the sign content, base64. */
export function signRsa2(params: Readonly<Record<string, string>>, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(signContent(params), 'utf8').sign(privateKeyPem, 'base64');
}

/** Whether `params.sign` is the RSA2 signature of the other parameters under `publicKeyPem`. */
export function verifyRsa2(params: Readonly<Record<string, string>>, publicKeyPem: string): boolean {
  if (params.sign_type !== 'RSA2' || !params.sign) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(signContent(params), 'utf8')
      .verify(publicKeyPem, params.sign, 'base64');
  } catch {
    // A malformed signature or key is a bad signature, not a server error.
    return false;
  }
}

/** Alipay's time format: `yyyy-MM-dd HH:mm:ss` in Beijing time (UTC+8). */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant an Alipay time names, or null when it is not one. */
export function parseAlipayTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(ms) ? null : new Date(ms);
}
