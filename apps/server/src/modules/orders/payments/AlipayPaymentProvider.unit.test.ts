import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AlipayPaymentProvider } from './AlipayPaymentProvider.ts';
import { alipayTime, signRsa2 } from './alipaySignature.ts';

const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
// Alipay's key pair (it signs notifications) and the application's (it signs requests), generated for the test.
const alipay = keys();
const application = keys();
const provider = new AlipayPaymentProvider({
  appId: '2021004100000001',
  privateKeyPem: application.privateKey,
  alipayPublicKeyPem: alipay.publicKey,
});

/** A notification as Alipay posts it, signed with `privateKeyPem` (RSA2 over the sorted parameters). */
function notification(privateKeyPem: string, extra: Record<string, string> = {}): Record<string, string> {
  const params: Record<string, string> = {
    notify_time: alipayTime(new Date()),
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    app_id: '2021004100000001',
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: '2026112422001412345678901234',
    out_trade_no: 'R20261124120000123456',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '30.00',
    subject: '流量卡续费',
    ...extra,
  };
  return { ...params, sign: signRsa2(params, privateKeyPem) };
}

describe('the Alipay adapter (alipay-sdk) checks notification signatures', () => {
  it('accepts a notification signed with Alipay’s key, Chinese text included', () => {
    expect(provider.verify(notification(alipay.privateKey))).toBe(true);
  });

  it('refuses one whose amount was changed after signing', () => {
    expect(provider.verify({ ...notification(alipay.privateKey), total_amount: '0.01' })).toBe(false);
  });

  it('refuses one signed with another key (the application’s own, here)', () => {
    expect(provider.verify(notification(application.privateKey))).toBe(false);
  });

  it('refuses one without a signature, with another scheme, or with a malformed one', () => {
    const { sign: _dropped, ...unsigned } = notification(alipay.privateKey);
    expect(provider.verify(unsigned)).toBe(false);
    expect(provider.verify({ ...notification(alipay.privateKey), sign_type: 'RSA' })).toBe(false);
    expect(provider.verify({ ...notification(alipay.privateKey), sign: 'not base64 at all!' })).toBe(false);
  });
});
