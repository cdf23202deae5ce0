import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/openDatabase.ts';
import { AlipayPaymentProvider } from './AlipayPaymentProvider.ts';
import { alipayTime, signRsa2 } from './alipaySignature.ts';
import { MockPaymentProvider } from './MockPaymentProvider.ts';
import { buildPaymentProvider } from './paymentProviders.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'solarops-payment-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
// The application's key pair (it signs requests) and Alipay's (it signs notifications), generated for the test.
const application = rsa();
const alipay = rsa();
const APP_ID = '2021004100000001';
const alipayEnv = {
  DATA_DIR: dir,
  PAYMENT_PROVIDER: 'alipay',
  ALIPAY_APP_ID: APP_ID,
  ALIPAY_PRIVATE_KEY_FILE: file('app-private.pem', application.privateKey),
  ALIPAY_PUBLIC_KEY_FILE: file('alipay-public.pem', alipay.publicKey),
};
// Building a provider touches no database: the mock reads it only when paid or asked.
const db = {} as Database;

/** The problems a configuration is refused with, by variable; fails when it is accepted. */
function refusal(env: Record<string, string>): Record<string, string> {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return Object.fromEntries((err as ConfigError).problems.map((p) => [p.variable, p.message]));
  }
  throw new Error('the configuration was accepted');
}

describe('the payment provider chosen by configuration (issue 19)', () => {
  it('is the built-in mock unless told otherwise', () => {
    const provider = buildPaymentProvider(loadConfig({ DATA_DIR: dir }), db);
    expect(provider).toBeInstanceOf(MockPaymentProvider);
    expect(provider.name).toBe('mock');
  });

  it('is Alipay with the app id and keys of its files, checking notifications with Alipay’s public key', () => {
    const config = loadConfig({
      ...alipayEnv,
      ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    });
    expect(config.payment).toMatchObject({
      provider: 'alipay',
      appId: APP_ID,
      gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    });
    const provider = buildPaymentProvider(config, db);
    expect(provider).toBeInstanceOf(AlipayPaymentProvider);
    expect(provider).toMatchObject({ name: 'alipay', appId: APP_ID });
    // A notification Alipay signed verifies; the same signed with the application's own key does not (the keys
    // went where they belong, not swapped).
    const params = {
      notify_time: alipayTime(new Date()),
      app_id: APP_ID,
      sign_type: 'RSA2',
      out_trade_no: 'R20261124120000123456',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '45.00',
    };
    expect(provider.verify({ ...params, sign: signRsa2(params, alipay.privateKey) })).toBe(true);
    expect(provider.verify({ ...params, sign: signRsa2(params, application.privateKey) })).toBe(false);
  });

  it('refuses an incomplete Alipay configuration, naming each missing variable', () => {
    expect(refusal({ PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: APP_ID })).toEqual({
      ALIPAY_PRIVATE_KEY_FILE: 'required when PAYMENT_PROVIDER=alipay',
      ALIPAY_PUBLIC_KEY_FILE: 'required when PAYMENT_PROVIDER=alipay',
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'alipay' })).toThrow(
      /ALIPAY_APP_ID: required when PAYMENT_PROVIDER=alipay/,
    );
  });

  it('refuses key files that are missing or hold no key of the right kind, and a malformed app id', () => {
    const missing = path.join(dir, 'nowhere.pem');
    expect(
      refusal({
        ...alipayEnv,
        ALIPAY_PRIVATE_KEY_FILE: missing,
        ALIPAY_PUBLIC_KEY_FILE: file('not-a-key.pem', 'hello'),
      }),
    ).toEqual({
      ALIPAY_PRIVATE_KEY_FILE: `no file ${missing}`,
      ALIPAY_PUBLIC_KEY_FILE: `${path.join(dir, 'not-a-key.pem')} is not an RSA public key in PEM`,
    });
    expect(refusal({ ...alipayEnv, ALIPAY_APP_ID: '2021-abc' })).toEqual({ ALIPAY_APP_ID: '16 digits' });
    expect(refusal({ ...alipayEnv, ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' })).toHaveProperty(
      'ALIPAY_GATEWAY',
    );
  });
});
