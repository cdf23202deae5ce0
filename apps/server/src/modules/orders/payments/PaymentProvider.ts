/** A trade the provider took for an order, as its query call reports it. */
export interface ProviderTrade {
  /** The provider's trade number (the order's pay order number). */
  tradeNo: string;
  /** The amount paid, in major units as the provider writes it ("45.00"). */
  totalAmount: string;
  paidAt: Date;
}

/** An order as a provider's pay page takes it, and where the provider sends the payer and its notification. */
export interface PayPageRequest {
  orderNo: string;
  /** In major units as the provider writes it ("45.00"). */
  totalAmount: string;
  subject: string;
  /** The console page the payer comes back to; it confirms the order with the server, never from this address. */
  returnUrl: string;
  /** Where the provider posts its signed notification (`/pay/notify/<name>`). */
  notifyUrl: string;
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
  /**
   * The signed address of the provider's own pay page for an order, to send the payer to; null when the console
   * pays in a page of its own (the mock's cashier).
   */
  payPageUrl(request: PayPageRequest): string | null;
}
