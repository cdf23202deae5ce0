import { sql, type SQL } from 'drizzle-orm';
import type { BillListQuery, RenewalOrder } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf, type Transaction } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import type { Caller } from '../plants/plantScope.ts';
import { visibleUserIds } from '../users/dataScope.ts';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Orders of the users in the caller's scope, as a condition on the order alias `o` (staff: every order). */
export function orderScope(caller: Caller): SQL {
  const ids = visibleUserIds(caller);
  return ids ? sql`o.user_id in ${ids}` : sql`true`;
}

interface OrderSqlRow {
  id: number;
  order_no: string;
  pay_order_no: string | null;
  created_at: string;
  paid_at: string | null;
  user_code: string;
  years: number;
  price_per_year_minor: number;
  amount_minor: number;
  currency: string;
  status: RenewalOrder['status'];
  invoice_status: RenewalOrder['invoiceStatus'];
  invoice: RenewalOrder['invoice'];
  recipient: RenewalOrder['recipient'];
  invoicing: RenewalOrder['invoicing'];
  provider: string;
  cards: RenewalOrder['cards'];
}

/** An order with its provider (the console's pay step shows the mock cashier for `mock`). */
export type OrderWithProvider = RenewalOrder & { id: number; provider: string };

const SELECT = sql`select o.id, o.order_no, o.pay_order_no, ${iso('o.created_at')} as created_at,
    ${iso('o.paid_at')} as paid_at, u.user_code, o.years, o.price_per_year_minor, o.amount_minor, o.currency,
    o.status, o.invoice_status, o.invoice, o.recipient, o.invoicing, o.provider,
    (select coalesce(json_agg(json_build_object('cardId', oc.card_id, 'iccid', oc.iccid,
        'expiresBefore', oc.expires_before, 'expiresAfter', oc.expires_after) order by oc.iccid), '[]')
      from renewal_order_cards oc where oc.order_id = o.id) as cards
  from renewal_orders o join users u on u.id = o.user_id`;

const toOrder = (r: OrderSqlRow): OrderWithProvider => ({
  id: r.id,
  orderNo: r.order_no,
  payOrderNo: r.pay_order_no,
  createdAt: r.created_at,
  paidAt: r.paid_at,
  userCode: r.user_code,
  years: r.years,
  pricePerYearMinor: r.price_per_year_minor,
  amountMinor: r.amount_minor,
  currency: r.currency,
  status: r.status,
  invoiceStatus: r.invoice_status,
  invoice: r.invoice,
  recipient: r.recipient,
  invoicing: r.invoicing,
  provider: r.provider,
  cardCount: r.cards.length,
  cards: r.cards,
});

/** One order by number in the caller's scope (undefined: none, or another tenant's). */
export async function findOrder(
  db: Database | Transaction,
  caller: Caller | null,
  orderNo: string,
): Promise<OrderWithProvider | undefined> {
  const scope = caller ? orderScope(caller) : sql`true`;
  const [row] = await rowsOf<OrderSqlRow>(db, sql`${SELECT} where o.order_no = ${orderNo} and ${scope}`);
  return row && toOrder(row);
}

/** `bill`: the caller's orders, filtered, newest first. */
export async function listOrders(
  db: Database,
  caller: Caller,
  q: Omit<BillListQuery, 'pageSize'>,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: OrderWithProvider[] }> {
  const where: SQL[] = [orderScope(caller)];
  if (q.orderNo) where.push(sql`o.order_no like ${`${escapeLike(q.orderNo)}%`}`);
  if (q.status) where.push(sql`o.status = ${q.status}`);
  if (q.invoiceStatus) where.push(sql`o.invoice_status = ${q.invoiceStatus}`);
  if (q.createdFrom) where.push(sql`o.created_at >= ${q.createdFrom}::date`);
  if (q.createdTo) where.push(sql`o.created_at < ${q.createdTo}::date + 1`);
  const cond = sql.join(where, sql` and `);
  const rows = await rowsOf<OrderSqlRow>(
    db,
    sql`${SELECT} where ${cond} order by o.created_at desc, o.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from renewal_orders o where ${cond}`,
  );
  return { total: count?.n ?? 0, rows: rows.map(toOrder) };
}
