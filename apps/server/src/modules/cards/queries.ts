import { sql, type SQL } from 'drizzle-orm';
import type { CardAddBody, CardListQuery, CardRow, CardUsageDay } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf, type Transaction } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Whether a card may go into a renewal order now, as SQL over the card alias `sc`: a running or testing card, or a
 * stopped one the carrier has not cancelled and whose renewal window is still open. Cards never activated wait for
 * their carrier to activate them.
 */
export const RENEWABLE = sql.raw(`(sc.status in ('normal', 'testing') or (sc.status = 'shutDown'
  and sc.shutdown_reason is distinct from 'cancelled'
  and (sc.renewable_until is null or sc.renewable_until >= current_date)))`);

/** The cards joined to their collector and plant, in the caller's scope (a card in no plant: staff only). */
const FROM = sql`from sim_cards sc left join collectors c on c.id = sc.collector_id
  left join plants pl on pl.id = c.plant_id`;

interface CardSqlRow {
  id: number;
  iccid: string;
  msisdn: string;
  operator: CardRow['operator'];
  status: CardRow['status'];
  carrier_state: string;
  shutdown_reason: CardRow['shutdownReason'];
  renewable_until: string | null;
  renewable: boolean;
  activated_at: string | null;
  expires_on: string | null;
  used_mb: number;
  total_mb: number;
  collector_serial: string | null;
  plant_id: number | null;
  plant_name: string | null;
  renewed_at: string | null;
}

const COLUMNS = sql`sc.id, sc.iccid, sc.msisdn, sc.operator, sc.status, sc.carrier_state, sc.shutdown_reason,
  sc.renewable_until::text as renewable_until, ${RENEWABLE} as renewable,
  ${iso('sc.activated_at')} as activated_at, sc.expires_on::text as expires_on, sc.used_mb, sc.total_mb,
  c.serial as collector_serial, pl.id as plant_id, pl.name as plant_name,
  (select ${iso('max(o.paid_at)')} from renewal_order_cards oc join renewal_orders o on o.id = oc.order_id
    where oc.card_id = sc.id) as renewed_at`;

const toRow = (r: CardSqlRow): CardRow => ({
  id: r.id,
  iccid: r.iccid,
  msisdn: r.msisdn,
  operator: r.operator,
  status: r.status,
  carrierState: r.carrier_state,
  shutdownReason: r.shutdown_reason,
  renewableUntil: r.renewable_until,
  renewable: r.renewable,
  activatedAt: r.activated_at,
  expiresOn: r.expires_on,
  usedMb: round1(r.used_mb),
  remainingMb: round1(Math.max(0, r.total_mb - r.used_mb)),
  totalMb: round1(r.total_mb),
  collectorSerial: r.collector_serial,
  plantId: r.plant_id,
  plantName: r.plant_name,
  renewedAt: r.renewed_at,
});

const round1 = (mb: number) => Math.round(mb * 10) / 10;

function filters(caller: Caller, q: Omit<CardListQuery, 'pageSize'>): SQL {
  const where: SQL[] = [plantScope(caller)];
  if (q.status) where.push(sql`sc.status = ${q.status}`);
  if (q.operator) where.push(sql`sc.operator = ${q.operator}`);
  if (q.expiresFrom) where.push(sql`sc.expires_on >= ${q.expiresFrom}::date`);
  if (q.expiresTo) where.push(sql`sc.expires_on <= ${q.expiresTo}::date`);
  // A prefix of digits only (the contract), so `like` needs no escaping and uses the text_pattern_ops index.
  if (q.iccid) where.push(sql`sc.iccid like ${`${q.iccid}%`}`);
  if (q.plantName) where.push(sql`pl.name ilike ${`%${escapeLike(q.plantName)}%`}`);
  if (q.dealercode)
    where.push(
      sql`exists (select 1 from users u where u.id = pl.installer_id and u.dealercode = ${q.dealercode})`,
    );
  return sql.join(where, sql` and `);
}

/** `card`: the caller's cards, filtered, soonest expiry first (cards never activated last). */
export async function listCards(
  db: Database,
  caller: Caller,
  q: Omit<CardListQuery, 'pageSize'>,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: CardRow[] }> {
  const where = filters(caller, q);
  const rows = await rowsOf<CardSqlRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${where}
        order by sc.expires_on nulls last, sc.id limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`);
  return { total: count?.n ?? 0, rows: rows.map(toRow) };
}

/** The caller's cards among `ids` (those outside the scope are left out, never reported). */
export async function cardsInScope(
  db: Database | Transaction,
  caller: Caller,
  ids: readonly number[],
): Promise<CardRow[]> {
  const rows = await rowsOf<CardSqlRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${plantScope(caller)} and sc.id = any(${sql.param([...ids])}::int[])
        order by sc.id`,
  );
  return rows.map(toRow);
}

/** One card's daily traffic of the last `days` days, oldest first; days without traffic are left out. */
export async function cardUsage(db: Database, cardId: number, days: number): Promise<CardUsageDay[]> {
  const rows = await rowsOf<{ day: string; used_mb: number }>(
    db,
    sql`select day::text as day, used_mb from card_daily_usage
        where card_id = ${cardId} and day > current_date - ${days}::int order by day`,
  );
  return rows.map((r) => ({ day: r.day, usedMb: round1(r.used_mb) }));
}

/**
 * Puts a card in stock (to be activated), or into a collector that has none: `taken` when the ICCID is known or
 * the collector already holds a card, `noCollector` when no collector has that serial.
 */
export async function addCard(db: Database, card: CardAddBody): Promise<'added' | 'taken' | 'noCollector'> {
  let collectorId: number | null = null;
  if (card.collectorSerial) {
    const [c] = await rowsOf<{ id: number }>(
      db,
      sql`select id from collectors where serial = ${card.collectorSerial}`,
    );
    if (!c) return 'noCollector';
    collectorId = c.id;
  }
  const added = await rowsOf<{ id: number }>(
    db,
    sql`insert into sim_cards (iccid, msisdn, operator, status, carrier_state, collector_id)
        values (${card.iccid}, ${card.msisdn}, ${card.operator}, 'toBeActivated', 'inventory', ${collectorId})
        on conflict do nothing returning id`,
  );
  if (added.length === 0) return 'taken';
  if (collectorId !== null)
    await db.execute(sql`update collectors set iccid = ${card.iccid} where id = ${collectorId}`);
  return 'added';
}
