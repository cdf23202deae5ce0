import { z } from 'zod';
import { calendarDay } from './calendar.ts';
import { creditCodeSchema, idSchema, isoDateTime } from './common.ts';
import { langType, pageQuery } from './envelope.ts';
import { luhnDigit } from './luhn.ts';

/** The spec's four card states (§4), as the console shows them; the carrier's own state is kept beside. */
export const CARD_STATUSES = ['toBeActivated', 'testing', 'normal', 'shutDown'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/**
 * The carriers whose cards collectors hold: the three Chinese carriers in China; elsewhere global IoT carriers
 * whose one card roams on local networks (1NCE, emnify), as installers outside China use.
 */
export const CARD_OPERATORS = ['chinaMobile', 'chinaUnicom', 'chinaTelecom', 'oneNce', 'emnify'] as const;
export type CardOperator = (typeof CARD_OPERATORS)[number];

/**
 * Why a card is shut down: its plan expired, its traffic quota ran out, someone stopped it, the account is in
 * arrears, or the carrier cancelled it (stopped 90 days without renewal: it cannot be renewed any more).
 */
export const SHUTDOWN_REASONS = ['expired', 'quota', 'manual', 'arrears', 'cancelled'] as const;
export type ShutdownReason = (typeof SHUTDOWN_REASONS)[number];

/** Days a Chinese carrier keeps a stopped card before cancelling it for good. */
export const CARD_CANCEL_AFTER_DAYS = 90;

const yyyyMmDd = calendarDay;

/**
 * An ICCID: 19 or 20 digits whose last is the Luhn check digit (ITU-T E.118). One message per fault, the first a
 * person fixes first: length and digits, then the check digit.
 */
export const iccidSchema = z
  .string()
  .trim()
  .superRefine((s, ctx) => {
    if (!/^\d{19,20}$/.test(s)) ctx.addIssue({ code: 'custom', message: 'validation.iccidLength' });
    else if (luhnDigit(s.slice(0, -1)) !== s.slice(-1))
      ctx.addIssue({ code: 'custom', message: 'validation.iccidCheckDigit' });
  });

/** One internet card (spec §3) with what the carrier says of it and the collector it sits in. */
export const cardRow = z.object({
  id: z.number().int(),
  iccid: z.string(),
  /** The card's number (MSISDN). */
  msisdn: z.string(),
  operator: z.enum(CARD_OPERATORS),
  status: z.enum(CARD_STATUSES),
  /** The carrier's raw lifecycle state, as its API names it. */
  carrierState: z.string(),
  shutdownReason: z.enum(SHUTDOWN_REASONS).nullable(),
  /** Last day a stopped card can still be renewed (YYYY-MM-DD); null while it runs. */
  renewableUntil: yyyyMmDd.nullable(),
  /** Whether a renewal order may include it now. */
  renewable: z.boolean(),
  activatedAt: isoDateTime.nullable(),
  /** Last day of service (YYYY-MM-DD). */
  expiresOn: yyyyMmDd.nullable(),
  /** Traffic of the current plan [MB]. */
  usedMb: z.number(),
  /** Total minus used, never below 0: the network may stop the data late, past the plan (see `usedMb`) [MB]. */
  remainingMb: z.number(),
  totalMb: z.number(),
  collectorSerial: z.string().nullable(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  /** When a paid renewal last extended it (the list says so for the last hour: no second payment by mistake). */
  renewedAt: isoDateTime.nullable(),
});
export type CardRow = z.infer<typeof cardRow>;

/** `GET /card/list`: the `card` screen's filters; every one optional. */
export const cardListQuery = pageQuery.extend({
  status: z.enum(CARD_STATUSES).optional(),
  operator: z.enum(CARD_OPERATORS).optional(),
  /** Expiry from this day on (YYYY-MM-DD). */
  expiresFrom: yyyyMmDd.optional(),
  /** Expiry up to this day (YYYY-MM-DD). */
  expiresTo: yyyyMmDd.optional(),
  /** The first digits of the ICCID. */
  iccid: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'validation.format')
    .optional(),
  /** Part of the plant's name. */
  plantName: z.string().trim().max(60).optional(),
  /** The dealer code of the distributor whose installers built the plant. */
  dealercode: z.string().trim().max(40).optional(),
});
export type CardListQuery = z.infer<typeof cardListQuery>;
export const cardExportQuery = cardListQuery.extend({ langType });

/** `POST /card/add` (staff): a card put in stock, or straight into a collector. */
export const cardAddBody = z.object({
  iccid: iccidSchema,
  msisdn: z
    .string()
    .trim()
    .regex(/^\d{11,15}$/, 'validation.format'),
  operator: z.enum(CARD_OPERATORS),
  collectorSerial: z.string().trim().min(1).max(32).optional(),
});
export type CardAddBody = z.infer<typeof cardAddBody>;

/** One day of a card's traffic. */
export const cardUsageDay = z.object({ day: yyyyMmDd, usedMb: z.number() });
export type CardUsageDay = z.infer<typeof cardUsageDay>;

/** Renewal periods on offer [years]. */
export const RENEWAL_YEARS = [1, 2, 3] as const;
/** Most cards one renewal order holds. */
export const RENEWAL_MAX_CARDS = 500;

const text = (max: number) => z.string().trim().min(1, 'validation.required').max(max);
const phone = z
  .string()
  .trim()
  .regex(/^[0-9+\-() ]{5,20}$/, 'validation.format');

/** The invoice asked for with a renewal: none, a personal one (a title), or a company VAT invoice. */
export const invoiceRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('personal'), title: text(100) }),
  z.object({
    type: z.literal('company'),
    title: text(100),
    /** The unified social credit code: 18 characters (spec §5). */
    taxCode: creditCodeSchema,
    address: text(200),
    phone,
    bank: text(100),
    bankAccount: z
      .string()
      .trim()
      .regex(/^[0-9 ]{6,40}$/, 'validation.format'),
  }),
]);
export type InvoiceRequest = z.infer<typeof invoiceRequest>;
export const INVOICE_TYPES = ['none', 'personal', 'company'] as const;

/** Who receives the invoice. */
export const recipient = z.object({ name: text(40), phone, address: text(200) });
export type Recipient = z.infer<typeof recipient>;

/** `POST /renew/order` (with an `Idempotency-Key` header): the renewal's cards, period, invoice and recipient. */
export const renewOrderBody = z
  .object({
    cardIds: z.array(idSchema).min(1).max(RENEWAL_MAX_CARDS),
    years: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    invoice: invoiceRequest,
    /** Needed whenever an invoice is asked for. */
    recipient: recipient.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.invoice.type !== 'none' && !b.recipient)
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'validation.required' });
  });
export type RenewOrderBody = z.input<typeof renewOrderBody>;

/** The `Idempotency-Key` header: the same key with the same body answers the same order. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_:.-]{8,100}$/, 'validation.format'),
});

/** Renewal order states (spec §4) and invoice states. */
export const ORDER_STATUSES = ['renewing', 'succeeded', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const INVOICE_STATUSES = ['none', 'toBeInvoiced', 'invoiced'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const orderCard = z.object({
  cardId: z.number().int(),
  iccid: z.string(),
  /** Expiry when the order was made (YYYY-MM-DD, null: never activated). */
  expiresBefore: yyyyMmDd.nullable(),
  /** Expiry the payment gave it; null until paid. */
  expiresAfter: yyyyMmDd.nullable(),
});

/** What staff record when the invoice has been issued and sent. */
export const invoicingBody = z.object({
  /** Day the invoice was drawn (YYYY-MM-DD). */
  invoicedOn: yyyyMmDd,
  drawer: text(40),
  deliveryCompany: text(60),
  deliveryNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'validation.format'),
});
export type InvoicingBody = z.infer<typeof invoicingBody>;

export const renewalOrder = z.object({
  orderNo: z.string(),
  /** The payment provider's trade number, once paid. */
  payOrderNo: z.string().nullable(),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  userCode: z.string(),
  years: z.number().int(),
  pricePerYearMinor: z.number().int(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  invoiceStatus: z.enum(INVOICE_STATUSES),
  invoice: invoiceRequest,
  recipient: recipient.nullable(),
  invoicing: invoicingBody.nullable(),
  cardCount: z.number().int(),
  cards: z.array(orderCard),
});
export type RenewalOrder = z.infer<typeof renewalOrder>;

export const orderNoParams = z.object({ orderNo: z.string().regex(/^R\d{8,30}$/, 'validation.format') });

/** `GET /bill/list`: the `bill` screen's filters. */
export const billListQuery = pageQuery.extend({
  orderNo: z.string().trim().max(40).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  invoiceStatus: z.enum(INVOICE_STATUSES).optional(),
  /** Orders made from this day on (YYYY-MM-DD). */
  createdFrom: yyyyMmDd.optional(),
  createdTo: yyyyMmDd.optional(),
});
export type BillListQuery = z.infer<typeof billListQuery>;
export const billExportQuery = billListQuery.extend({ langType });

/** What the console needs to pay an order: the provider and where its pay page is. */
export const paymentStart = z.object({ provider: z.string(), payUrl: z.string() });
export type PaymentStart = z.infer<typeof paymentStart>;
