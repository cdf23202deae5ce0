import { AlipaySdk } from 'alipay-sdk';
import { parseAlipayTime } from './alipaySignature.ts';
import type { PaymentProvider, PayPageRequest, ProviderTrade } from './PaymentProvider.ts';

/** What the Alipay adapter needs: the application's id and key, and Alipay's public key to check what it sends. */
export interface AlipaySettings {
  appId: string;
  /** The application's RSA private key (PEM, PKCS#1 or PKCS#8). */
  privateKeyPem: string;
  /** Alipay's RSA public key (PEM), from the open platform's console. */
  alipayPublicKeyPem: string;
  /** The gateway; default the production one (the sandbox's is `https://openapi-sandbox.dl.alipaydev.com/gateway.do`). */
  gateway?: string;
}

/** Trade states of `alipay.trade.query` that mean the payer paid. */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * The real Alipay behind `PaymentProvider`, on the official `alipay-sdk`: the SDK checks a notification's RSA2
 * signature with Alipay's public key, and asks `alipay.trade.query` about an order whose notification never came.
 */
export class AlipayPaymentProvider implements PaymentProvider {
  readonly name = 'alipay';
  readonly appId: string;
  private readonly sdk: AlipaySdk;

  constructor(settings: AlipaySettings) {
    this.appId = settings.appId;
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKeyPem,
      alipayPublicKey: settings.alipayPublicKeyPem,
      keyType: settings.privateKeyPem.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      signType: 'RSA2',
      ...(settings.gateway ? { gateway: settings.gateway } : {}),
    });
  }

  verify(params: Readonly<Record<string, string>>): boolean {
    // RSA2 only: a notification that names another scheme is refused before the SDK looks at it.
    if (params.sign_type !== 'RSA2' || !params.sign) return false;
    try {
      return this.sdk.checkNotifySign({ ...params });
    } catch {
      // A malformed signature is a bad signature, not a server error.
      return false;
    }
  }

  async query(orderNo: string): Promise<ProviderTrade | null> {
    // The answer's RSA2 signature is checked with Alipay's key: a payment is applied on Alipay's word alone.
    const r = await this.sdk.exec(
      'alipay.trade.query',
      { bizContent: { out_trade_no: orderNo } },
      { validateSign: true },
    );
    if (r.code !== '10000' || !PAID.has(String(r.tradeStatus))) return null;
    return {
      tradeNo: String(r.tradeNo),
      totalAmount: String(r.totalAmount),
      paidAt: parseAlipayTime(typeof r.sendPayDate === 'string' ? r.sendPayDate : undefined) ?? new Date(),
    };
  }

  /**
   * The computer-website pay page (`alipay.trade.page.pay`) as a GET address signed by the SDK with the
   * application's key; Alipay sends the payer back to `returnUrl` and its notification to `notifyUrl`. Nothing is
   * sent to Alipay here.
   */
  payPageUrl(request: PayPageRequest): string {
    return this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: request.orderNo,
        total_amount: request.totalAmount,
        subject: request.subject,
        product_code: 'FAST_INSTANT_TRADE_PAY',
      },
      returnUrl: request.returnUrl,
      notifyUrl: request.notifyUrl,
    });
  }
}
