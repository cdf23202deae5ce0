import { sql } from 'drizzle-orm';
import { co2AvoidedKg, INVERTER_KINDS, type CurrencyIncome, type FleetFigures } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { seesAll } from '../users/dataScope.ts';
import { localDay, localDayStartMs, nextDay } from '../../time/localDay.ts';
import { loadCo2Factors, loadCurrencyConversion } from '../system/consoleSettings.ts';
import { convertIncomes } from './convertIncome.ts';
import { fleetMap } from './fleetMap.ts';
import { plantScope, type Caller } from './plantScope.ts';
import { readingsBetween } from '../telemetry/history.ts';
import { plantsHistoryLoading } from '../telemetry/historyFill.ts';

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const inverterKinds = () => sql`${sql.param([...INVERTER_KINDS])}::text[]`;

/** How many plants the dashboard ranks. */
const TOP_PLANTS = 5;
/** Days of the dashboard's energy chart. */
const ENERGY_DAYS = 30;
/** How long computed fleet figures are shared by callers of the same scope [ms]. */
const FLEET_CACHE_MS = 15_000;
/** The fleet figures of one app, with the computations its callers share (the plants module makes one). */
export type FleetFiguresOf = (caller: Caller, timeZone: string) => Promise<FleetFigures>;

/**
 * Makes the function that gives the dashboard's fleet figures over the plants the caller may see
 * (docs/decisions/0007-fleet-day.md): counts, power, energy of each plant's own local day / month / year and in
 * total, income per currency (and converted at the administrator's rates), CO2 avoided, the fleet's power curve of the viewer's day in `timeZone` (5-minute
 * slots), the 30 days up to the viewer's today and the plants with the most energy today.
 */
export function fleetFigures(db: Database): FleetFiguresOf {
  // Every open dashboard polls these figures; over a large fleet they take a while, so callers with the same
  // scope and zone share one computation for FLEET_CACHE_MS (the figures follow readings reported every 5 minutes).
  const cache = new Map<string, { at: number; figures: Promise<Omit<FleetFigures, 'convertedIncome'>> }>();
  const shared = (caller: Caller, timeZone: string) => {
    const scope = seesAll(caller) ? 'all' : `${caller.roleId}:${caller.userId}:${caller.dealercode ?? ''}`;
    const key = `${scope}|${timeZone}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < FLEET_CACHE_MS) return hit.figures;
    // Entries of callers who stopped asking go when the next computation starts.
    for (const [k, v] of cache) if (now - v.at >= FLEET_CACHE_MS) cache.delete(k);
    const figures = computeFleetFigures(db, caller, timeZone);
    cache.set(key, { at: now, figures });
    // A failed computation is not kept.
    figures.catch(() => {
      if (cache.get(key)?.figures === figures) cache.delete(key);
    });
    return figures;
  };
  // The conversion is applied to every answer, so that rates an administrator saves show at once.
  return async (caller, timeZone) => {
    const [figures, conversion] = await Promise.all([shared(caller, timeZone), loadCurrencyConversion(db)]);
    return { ...figures, convertedIncome: convertIncomes(figures.incomes, conversion) };
  };
}

/**
 * Income per currency (issue 15): each plant's energy × its own price, added up only within one currency; the
 * currency with the most plants first (then by code, so that the order is stable).
 */
export function incomesByCurrency(
  plants: readonly { currency: string; price: number; today_kwh: number; total_kwh: number }[],
): CurrencyIncome[] {
  const by = new Map<
    string,
    { plants: number; today: number; total: number; incomeToday: number; incomeTotal: number }
  >();
  for (const p of plants) {
    let c = by.get(p.currency);
    if (!c) by.set(p.currency, (c = { plants: 0, today: 0, total: 0, incomeToday: 0, incomeTotal: 0 }));
    const [today, total, price] = [Number(p.today_kwh), Number(p.total_kwh), Number(p.price)];
    c.plants++;
    c.today += today;
    c.total += total;
    c.incomeToday += today * price;
    c.incomeTotal += total * price;
  }
  return [...by]
    .sort((a, b) => b[1].plants - a[1].plants || a[0].localeCompare(b[0]))
    .map(([currency, c]) => ({
      currency,
      plants: c.plants,
      energyTodayKwh: round(c.today),
      energyTotalKwh: round(c.total),
      incomeTodayMinor: Math.round(c.incomeToday),
      incomeTotalMinor: Math.round(c.incomeTotal),
    }));
}

/** One plant's live figures for the fleet totals: from its devices' latest state and its local day, month and year. */
export interface PlantFigureRow {
  id: number;
  name: string;
  time_zone: string;
  currency: string;
  price: number;
  capacity_w: number;
  alarm: number;
  power_w: number;
  total_kwh: number;
  today_kwh: number;
  month_kwh: number;
  year_kwh: number;
}

/**
 * Every plant of the caller's scope with its figures now (not cached): devices in fault, power of the reporting
 * inverters, energy in total and of the plant's own local day, month and year. The dashboard and the display
 * walls add them up.
 */
export function plantFigureRows(db: Database, caller: Caller): Promise<PlantFigureRow[]> {
  const scoped = sql`select pl.id, pl.name, pl.time_zone, pl.price_minor_per_kwh, pl.currency, pl.capacity_w
    from plants pl where ${plantScope(caller)}`;
  return rowsOf<PlantFigureRow>(
    db,
    sql`with p as (${scoped}),
      s as (select d.plant_id,
          (count(*) filter (where d.online and l.status = 3))::int as alarm,
          coalesce(sum(l.ac_power_w) filter (where d.online and d.kind = any(${inverterKinds()})), 0)::float8 as power_w,
          coalesce(sum(l.energy_total_kwh) filter (where d.kind = any(${inverterKinds()})), 0)::float8 as total_kwh
        from devices d left join device_latest l on l.device_id = d.id
        where d.plant_id in (select id from p) group by d.plant_id),
      e as (select e.plant_id,
          sum(e.energy_kwh) filter (where e.period = 'day' and e.period_start = (now() at time zone p.time_zone)::date) as today_kwh,
          sum(e.energy_kwh) filter (where e.period = 'month'
            and e.period_start = date_trunc('month', now() at time zone p.time_zone)::date) as month_kwh,
          sum(e.energy_kwh) filter (where e.period = 'year'
            and e.period_start = date_trunc('year', now() at time zone p.time_zone)::date) as year_kwh
        from plant_energy e join p on p.id = e.plant_id
        where (e.period = 'day' and e.period_start >= current_date - 1)
          or (e.period = 'month' and e.period_start >= date_trunc('month', now())::date - 1)
          or (e.period = 'year' and e.period_start >= date_trunc('year', now())::date - 1)
        group by e.plant_id)
      select p.id, p.name, p.time_zone, p.currency, p.price_minor_per_kwh as price, p.capacity_w,
        coalesce(s.alarm, 0) as alarm,
        coalesce(s.power_w, 0) as power_w, coalesce(s.total_kwh, 0) as total_kwh,
        coalesce(e.today_kwh, 0)::float8 as today_kwh, coalesce(e.month_kwh, 0)::float8 as month_kwh,
        coalesce(e.year_kwh, 0)::float8 as year_kwh
      from p left join s on s.plant_id = p.id left join e on e.plant_id = p.id`,
  );
}

async function computeFleetFigures(
  db: Database,
  caller: Caller,
  timeZone: string,
): Promise<Omit<FleetFigures, 'convertedIncome'>> {
  const nowMs = Date.now();
  const today = localDay(timeZone, nowMs);
  // The viewer's day as constants (not computed in SQL), so that the planner prunes the telemetry partitions.
  const dayStart = new Date(localDayStartMs(timeZone, today)).toISOString();
  const dayEnd = new Date(localDayStartMs(timeZone, nextDay(today))).toISOString();
  const now = new Date(nowMs).toISOString();
  const [perPlant, co2] = await Promise.all([plantFigureRows(db, caller), loadCo2Factors(db)]);
  const sum = (f: (p: (typeof perPlant)[number]) => number) => perPlant.reduce((a, p) => a + Number(f(p)), 0);

  const curve = await rowsOf<{ slot: string; p: number | null }>(
    db,
    sql`with slots as (select generate_series(${dayStart}::timestamptz,
          greatest(${dayStart}::timestamptz, ${now}::timestamptz - interval '5 minutes'), interval '5 minutes') as slot),
      per_device as (
        select t.device_id, date_bin('5 minutes', t.ts, ${dayStart}::timestamptz) as slot, avg(t.ac_power_w) as p
        from ${readingsBetween(sql`${dayStart}::timestamptz`, sql`${dayEnd}::timestamptz`, ['ac_power_w'])} t
        where t.plant_id in (select pl.id from plants pl where ${plantScope(caller)})
          and t.device_id in (select id from devices where kind = any(${inverterKinds()}))
        group by 1, 2)
      select to_char(slots.slot at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as slot, sum(pd.p)::float8 as p
      from slots left join per_device pd on pd.slot = slots.slot group by slots.slot order by slots.slot`,
  );
  // The days as a range on plant_energy (its (period, period_start) index over a whole fleet, its primary key for a
  // few plants): joined to the series day by day, PostgreSQL would read every day of every plant's history.
  const days = await rowsOf<{ label: string; kwh: number }>(
    db,
    sql`with e as (select e.period_start, sum(e.energy_kwh) as kwh from plant_energy e
        where e.period = 'day' and e.period_start between ${today}::date - ${ENERGY_DAYS - 1}::int and ${today}::date
          and e.plant_id in (select pl.id from plants pl where ${plantScope(caller)})
        group by e.period_start)
      select to_char(d, 'YYYY-MM-DD') as label, coalesce(e.kwh, 0)::float8 as kwh
      from generate_series(${today}::date - ${ENERGY_DAYS - 1}::int, ${today}::date, interval '1 day') d
      left join e on e.period_start = d::date
      order by d`,
  );
  // The device counts and the map are one snapshot of the plants' live figures, sent together: counted from the
  // devices table while the map (fetched later, by its own timer) read the live figures, the dashboard once said
  // "0 devices online" beside pins that were online.
  const map = await fleetMap(db, caller);
  const scopedIds = sql`select pl.id from plants pl where ${plantScope(caller)}`;
  const daysStart = localDayStartMs(timeZone, days[0]?.label ?? today);
  const historyLoading = {
    powerCurve: await plantsHistoryLoading(db, scopedIds, Date.parse(dayStart)),
    energyDays: await plantsHistoryLoading(db, scopedIds, daysStart),
  };
  const top = [...perPlant]
    .sort((a, b) => Number(b.today_kwh) - Number(a.today_kwh) || a.id - b.id)
    .slice(0, TOP_PLANTS);
  const total = sum((p) => p.total_kwh);
  return {
    timeZone,
    today,
    plants: perPlant.length,
    devicesOnline: map.plants.reduce((a, p) => a + p.devicesOnline, 0),
    devicesOffline: map.plants.reduce((a, p) => a + p.devices - p.devicesOnline, 0),
    devicesInAlarm: sum((p) => p.alarm),
    powerW: round(
      sum((p) => p.power_w),
      1,
    ),
    capacityKw: round(sum((p) => p.capacity_w) / 1000),
    energyTodayKwh: round(sum((p) => p.today_kwh)),
    energyMonthKwh: round(sum((p) => p.month_kwh)),
    energyYearKwh: round(sum((p) => p.year_kwh)),
    energyTotalKwh: round(total),
    incomes: incomesByCurrency(perPlant),
    co2AvoidedKg: round(
      co2AvoidedKg(
        co2,
        perPlant.map((p) => ({ timeZone: p.time_zone, energyKwh: Number(p.total_kwh) })),
      ),
      1,
    ),
    powerCurve: curve.map((r) => ({ ts: r.slot, powerW: r.p === null ? null : round(Number(r.p), 1) })),
    energyDays: days.map((d) => ({ label: d.label, energyKwh: round(Number(d.kwh)) })),
    topPlants: top.map((p) => ({
      id: p.id,
      name: p.name,
      energyTodayKwh: round(Number(p.today_kwh)),
      powerW: round(Number(p.power_w), 1),
    })),
    map,
    historyLoading,
  };
}
