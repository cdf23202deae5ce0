import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/openDatabase.ts';
import { AlipayPaymentProvider } from './AlipayPaymentProvider.ts';
import { loadMockKeys, MockPaymentProvider } from './MockPaymentProvider.ts';
import type { PaymentProvider } from './PaymentProvider.ts';

/**
 * The payment provider the configuration names (`PAYMENT_PROVIDER`), the one new orders are paid through and the
 * only one whose notifications are taken: with Alipay configured, the mock (which pays without money) is not
 * offered at all.
 */
export function buildPaymentProvider(config: Config, db: Database): PaymentProvider {
  const payment = config.payment ?? { provider: 'mock' };
  if (payment.provider === 'alipay') {
    const { provider: _name, ...settings } = payment;
    return new AlipayPaymentProvider(settings);
  }
  return new MockPaymentProvider(db, loadMockKeys(config.dataDir));
}
