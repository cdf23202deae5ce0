import type { InvoiceStatus, OrderStatus } from '@solarops/contracts';

/**
 * Every move of a renewal order (spec §4: renewing, succeeded, failed, cancelled): from which states, to which.
 * Anything else answers 409. A paid order is never cancelled.
 */
export const ORDER_MOVES = {
  /**
   * The payment arrived (a verified notification, or the reconciliation job found the trade). A payment taken
   * after the order was cancelled or failed (the payer's pay page was still open) is applied too: the money was
   * taken, so the payer gets the renewal it paid for rather than a refund owed by hand or nothing at all.
   */
  pay: { from: ['renewing', 'cancelled', 'failed'], to: 'succeeded' },
  /** The reconciliation job found no payment long after the order was made. */
  fail: { from: ['renewing'], to: 'failed' },
  /** The user gave up before paying. */
  cancel: { from: ['renewing'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderMove = keyof typeof ORDER_MOVES;

/**
 * Every move of an order's invoice (none, to be invoiced, invoiced): an invoice asked for is drawn only once the
 * order is paid; an order without an invoice never gets one.
 */
export const INVOICE_MOVES = {
  markInvoiced: { from: ['toBeInvoiced'], to: 'invoiced', orderIn: ['succeeded'] },
} as const satisfies Record<
  string,
  { from: readonly InvoiceStatus[]; to: InvoiceStatus; orderIn: readonly OrderStatus[] }
>;
export type InvoiceMove = keyof typeof INVOICE_MOVES;

/** The invoice state an order starts in. */
export const initialInvoiceStatus = (invoiceType: 'none' | 'personal' | 'company'): InvoiceStatus =>
  invoiceType === 'none' ? 'none' : 'toBeInvoiced';
