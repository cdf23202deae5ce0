import { sql, type SQL } from 'drizzle-orm';
import {
  co2FactorOf,
  INVERTER_KINDS,
  type EnergySeries,
  type PlantListQuery,
  type PlantRow,
  type PlantSummary,
  type PowerCurve,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { plantDevicesBetween } from '../devices/plantSpans.ts';
import { readingsBetween, type ReadingField } from '../telemetry/history.ts';
import { historyLoading } from '../telemetry/historyFill.ts';
import { localDay, localDayStartMs, nextDay } from '../../time/localDay.ts';
import { loadCo2Factors, loadCurrencyConversion } from '../system/consoleSettings.ts';
import { convertIncomes } from './convertIncome.ts';
import { plantScope, type Caller } from './plantScope.ts';

const inverterKinds = () => sql`${sql.param([...INVERTER_KINDS])}::text[]`;
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Per-plant figures from the devices' latest state and today's rollup. */
export const statsOf = (plantIds: SQL) => sql`
  select d.plant_id,
    count(*)::int as device_count,
    (count(*) filter (where d.online))::int as online_count,
    coalesce(bool_or(d.online and l.status = 3), false) as fault,
    coalesce(sum(l.ac_power_w) filter (where d.online and d.kind = any(${inverterKinds()})), 0)::float8 as power_w,
    coalesce(sum(l.energy_total_kwh) filter (where d.kind = any(${inverterKinds()})), 0)::float8 as energy_total_kwh
  from devices d left join device_latest l on l.device_id = d.id
  where d.plant_id in (${plantIds})
  group by d.plant_id`;

/** A plant's status from its figures `s` (statsOf). */
export const statusExpr = sql`case when coalesce(s.online_count, 0) = 0 then 'offline' when s.fault then 'fault'
  when s.online_count < s.device_count then 'partial' else 'online' end`;

/** The rollup `e` of the plant `pl`'s local day today. */
export const todayJoin = sql`left join plant_energy e on e.plant_id = pl.id and e.period = 'day'
  and e.period_start = (now() at time zone pl.time_zone)::date`;

// The live figures come from plant_live_figures `f`; a plant without a row there has none yet.
const SORTS: Record<PlantListQuery['sort'], string> = {
  name: 'pl.name',
  capacity: 'pl.capacity_w',
  power: 'coalesce(f.power_w, 0)',
  energyToday: 'coalesce(f.energy_today_kwh, 0)',
  energyTotal: 'coalesce(f.energy_total_kwh, 0)',
  buildDate: 'pl.build_date',
  createdAt: 'pl.created_at',
};
const LIVE_SORTS: readonly PlantListQuery['sort'][] = ['power', 'energyToday', 'energyTotal'];

interface PlantListRow {
  id: number;
  name: string;
  owner_user_code: string;
  owner_name: string;
  installer_user_code: string | null;
  address: string;
  time_zone: string;
  picture: string | null;
  price_minor_per_kwh: number;
  currency: string;
  capacity_w: number;
  latitude: number;
  longitude: number;
  type: PlantRow['type'];
  build_date: string;
  status: PlantRow['status'];
  power_w: number;
  energy_today_kwh: number;
  energy_total_kwh: number;
  device_count: number;
  online_count: number;
}

function toPlantRow(r: PlantListRow): PlantRow {
  const today = Number(r.energy_today_kwh);
  const total = Number(r.energy_total_kwh);
  const capacityKw = Number(r.capacity_w) / 1000;
  return {
    id: r.id,
    name: r.name,
    ownerUserCode: r.owner_user_code,
    ownerName: r.owner_name,
    installerUserCode: r.installer_user_code,
    address: r.address,
    timeZone: r.time_zone,
    picture: r.picture,
    priceMinorPerKwh: r.price_minor_per_kwh,
    currency: r.currency,
    capacityKw: round(capacityKw),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    type: r.type,
    buildDate: r.build_date,
    status: r.status,
    powerW: round(Number(r.power_w), 1),
    energyTodayKwh: round(today),
    energyTotalKwh: round(total),
    equivalentHours: capacityKw > 0 ? round(today / capacityKw, 2) : 0,
    incomeTodayMinor: Math.round(today * r.price_minor_per_kwh),
    incomeTotalMinor: Math.round(total * r.price_minor_per_kwh),
    deviceCount: r.device_count ?? 0,
    onlineDeviceCount: r.online_count ?? 0,
  };
}

/**
 * The plant list: the caller's plants filtered by name, owner, type and status, sorted, one page. The page's ids
 * are cut first from narrow rows, then only the page's plants get their details. In an order by a plant column
 * the page's figures are computed from its devices' latest state; a sort or a filter by a live figure reads every
 * plant's figures from plant_live_figures instead, which a job keeps a few seconds behind the readings
 * (liveFigures.ts), since computing them all on each call took 100 to 200 ms at 10 000 plants.
 */
export async function listPlants(
  db: Database,
  caller: Caller,
  q: PlantListQuery & { ids?: readonly number[] },
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: PlantRow[] }> {
  const live = q.status !== undefined || LIVE_SORTS.includes(q.sort);
  const where: SQL[] = [plantScope(caller)];
  if (q.ids) where.push(sql`pl.id = any(${sql.param([...q.ids])}::int[])`);
  if (q.name) where.push(sql`pl.name ilike ${`%${escapeLike(q.name)}%`}`);
  if (q.owner) {
    const owner = `%${escapeLike(q.owner)}%`;
    where.push(sql`(u.user_code ilike ${owner} or u.name ilike ${owner})`);
  }
  if (q.type) where.push(sql`pl.type = ${q.type}`);
  if (q.status) where.push(sql`coalesce(f.status, 'offline') = ${q.status}`);
  // Plant columns are never null: a plain order lets the index on (created_at, id) serve both directions.
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const order = sql.raw(`${SORTS[q.sort]} ${dir}, pl.id ${dir}`);
  // The owner is joined only to filter by it: every plant has one (not null, foreign key), and without the join
  // the page is read straight from the sort index and the count from the narrowest index. The live figures are
  // joined only to sort or filter by them.
  const narrow = sql`from plants pl
    ${q.owner ? sql`join users u on u.id = pl.owner_id` : sql``}
    ${live ? sql`left join plant_live_figures f on f.plant_id = pl.id` : sql``}
    where ${sql.join(where, sql` and `)}`;
  const base = sql`from plants pl join users u on u.id = pl.owner_id left join users i on i.id = pl.installer_id`;
  const columns = sql`pl.id, pl.name, u.user_code as owner_user_code, u.name as owner_name,
    i.user_code as installer_user_code, pl.address, pl.time_zone, pl.picture, pl.price_minor_per_kwh, pl.currency,
    pl.capacity_w, pl.latitude, pl.longitude, pl.type, to_char(pl.build_date, 'YYYY-MM-DD') as build_date,
    pl.created_at`;
  // The page shows the figures it was ordered and filtered by.
  const figures = live
    ? sql`coalesce(f.status, 'offline') as status, coalesce(f.power_w, 0) as power_w,
        coalesce(f.energy_today_kwh, 0) as energy_today_kwh, coalesce(f.energy_total_kwh, 0) as energy_total_kwh,
        coalesce(f.device_count, 0) as device_count, coalesce(f.online_count, 0) as online_count
        from pg pl left join plant_live_figures f on f.plant_id = pl.id`
    : sql`${statusExpr} as status, coalesce(s.power_w, 0) as power_w,
        coalesce(e.energy_kwh, 0) as energy_today_kwh, coalesce(s.energy_total_kwh, 0) as energy_total_kwh,
        coalesce(s.device_count, 0) as device_count, coalesce(s.online_count, 0) as online_count
        from pg pl left join (${statsOf(sql`select id from pg`)}) s on s.plant_id = pl.id ${todayJoin}`;
  // The total comes with the page (a scalar subquery the planner runs once), so that a page is one round trip;
  // only a page past the end, which has no row to carry it, counts on its own.
  const rows = await rowsOf<PlantListRow & { total: number }>(
    db,
    sql`with ids as (select pl.id ${narrow} order by ${order} limit ${page.limit} offset ${page.offset}),
        pg as (select ${columns} ${base} where pl.id in (select id from ids))
      select pl.*, (select count(*)::int ${narrow}) as total, ${figures}
      order by ${order}`,
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && page.offset > 0) {
    const [c] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${narrow}`);
    total = c?.n ?? 0;
  }
  return { total, rows: rows.map(toPlantRow) };
}

/** One plant the caller may see (id, zone, price, capacity), or undefined (answer 404). */
export async function findPlant(db: Database, caller: Caller, id: number) {
  const [row] = await rowsOf<{
    id: number;
    name: string;
    time_zone: string;
    price_minor_per_kwh: number;
    currency: string;
    capacity_w: number;
  }>(
    db,
    sql`select pl.id, pl.name, pl.time_zone, pl.price_minor_per_kwh, pl.currency, pl.capacity_w
        from plants pl where pl.id = ${id} and ${plantScope(caller)}`,
  );
  return row;
}
export type FoundPlant = NonNullable<Awaited<ReturnType<typeof findPlant>>>;

/** The plant summary: real-time power, energy today, this month, this year and in total, income, CO2 avoided. */
export async function plantSummary(db: Database, plant: FoundPlant): Promise<PlantSummary> {
  const today = localDay(plant.time_zone, Date.now());
  const energyOf = (period: string, start: string) =>
    sql`(select energy_kwh from plant_energy where plant_id = ${plant.id} and period = ${period}
      and period_start = ${start}::date)`;
  // One statement, not one per figure: under load each round trip is one more wait for a core.
  const [[s], conversion, co2] = await Promise.all([
    rowsOf<{
      device_count: number | null;
      online_count: number | null;
      fault: boolean | null;
      power_w: number | null;
      energy_total_kwh: number | null;
      day_kwh: number | null;
      month_kwh: number | null;
      year_kwh: number | null;
      last_ts: string | null;
    }>(
      db,
      sql`with s as (${statsOf(sql`${plant.id}`)})
      select s.device_count, s.online_count, s.fault, s.power_w, s.energy_total_kwh,
        ${energyOf('day', today)} as day_kwh,
        ${energyOf('month', `${today.slice(0, 7)}-01`)} as month_kwh,
        ${energyOf('year', `${today.slice(0, 4)}-01-01`)} as year_kwh,
        (select to_char(max(ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from device_latest
          where plant_id = ${plant.id}) as last_ts
      from (select 1) one left join s on true`,
    ),
    loadCurrencyConversion(db),
    loadCo2Factors(db),
  ]);
  const energy = { day: s?.day_kwh, month: s?.month_kwh, year: s?.year_kwh };
  const e = (p: keyof typeof energy) => Number(energy[p] ?? 0);
  const total = Number(s?.energy_total_kwh ?? 0);
  const income = {
    currency: plant.currency,
    plants: 1,
    energyTodayKwh: round(e('day')),
    energyTotalKwh: round(total),
    incomeTodayMinor: Math.round(e('day') * plant.price_minor_per_kwh),
    incomeTotalMinor: Math.round(total * plant.price_minor_per_kwh),
  };
  const capacityKw = Number(plant.capacity_w) / 1000;
  const online = s?.online_count ?? 0;
  return {
    plantId: plant.id,
    name: plant.name,
    timeZone: plant.time_zone,
    today,
    status:
      online === 0 ? 'offline' : s?.fault ? 'fault' : online < (s?.device_count ?? 0) ? 'partial' : 'online',
    powerW: round(Number(s?.power_w ?? 0), 1),
    capacityKw: round(capacityKw),
    energyTodayKwh: round(e('day')),
    energyMonthKwh: round(e('month')),
    energyYearKwh: round(e('year')),
    energyTotalKwh: round(total),
    currency: plant.currency,
    incomeTodayMinor: income.incomeTodayMinor,
    incomeTotalMinor: income.incomeTotalMinor,
    // Converted as the dashboard does, at the rates an administrator saved (read at each call).
    convertedIncome: convertIncomes([income], conversion),
    equivalentHours: capacityKw > 0 ? round(e('day') / capacityKw, 2) : 0,
    co2AvoidedKg: round(total * co2FactorOf(co2, plant.time_zone).kgPerKwh, 1),
    lastReadingAt: s?.last_ts ?? null,
  };
}

/**
 * A day's power curve of the plant's inverters in 5-minute slots of the local day, each reading counted for the
 * plant its device belonged to at the reading's time; a slot without any reading is null (a gap stays a gap: not
 * zero, not interpolated). Beside the power, the plane-of-array irradiance and module temperature its weather
 * stations measured in the slot (docs/device-protocol.md: the weather comes from weather stations only).
 */
export async function powerCurve(db: Database, plant: FoundPlant, date: string): Promise<PowerCurve> {
  // Day bounds as constants (not computed in SQL), so that the planner prunes the telemetry partitions.
  const start = new Date(localDayStartMs(plant.time_zone, date)).toISOString();
  const end = new Date(localDayStartMs(plant.time_zone, nextDay(date))).toISOString();
  // The plant's inverters and stations of the day, each for the part of it it belonged to the plant.
  const [inverters, stations] = await Promise.all([
    plantDevicesBetween(db, plant.id, INVERTER_KINDS, Date.parse(start), Date.parse(end)),
    plantDevicesBetween(db, plant.id, ['weatherStation'], Date.parse(start), Date.parse(end)),
  ]);
  const parts = [
    ...inverters.map((x) => ({ ...x, station: false })),
    ...stations.map((x) => ({ ...x, station: true })),
  ];
  const iso = (ms: number) => new Date(ms).toISOString();
  // Each kind of device read for its own fields: the inverters' power, the stations' irradiance and module
  // temperature. A compacted day decodes every field asked of it, and the others' are empty for each kind.
  const perKind = (station: boolean, fields: ReadingField[], averages: string) => {
    const ids = [...new Set(parts.filter((x) => x.station === station).map((x) => x.deviceId))];
    return sql`select t.device_id, ${sql.raw(String(station))} as station, date_bin('5 minutes', t.ts, ${start}::timestamptz) as slot,
        ${sql.raw(averages)}
      from ${readingsBetween(sql`${start}::timestamptz`, sql`${end}::timestamptz`, fields)} t
        join parts k on k.device_id = t.device_id and t.ts >= k.from_ts and t.ts < k.to_ts
      -- The devices as constants too: each table is then read by its key for them alone. A join alone let the
      -- planner scan a small compacted table whole and decode every device's day.
      where t.device_id = any(${sql.param(ids)}::int[])
      group by 1, 2, 3`;
  };
  const perDevice = [
    perKind(false, ['ac_power_w'], 'avg(t.ac_power_w) as p, null::float8 as g, null::float8 as tm'),
    ...(stations.length > 0
      ? [
          perKind(
            true,
            ['poa_wm2', 'temp_module_c'],
            'null::float8 as p, avg(t.poa_wm2) as g, avg(t.temp_module_c) as tm',
          ),
        ]
      : []),
  ];
  const rows = await rowsOf<{ slot: string; p: number | null; g: number | null; tm: number | null }>(
    db,
    sql`with slots as (
        select generate_series(${start}::timestamptz, ${end}::timestamptz - interval '5 minutes', interval '5 minutes') as slot),
      parts as (
        select * from unnest(${sql.param(parts.map((x) => x.deviceId))}::int[],
          ${sql.param(parts.map((x) => iso(x.fromMs)))}::timestamptz[],
          ${sql.param(parts.map((x) => iso(x.toMs)))}::timestamptz[]) as k(device_id, from_ts, to_ts)),
      per_device as (${sql.join(perDevice, sql` union all `)})
      select to_char(slots.slot at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as slot,
        (sum(pd.p) filter (where not pd.station))::float8 as p,
        (avg(pd.g) filter (where pd.station))::float8 as g, (avg(pd.tm) filter (where pd.station))::float8 as tm
      from slots left join per_device pd on pd.slot = slots.slot
      group by slots.slot order by slots.slot`,
  );
  const value = (v: number | null, digits: number) => (v === null ? null : round(Number(v), digits));
  return {
    date,
    timeZone: plant.time_zone,
    stepMinutes: 5,
    hasWeather: stations.length > 0,
    historyLoading: await historyLoading(db, plant.id, Date.parse(start)),
    points: rows.map((r) => ({
      ts: r.slot,
      powerW: value(r.p, 1),
      irradianceWm2: value(r.g, 1),
      moduleTempC: value(r.tm, 1),
    })),
  };
}

/** Energy per day of a month, per month of a year, or per year, from the plant's rollups. */
export async function energySeries(
  db: Database,
  plant: FoundPlant,
  period: 'month' | 'year' | 'total',
  date: string | undefined,
): Promise<EnergySeries> {
  const today = localDay(plant.time_zone, Date.now());
  const d = date ?? today;
  const [y, m] = [d.slice(0, 4), d.length >= 7 ? d.slice(5, 7) : today.slice(5, 7)];
  let labels: string[] = [];
  let rows: { start: string; energy_kwh: number }[];
  if (period === 'month') {
    const first = `${y}-${m}-01`;
    rows = await rowsOf(
      db,
      sql`select to_char(period_start, 'YYYY-MM-DD') as start, energy_kwh from plant_energy
          where plant_id = ${plant.id} and period = 'day' and period_start >= ${first}::date
            and period_start < (${first}::date + interval '1 month') order by period_start`,
    );
    const days = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
    labels = Array.from({ length: days }, (_, i) => `${y}-${m}-${String(i + 1).padStart(2, '0')}`).filter(
      (l) => l <= today,
    );
  } else if (period === 'year') {
    rows = await rowsOf(
      db,
      sql`select to_char(period_start, 'YYYY-MM') as start, energy_kwh from plant_energy
          where plant_id = ${plant.id} and period = 'month' and period_start >= ${`${y}-01-01`}::date
            and period_start < ${`${Number(y) + 1}-01-01`}::date order by period_start`,
    );
    labels = Array.from({ length: 12 }, (_, i) => `${y}-${String(i + 1).padStart(2, '0')}`).filter(
      (l) => l <= today.slice(0, 7),
    );
  } else {
    rows = await rowsOf(
      db,
      sql`select to_char(period_start, 'YYYY') as start, energy_kwh from plant_energy
          where plant_id = ${plant.id} and period = 'year' order by period_start`,
    );
    labels = rows.map((r) => r.start);
  }
  const byLabel = new Map(rows.map((r) => [r.start, Number(r.energy_kwh)]));
  const points = labels.map((label) => {
    const kwh = byLabel.get(label) ?? 0;
    return { label, energyKwh: round(kwh), incomeMinor: Math.round(kwh * plant.price_minor_per_kwh) };
  });
  return {
    period,
    currency: plant.currency,
    points,
    totalKwh: round(points.reduce((a, p) => a + p.energyKwh, 0)),
    // The range's first local day: a month's or a year's first, or the first year of all (from the beginning).
    historyLoading: await historyLoading(
      db,
      plant.id,
      period === 'total'
        ? 0
        : localDayStartMs(plant.time_zone, period === 'month' ? `${y}-${m}-01` : `${y}-01-01`),
    ),
  };
}
