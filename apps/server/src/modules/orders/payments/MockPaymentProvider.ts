import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/openDatabase.ts';
import { mockPaymentTrades } from '../tables.ts';
import { alipayTime, signRsa2, verifyRsa2 } from './alipaySignature.ts';
import type { PaymentProvider, ProviderTrade } from './PaymentProvider.ts';

export const MOCK_APP_ID = '2021000000000000';

export interface KeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

/**
 * The mock provider's RSA key pair, generated at first start and kept in `<dataDir>/payments/` (private key
 * readable by the server's user only), so that notifications signed before a restart still verify after it.
 */
export function loadMockKeys(dataDir: string): KeyPair {
  const dir = path.join(dataDir, 'payments');
  const privateFile = path.join(dir, 'mock-private.pem');
  const publicFile = path.join(dir, 'mock-public.pem');
  if (existsSync(privateFile) && existsSync(publicFile))
    return {
      privateKeyPem: readFileSync(privateFile, 'utf8'),
      publicKeyPem: readFileSync(publicFile, 'utf8'),
    };
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    // Alipay's default key format (PKCS#1), as the official SDK reads it.
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(privateFile, privateKey, { mode: 0o600 });
  writeFileSync(publicFile, publicKey);
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** An amount in the smallest unit as Alipay writes it: 4500 fen → "45.00". */
export const alipayAmount = (minor: number) => (minor / 100).toFixed(2);

/**
 * The built-in provider that works offline (issue 19): the console's pay page pays here; it keeps its own books of
 * the trades it took (`mock_payment_trades`, for `query`) and signs its notifications exactly as Alipay does (RSA2
 * over the sorted parameters), so that the order side runs the same checks as with the real provider.
 */
export class MockPaymentProvider implements PaymentProvider {
  readonly name = 'mock';
  readonly appId = MOCK_APP_ID;

  constructor(
    private readonly db: Database,
    private readonly keys: KeyPair,
  ) {}

  verify(params: Readonly<Record<string, string>>): boolean {
    return verifyRsa2(params, this.keys.publicKeyPem);
  }

  async query(orderNo: string): Promise<ProviderTrade | null> {
    const [t] = await this.db
      .select()
      .from(mockPaymentTrades)
      .where(eq(mockPaymentTrades.outTradeNo, orderNo));
    return t ? { tradeNo: t.tradeNo, totalAmount: t.totalAmount, paidAt: t.paidAt } : null;
  }

  /** The mock's pay page is the console's own cashier (`POST /pay/mock/:orderNo`). */
  payPageUrl(): null {
    return null;
  }

  /** The payer pays `amountMinor` for order `orderNo`: once, however often the button is pressed. */
  async pay(orderNo: string, amountMinor: number): Promise<ProviderTrade> {
    const tradeNo = `${alipayTime(new Date()).replace(/\D/g, '').slice(0, 8)}2200${randomBytes(8).toString('hex')}`;
    await this.db
      .insert(mockPaymentTrades)
      .values({ outTradeNo: orderNo, tradeNo, totalAmount: alipayAmount(amountMinor) })
      .onConflictDoNothing();
    return (await this.query(orderNo))!;
  }

  /** The signed notification of a trade, as Alipay posts it to the notify URL (`trade_status_sync`). */
  notification(
    orderNo: string,
    trade: ProviderTrade,
    status: 'TRADE_SUCCESS' | 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' = 'TRADE_SUCCESS',
    at: Date = new Date(),
  ): Record<string, string> {
    const params: Record<string, string> = {
      notify_time: alipayTime(at),
      notify_type: 'trade_status_sync',
      notify_id: randomUUID().replace(/-/g, ''),
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: orderNo,
      trade_status: status,
      total_amount: trade.totalAmount,
      gmt_payment: alipayTime(trade.paidAt),
    };
    return { ...params, sign: signRsa2(params, this.keys.privateKeyPem) };
  }
}
