import { sql } from 'drizzle-orm';
import { CARD_CANCEL_AFTER_DAYS, countryOfTimeZone, luhnDigit, type CardOperator } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { CardRenewal, Carrier } from './Carrier.ts';

/** Traffic of one telemetry batch over the cellular link, headers and TLS included [MB]. */
const MB_PER_BATCH = 6 / 1024;
/** A year's data plan of the simulated cards [MB]. */
const PLAN_MB = 1024;
/** The test period's allowance [MB] (Chinese carriers give about 6 MB). */
const TEST_MB = 6;
/** Days of usage history a new simulated card starts with (the carriers keep 6 months). */
const HISTORY_DAYS = 183;

/**
 * The ICCID of the simulated card of collector `id`, 20 digits with Luhn: in China China Mobile's 8986 prefix,
 * elsewhere 89 882, the code of international networks that global IoT cards carry.
 */
export function simulatedIccid(collectorId: number, inChina = true): string {
  const body = `${inChina ? '898604' : '898828'}${String(collectorId).padStart(13, '0')}`;
  return body + luhnDigit(body);
}

/**
 * The carrier of a simulated card: one of the three Chinese carriers for a collector in China, a global IoT
 * carrier elsewhere (a Chinese card does not serve a logger in Brazil or Germany); its number's prefix with it.
 */
function simulatedOperator(
  collectorId: number,
  timeZone: string | null,
): { operator: CardOperator; msisdn: string } {
  const digits = String(collectorId).padStart(9, '0');
  if (timeZone === null || countryOfTimeZone(timeZone) === 'CN')
    return { operator: CHINESE[collectorId % 3]!, msisdn: `1440${digits}` };
  return { operator: collectorId % 2 === 0 ? 'oneNce' : 'emnify', msisdn: `88228${digits}` };
}
const CHINESE = ['chinaMobile', 'chinaUnicom', 'chinaTelecom'] as const;

/**
 * The carrier of the demo fleet (the working local implementation of `Carrier`): it gives every collector a card
 * with a mix of states that a real fleet has (some near expiry, some stopped, one cancelled), grows each card's
 * traffic with its collector's telemetry, stops cards whose plan expired and cancels those stopped for
 * `CARD_CANCEL_AFTER_DAYS` days, as Chinese carriers do.
 */
export class SimulatedCarrier implements Carrier {
  readonly name = 'simulated';
  private pending = new Map<number, number>();

  constructor(private readonly db: Database) {}

  trafficSeen(collectorIds: readonly number[]): void {
    for (const id of collectorIds) this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
  }

  /** Gives each collector without a card one, with six months of usage history; returns how many it gave. */
  async provision(): Promise<number> {
    const cardless = await rowsOf<{ id: number; time_zone: string | null }>(
      this.db,
      sql`select c.id, pl.time_zone from collectors c left join plants pl on pl.id = c.plant_id
        where not exists (select 1 from sim_cards sc where sc.collector_id = c.id)`,
    );
    if (cardless.length === 0) return 0;
    const collectorIds = cardless.map((c) => c.id);
    const carriers = cardless.map((c) => simulatedOperator(c.id, c.time_zone));
    const iccids = cardless.map((c, i) => simulatedIccid(c.id, carriers[i]!.operator.startsWith('china')));
    // The state of a new card follows its collector's id, so that every fleet has each kind: 1 in 20 never
    // activated, testing, stopped for expiry or cancelled; 2 in 20 expiring within a month; the rest running.
    const added = await rowsOf<{ id: number }>(
      this.db,
      sql`insert into sim_cards (iccid, msisdn, operator, status, carrier_state, shutdown_reason,
            renewable_until, activated_at, expires_on, used_mb, total_mb, collector_id)
          select f.iccid, f.msisdn, f.operator, f.status, f.carrier_state, f.shutdown_reason,
            case when f.status = 'shutDown' then f.expires_on + ${CARD_CANCEL_AFTER_DAYS}::int end,
            case when f.status <> 'toBeActivated' then now() - interval '200 days' end,
            f.expires_on, f.used_mb, f.total_mb, f.collector_id
          from (
            select k.collector_id, k.iccid, k.msisdn, k.operator,
              case k.kind when 0 then 'toBeActivated' when 1 then 'testing' when 2 then 'shutDown'
                when 3 then 'shutDown' else 'normal' end as status,
              case k.kind when 0 then 'inventory' when 1 then 'testing' when 2 then 'stopped'
                when 3 then 'cancelled' else 'active' end as carrier_state,
              case k.kind when 2 then 'expired' when 3 then 'cancelled' end as shutdown_reason,
              case k.kind when 0 then null when 1 then current_date + 60 when 2 then current_date - 20
                when 3 then current_date - 120 when 4 then current_date + 5 when 5 then current_date + 25
                else current_date + 40 + (k.collector_id * 37) % 660 end as expires_on,
              case k.kind when 0 then 0 when 1 then ${TEST_MB} * 0.4
                else ${PLAN_MB} * ((k.collector_id * 13) % 100) / 100.0 end as used_mb,
              case k.kind when 0 then 0 when 1 then ${TEST_MB} else ${PLAN_MB} end as total_mb
            from unnest(${sql.param(collectorIds)}::int[], ${sql.param(iccids)}::text[],
                ${sql.param(carriers.map((c) => c.msisdn))}::text[], ${sql.param(carriers.map((c) => c.operator))}::text[])
              as i(collector_id, iccid, msisdn, operator),
              lateral (select i.collector_id, i.iccid, i.msisdn, i.operator, i.collector_id % 20 as kind) k
          ) f
          on conflict do nothing
          returning id`,
    );
    const ids = added.map((a) => a.id);
    await this.db.execute(
      sql`update collectors c set iccid = sc.iccid from sim_cards sc
          where sc.collector_id = c.id and sc.id = any(${sql.param(ids)}::int[])`,
    );
    // A few MB a day, varying by card and day, for the cards that were in service.
    await this.db.execute(
      sql`insert into card_daily_usage (card_id, day, used_mb)
          select sc.id, d::date, 1.5 + ((sc.id * 7 + extract(doy from d)::int) % 30) / 10.0
          from sim_cards sc,
            generate_series(current_date - ${HISTORY_DAYS - 1}::int, current_date, interval '1 day') d
          where sc.id = any(${sql.param(ids)}::int[]) and sc.status <> 'toBeActivated'
            and (sc.expires_on is null or d::date <= sc.expires_on)
          on conflict do nothing`,
    );
    return ids.length;
  }

  /** Adds the traffic counted since the last call to each card and to its day. */
  async flushTraffic(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const ids = [...batch.keys()];
    const mb = ids.map((id) => batch.get(id)! * MB_PER_BATCH);
    await this.db.execute(
      sql`with t as (select * from unnest(${sql.param(ids)}::int[], ${sql.param(mb)}::float8[]) as t(collector_id, mb)),
          cards as (
            update sim_cards sc set used_mb = sc.used_mb + t.mb, updated_at = now()
            from t where sc.collector_id = t.collector_id and sc.status in ('normal', 'testing')
            returning sc.id, t.mb
          )
          insert into card_daily_usage (card_id, day, used_mb) select id, current_date, mb from cards
          on conflict (card_id, day) do update set used_mb = card_daily_usage.used_mb + excluded.used_mb`,
    );
  }

  /**
   * The carrier's day: traffic counted, cards whose allowance is used up stopped (the data stops a little late, so
   * `used_mb` may pass the plan), expired plans stopped, cards stopped too long cancelled.
   */
  async sync(today: string): Promise<void> {
    await this.flushTraffic();
    await this.db.execute(
      sql`update sim_cards set status = 'shutDown', carrier_state = 'stopped', shutdown_reason = 'quota',
            updated_at = now()
          where status in ('normal', 'testing') and total_mb > 0 and used_mb >= total_mb`,
    );
    await this.db.execute(
      sql`update sim_cards set status = 'shutDown', carrier_state = 'stopped', shutdown_reason = 'expired',
            renewable_until = expires_on + ${CARD_CANCEL_AFTER_DAYS}::int, updated_at = now()
          where status in ('normal', 'testing') and expires_on < ${today}::date`,
    );
    await this.db.execute(
      sql`update sim_cards set carrier_state = 'cancelled', shutdown_reason = 'cancelled', updated_at = now()
          where status = 'shutDown' and shutdown_reason is distinct from 'cancelled'
            and renewable_until < ${today}::date`,
    );
  }

  /** Restarts each card on its new plan: running again until its new expiry, with a fresh year's allowance. */
  async renew(cards: readonly CardRenewal[]): Promise<void> {
    if (cards.length === 0) return;
    await this.db.execute(
      sql`update sim_cards sc set status = 'normal', carrier_state = 'active', shutdown_reason = null,
            renewable_until = null, activated_at = coalesce(sc.activated_at, now()), expires_on = r.expires_on,
            used_mb = greatest(sc.used_mb - sc.total_mb, 0), total_mb = ${PLAN_MB}, updated_at = now()
          from unnest(${sql.param(cards.map((c) => c.iccid))}::text[],
            ${sql.param(cards.map((c) => c.expiresOn))}::date[]) as r(iccid, expires_on)
          where sc.iccid = r.iccid and sc.shutdown_reason is distinct from 'cancelled'`,
    );
  }
}
