/** A trade the provider took for an order, as its query call reports it. */
export interface ProviderTrade {
  /** The provider's trade number (the order's pay order number). */
  tradeNo: string;
  /** The amount paid, in major units as the provider writes it ("45.00"). */
  totalAmount: string;
  paidAt: Date;
}

/**
 * A payment provider behind which the renewal orders are paid (issue 19). Orders never trust a notification that
 * `verify` does not accept; the reconciliation job asks `query` about orders whose notification never came.
 * Implemented by the built-in `mock` provider (MockPaymentProvider.ts), which works offline and signs exactly like
 * Alipay, and by the Alipay adapter when it is configured.
 */
export interface PaymentProvider {
  /** The name orders and notification URLs carry (`/pay/notify/<name>`). */
  readonly name: string;
  /** The application id the provider puts in every notification (`app_id`). */
  readonly appId: string;
  /** Whether the notification's parameters carry the provider's valid signature. */
  verify(params: Readonly<Record<string, string>>): boolean;
  /** The trade the provider took for order `orderNo`, or null when it took none (yet). */
  query(orderNo: string): Promise<ProviderTrade | null>;
}
