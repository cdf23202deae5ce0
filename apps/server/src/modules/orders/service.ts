import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InvoicingBody, renewOrderBody } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { AppError, conflict, notFound } from '../../http/AppError.ts';
import type { Carrier } from '../cards/Carrier.ts';
import { cardsInScope } from '../cards/queries.ts';
import type { Caller } from '../plants/plantScope.ts';
import { loadCardRenewalPrice } from '../system/consoleSettings.ts';
import { findOrder, orderScope, type OrderWithProvider } from './queries.ts';
import { INVOICE_MOVES, ORDER_MOVES, initialInvoiceStatus, type OrderMove } from './orderStates.ts';
import { alipayAmount } from './payments/MockPaymentProvider.ts';
import { parseAlipayTime } from './payments/alipaySignature.ts';
import type { PaymentProvider } from './payments/PaymentProvider.ts';
import { paymentNotifications, renewalOrderCards, renewalOrders } from './tables.ts';

/** What the order services need: the database, the carrier that renews cards, the payment providers by name. */
export interface OrderDeps {
  db: Database;
  carrier: Carrier;
  payments: ReadonlyMap<string, PaymentProvider>;
}

/** A notification older than this is refused as stale (a replay), as WeChat Pay and Stripe do [ms]. */
export const NOTIFICATION_MAX_AGE_MS = 5 * 60_000;

type Parsed = ReturnType<typeof renewOrderBody.parse>;

/** A hash of what an order asks for, the card set in order, so that a replay with the same key is recognised. */
function requestHash(body: Parsed): string {
  const canonical = JSON.stringify({
    cardIds: [...new Set(body.cardIds)].sort((a, b) => a - b),
    years: body.years,
    invoice: body.invoice,
    recipient: body.recipient,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** An order number: R, the UTC date and time to the second, and 6 random digits. */
const newOrderNo = () =>
  `R${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(1_000_000)).padStart(6, '0')}`;

/**
 * Makes a renewal order of the caller's cards, priced now and frozen: the same idempotency key with the same
 * body answers the order it made before; with another body, 409. Cards outside the caller's scope answer 404;
 * cards that can no longer be renewed (cancelled, never activated) a field error.
 */
export async function createOrder(
  deps: OrderDeps,
  caller: Caller,
  idempotencyKey: string,
  body: Parsed,
  provider: string,
): Promise<OrderWithProvider> {
  const { db } = deps;
  const hash = requestHash(body);
  const earlier = await replay(db, caller.userId, idempotencyKey, hash);
  if (earlier) return earlier;
  const cardIds = [...new Set(body.cardIds)];
  const cards = await cardsInScope(db, caller, cardIds);
  if (cards.length !== cardIds.length) throw notFound();
  if (cards.some((c) => !c.renewable))
    throw new AppError(400, 'validationFailed', {
      fieldErrors: [{ field: 'cardIds', key: 'cards.notRenewable' }],
    });
  const price = await loadCardRenewalPrice(db);
  const orderNo = newOrderNo();
  const made = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(renewalOrders)
      .values({
        orderNo,
        userId: caller.userId,
        idempotencyKey,
        requestHash: hash,
        years: body.years,
        pricePerYearMinor: price.pricePerYearMinor,
        amountMinor: price.pricePerYearMinor * body.years * cards.length,
        currency: price.currency,
        invoiceStatus: initialInvoiceStatus(body.invoice.type),
        invoice: body.invoice,
        recipient: body.recipient,
        provider,
      })
      .onConflictDoNothing()
      .returning({ id: renewalOrders.id });
    // Another call with the same key won the race: answer its order (or refuse, if it asked for more).
    if (!order) return false;
    await tx
      .insert(renewalOrderCards)
      .values(
        cards.map((c) => ({ orderId: order.id, cardId: c.id, iccid: c.iccid, expiresBefore: c.expiresOn })),
      );
    return true;
  });
  if (!made) return (await replay(db, caller.userId, idempotencyKey, hash))!;
  return (await findOrder(db, null, orderNo))!;
}

async function replay(
  db: Database,
  userId: number,
  key: string,
  hash: string,
): Promise<OrderWithProvider | undefined> {
  const [row] = await rowsOf<{ order_no: string; request_hash: string }>(
    db,
    sql`select order_no, request_hash from renewal_orders where user_id = ${userId} and idempotency_key = ${key}`,
  );
  if (!row) return undefined;
  if (row.request_hash !== hash) throw conflict('orders.idempotencyReused');
  return findOrder(db, null, row.order_no);
}

/** Refuses an illegal move of an order the caller can see with 409 naming its state; an unseen order is a 404. */
async function refuseMove(db: Database, caller: Caller | null, orderNo: string): Promise<never> {
  const order = await findOrder(db, caller, orderNo);
  if (!order) throw notFound();
  throw new AppError(409, 'orders.illegalMove', { params: { from: order.status } });
}

/** Cancels or fails an order along ORDER_MOVES (a conditional UPDATE: two callers cannot both move it). */
export async function moveOrder(
  db: Database,
  caller: Caller | null,
  orderNo: string,
  move: Exclude<OrderMove, 'pay'>,
): Promise<void> {
  const { from, to } = ORDER_MOVES[move];
  const scope = caller ? orderScope(caller) : sql`true`;
  const moved = await rowsOf<{ id: number }>(
    db,
    sql`update renewal_orders o set status = ${to}, updated_at = now()
        where o.order_no = ${orderNo} and o.status = any(${sql.param([...from])}::text[]) and ${scope}
        returning o.id`,
  );
  if (moved.length === 0) await refuseMove(db, caller, orderNo);
}

/** Staff record the invoice drawn and sent: only for a paid order that asked for one (INVOICE_MOVES). */
export async function markInvoiced(db: Database, orderNo: string, invoicing: InvoicingBody): Promise<void> {
  const { from, to, orderIn } = INVOICE_MOVES.markInvoiced;
  const moved = await rowsOf<{ id: number }>(
    db,
    sql`update renewal_orders o set invoice_status = ${to}, invoicing = ${JSON.stringify(invoicing)}::jsonb,
          updated_at = now()
        where o.order_no = ${orderNo} and o.invoice_status = any(${sql.param([...from])}::text[])
          and o.status = any(${sql.param([...orderIn])}::text[])
        returning o.id`,
  );
  if (moved.length > 0) return;
  const order = await findOrder(db, null, orderNo);
  if (!order) throw notFound();
  throw new AppError(409, 'orders.illegalMove', {
    params: { from: order.invoiceStatus === 'toBeInvoiced' ? order.status : order.invoiceStatus },
  });
}

/**
 * Applies a payment, exactly once: the order moves to succeeded (from renewing, or from cancelled or failed when
 * the money came after it ended: ORDER_MOVES.pay) in one conditional UPDATE, and only the
 * call that moved it moves each card's expiry by the order's period, from its current expiry, or from today when
 * it has already passed. Then the carrier renews the cards to those days. Returns whether this call applied it.
 */
export async function applyPayment(
  deps: OrderDeps,
  orderNo: string,
  trade: { tradeNo: string; paidAt: Date },
): Promise<boolean> {
  const { from, to } = ORDER_MOVES.pay;
  const renewed = await deps.db.transaction(async (tx) => {
    const [order] = await rowsOf<{ id: number; years: number }>(
      tx,
      sql`update renewal_orders set status = ${to}, pay_order_no = ${trade.tradeNo},
            paid_at = ${trade.paidAt.toISOString()}::timestamptz, updated_at = now()
          where order_no = ${orderNo} and status = any(${sql.param([...from])}::text[])
          returning id, years`,
    );
    if (!order) return null;
    return rowsOf<{ iccid: string; expires_on: string }>(
      tx,
      sql`with moved as (
            update sim_cards sc set expires_on = (
                case when sc.expires_on is null or sc.expires_on < current_date then current_date
                  else sc.expires_on end + make_interval(years => ${order.years}))::date,
              updated_at = now()
            from renewal_order_cards oc
            where oc.order_id = ${order.id} and sc.id = oc.card_id
            returning sc.id, sc.iccid, sc.expires_on
          )
          update renewal_order_cards oc set expires_after = moved.expires_on
          from moved where oc.order_id = ${order.id} and oc.card_id = moved.id
          returning moved.iccid, moved.expires_on::text as expires_on`,
    );
  });
  if (!renewed) return false;
  await deps.carrier.renew(renewed.map((r) => ({ iccid: r.iccid, expiresOn: r.expires_on })));
  return true;
}

export type NotificationOutcome = (typeof paymentNotifications.$inferInsert)['outcome'];

/**
 * Notifications refused for their signature since the process started, by provider: counted (GET /metrics) and
 * logged, never stored, so that junk posted at the open address costs no disk.
 */
export const badSignatureNotifications = new Map<string, number>();

/**
 * A payment notification from `provider`, as posted to `/pay/notify/<provider>`: its signature is verified and its
 * age checked before anything else is read; a verified success for a known order with the right amount applies
 * the payment (once, however often and in whatever order it is delivered). Every notification the provider signed
 * is logged with what became of it; a badly signed one (anybody can post to the address) is only counted in
 * `badSignatureNotifications`, its body kept nowhere. Returns the outcome: `applied`, `duplicate` and `ignored` are
 * answered `success` (the provider stops re-sending), the others are refused.
 */
export async function receiveNotification(
  deps: OrderDeps,
  provider: PaymentProvider,
  params: Readonly<Record<string, string>>,
  now: Date = new Date(),
): Promise<NotificationOutcome> {
  const outcome = await judge(deps, provider, params, now);
  if (outcome === 'badSignature') {
    badSignatureNotifications.set(provider.name, (badSignatureNotifications.get(provider.name) ?? 0) + 1);
    return outcome;
  }
  await deps.db.insert(paymentNotifications).values({
    provider: provider.name,
    orderNo: params.out_trade_no?.slice(0, 64) ?? null,
    notifyId: params.notify_id?.slice(0, 64) ?? null,
    outcome,
    params: { ...params },
  });
  return outcome;
}

async function judge(
  deps: OrderDeps,
  provider: PaymentProvider,
  params: Readonly<Record<string, string>>,
  now: Date,
): Promise<NotificationOutcome> {
  if (!provider.verify(params)) return 'badSignature';
  const sentAt = parseAlipayTime(params.notify_time);
  if (!sentAt || now.getTime() - sentAt.getTime() > NOTIFICATION_MAX_AGE_MS) return 'stale';
  if (params.app_id !== provider.appId) return 'mismatch';
  const order = await findOrder(deps.db, null, params.out_trade_no ?? '');
  if (!order || order.provider !== provider.name) return 'unknownOrder';
  if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return 'ignored';
  if (params.total_amount !== alipayAmount(order.amountMinor) || !params.trade_no) return 'mismatch';
  const paidAt = parseAlipayTime(params.gmt_payment) ?? sentAt;
  return (await applyPayment(deps, order.orderNo, { tradeNo: params.trade_no, paidAt }))
    ? 'applied'
    : 'duplicate';
}

/**
 * Asks `provider` about an order and applies the trade it took for the order's amount, as its notification would
 * have been (once: `duplicate` when already applied). The reconciliation job and the console's return from the
 * provider's pay page both settle this way, never from what the payer's browser says.
 */
export async function settleWithProvider(
  deps: OrderDeps,
  provider: PaymentProvider,
  orderNo: string,
  amountMinor: number,
): Promise<'applied' | 'duplicate' | 'noTrade' | 'mismatch'> {
  const trade = await provider.query(orderNo);
  if (!trade) return 'noTrade';
  if (trade.totalAmount !== alipayAmount(amountMinor)) return 'mismatch';
  return (await applyPayment(deps, orderNo, trade)) ? 'applied' : 'duplicate';
}

/** Orders unpaid this long are asked about at the provider [ms]. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** Orders unpaid this long without a trade at the provider fail [ms]. */
export const FAIL_AFTER_MS = 24 * 3_600_000;

/**
 * The reconciliation job: asks the provider about every order still renewing 15 minutes after it was made; a
 * trade found is applied as its notification would have been, and an order without one a day later fails.
 * Returns how many orders it paid and failed.
 */
export async function reconcileOrders(
  deps: OrderDeps,
  now: Date = new Date(),
): Promise<{ paid: number; failed: number }> {
  const waiting = await rowsOf<{ order_no: string; provider: string; amount_minor: number; age_ms: number }>(
    deps.db,
    sql`select order_no, provider, amount_minor,
          (extract(epoch from (${now.toISOString()}::timestamptz - created_at)) * 1000)::float8 as age_ms
        from renewal_orders where status = 'renewing'
          and created_at <= ${new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString()}::timestamptz
        order by created_at limit 500`,
  );
  let paid = 0;
  let failed = 0;
  for (const o of waiting) {
    const provider = deps.payments.get(o.provider);
    if (!provider) continue;
    const settled = await settleWithProvider(deps, provider, o.order_no, o.amount_minor);
    if (settled === 'applied') paid += 1;
    else if (settled === 'noTrade' && o.age_ms > FAIL_AFTER_MS) {
      await moveOrder(deps.db, null, o.order_no, 'fail').catch(() => undefined);
      failed += 1;
    }
  }
  return { paid, failed };
}
