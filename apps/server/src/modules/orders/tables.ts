import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  INVOICE_STATUSES,
  ORDER_STATUSES,
  type InvoiceRequest,
  type InvoicingBody,
  type Recipient,
} from '@solarops/contracts';
import { simCards } from '../cards/tables.ts';
import { users } from '../users/tables.ts';

/**
 * Renewal orders of internet cards (issue 19). Amount, price, period and cards are frozen at creation; states move
 * only along orderStates.ts's table, each move a conditional UPDATE.
 */
export const renewalOrders = pgTable(
  'renewal_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The caller's `Idempotency-Key` and a hash of what it asked, so that a reused key with other values is refused. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    years: integer('years').notNull(),
    pricePerYearMinor: integer('price_per_year_minor').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('renewing'),
    invoiceStatus: text('invoice_status', { enum: INVOICE_STATUSES }).notNull(),
    invoice: jsonb('invoice').$type<InvoiceRequest>().notNull(),
    recipient: jsonb('recipient').$type<Recipient>(),
    invoicing: jsonb('invoicing').$type<InvoicingBody>(),
    /** The payment provider that takes the order's payment, and its trade number once paid. */
    provider: text('provider').notNull(),
    payOrderNo: text('pay_order_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An idempotency key belongs to its user.
    uniqueIndex('renewal_orders_idempotency_key').on(t.userId, t.idempotencyKey),
    // The bill list: a user's orders, newest first.
    index('renewal_orders_user_created_idx').on(t.userId, t.createdAt),
    // The reconciliation job: orders still unpaid, oldest first.
    index('renewal_orders_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** The cards of an order, frozen at creation, with the expiry each had and the one the payment gave it. */
export const renewalOrderCards = pgTable(
  'renewal_order_cards',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => renewalOrders.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => simCards.id),
    iccid: text('iccid').notNull(),
    expiresBefore: date('expires_before', { mode: 'string' }),
    expiresAfter: date('expires_after', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.cardId] }), index('renewal_order_cards_card_idx').on(t.cardId)],
);

/**
 * Every payment notification the provider signed: what it said and what became of it (applied, duplicate, refused
 * for its age, amount or order). Refused ones change nothing else. Badly signed posts are counted, not stored
 * (`badSignature` stays in the enum for the rows kept before).
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    provider: text('provider').notNull(),
    orderNo: text('order_no'),
    notifyId: text('notify_id'),
    outcome: text('outcome', {
      enum: ['applied', 'duplicate', 'ignored', 'badSignature', 'stale', 'mismatch', 'unknownOrder'],
    }).notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderNo)],
);

/**
 * The built-in `mock` provider's own books: the trades it took, as a real provider would keep them on its side,
 * so that the reconciliation job can ask it about an order whose notification never arrived.
 */
export const mockPaymentTrades = pgTable('mock_payment_trades', {
  outTradeNo: text('out_trade_no').primaryKey(),
  tradeNo: text('trade_no').notNull().unique(),
  totalAmount: text('total_amount').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
});
