/**
 * A plant's 5-minute slots added up per local day (and hour): each device's readings of a slot averaged, then the
 * inverters' averages added and the weather stations' averaged, as the plant's curve does (`plants/queries.ts`
 * `powerCurve`), so that a report's peak is the curve's highest point and its measured PR is set on the slots with
 * both power and irradiance.
 *
 * Read from the readings for a day's report (by hour), and kept per plant and local day in `plant_day_slots`
 * beside the energy rollups (`rollups.ts` writes both in one transaction, from the ingest's dirty days and the
 * history fill alike): a month or a year report reads a row per plant and day instead of every reading.
 */
import { sql } from 'drizzle-orm';
import { INVERTER_KINDS } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf, type Transaction } from '../../db/rowsOf.ts';
import { localDayStartMs, nextDay } from '../../time/localDay.ts';
import { readingsBetween } from './history.ts';

/** A plant's local day (and hour, for a day's report; else -1) from its 5-minute slots. */
export type SlotStatsRow = {
  plant_id: number;
  day: string;
  hour: number;
  /** Readings of its inverters. */
  readings: number;
  /** The highest slot power of its inverters together, as the plant's curve draws it [W]. */
  peak_w: number | null;
  /** Energy of the slots' power [kWh] (0 where read from the day rows: a day's energy is its rollup's). */
  energy_kwh: number;
  /** Energy and in-plane irradiation of the slots with both power and irradiance [kWh, kWh/m²]; null without. */
  sun_energy_kwh: number | null;
  sun_poa_kwh_m2: number | null;
  /** Slots with both the inverters' power and the stations' irradiance (what a measured PR is set on). */
  sun_slots: number;
};

/** An inverter or weather station whose readings count for a plant. */
export type SlotDevice = { id: number; plant_id: number; station: boolean };

type Db = Database | Transaction;

/**
 * The inverters and weather stations of the plants now, and those that belonged to one of them before (their
 * readings carry the plant).
 */
export async function slotDevices(db: Db, plantIds: readonly number[]): Promise<SlotDevice[]> {
  if (plantIds.length === 0) return [];
  const ids = sql.param([...plantIds]);
  const kinds = sql.param([...INVERTER_KINDS, 'weatherStation']);
  return rowsOf<SlotDevice>(
    db,
    sql`select d.id, d.plant_id, d.kind = 'weatherStation' as station from devices d
        where d.plant_id = any(${ids}::int[]) and d.kind = any(${kinds}::text[])
        union
        select d.id, m.plant_id, d.kind = 'weatherStation' from collector_devices m join devices d on d.id = m.device_id
        where m.plant_id = any(${ids}::int[]) and d.kind = any(${kinds}::text[])`,
  );
}

/**
 * The slots of plants `plantIds` from the readings of `devices` with `lo <= ts < hi`, added up per plant and local
 * day (and hour when `byHour`). The devices are named as constants: the readings are then read by their keys for
 * them alone, and the work grows with their readings, whoever asks (a filter on plant ids alone let the planner
 * loop over every reading once per plant). The first and last local days of the window may be partial: a caller
 * keeps the days the window wholly covers.
 */
export async function slotStatsBetween(
  db: Db,
  plantIds: readonly number[],
  devices: readonly SlotDevice[],
  lo: Date,
  hi: Date,
  byHour: boolean,
): Promise<SlotStatsRow[]> {
  const mine = new Set(plantIds);
  const read = devices.filter((d) => mine.has(d.plant_id));
  if (read.length === 0) return [];
  const hour = byHour ? sql`extract(hour from s.slot at time zone pl.time_zone)::int` : sql`-1`;
  const window = readingsBetween(
    sql`${lo.toISOString()}::timestamptz`,
    sql`${hi.toISOString()}::timestamptz`,
    ['ac_power_w', 'poa_wm2'],
  );
  return rowsOf<SlotStatsRow>(
    db,
    sql`with k as (
          select distinct * from unnest(${sql.param(read.map((d) => d.id))}::int[],
            ${sql.param(read.map((d) => d.station))}::boolean[]) as k(device_id, station)),
        per_device as (
          select t.device_id, t.plant_id, date_bin('5 minutes', t.ts, timestamptz '2000-01-01Z') as slot,
            count(*)::int as n, avg(t.ac_power_w) as p, avg(t.poa_wm2) as g
          from ${window} t
          where t.device_id = any(${sql.param(read.map((d) => d.id))}::int[])
            and t.plant_id = any(${sql.param([...mine])}::int[])
          group by 1, 2, 3),
        s as (
          select pd.plant_id, pd.slot, sum(pd.n) filter (where not k.station) as n,
            sum(pd.p) filter (where not k.station) as p, avg(pd.g) filter (where k.station) as g
          from per_device pd join k on k.device_id = pd.device_id
          group by 1, 2)
        select s.plant_id, (s.slot at time zone pl.time_zone)::date::text as day, ${hour} as hour,
          coalesce(sum(s.n), 0)::int as readings, max(s.p)::float8 as peak_w,
          coalesce(sum(s.p) / 12 / 1000, 0)::float8 as energy_kwh,
          (sum(s.p) filter (where s.g is not null) / 12 / 1000)::float8 as sun_energy_kwh,
          (sum(s.g) filter (where s.p is not null) / 12 / 1000)::float8 as sun_poa_kwh_m2,
          (count(*) filter (where s.p is not null and s.g is not null))::int as sun_slots
        from s join plants pl on pl.id = s.plant_id
        group by 1, 2, 3`,
  );
}

/** The kept day rows of plants `plantIds` over local days `from`..`to` (hour -1, energy 0: see SlotStatsRow). */
export function plantDaySlotRows(
  db: Db,
  plantIds: readonly number[],
  from: string,
  to: string,
): Promise<SlotStatsRow[]> {
  if (plantIds.length === 0) return Promise.resolve([]);
  return rowsOf<SlotStatsRow>(
    db,
    sql`select plant_id, day::text as day, -1 as hour, readings, peak_w, 0::float8 as energy_kwh, sun_energy_kwh,
          sun_poa_kwh_m2, sun_slots
        from plant_day_slots
        where plant_id = any(${sql.param([...plantIds])}::int[]) and day between ${from} and ${to}`,
  );
}

/**
 * Rewrites the day rows of the plants' local days from everything stored for them (called with the energy rollups
 * of the same days, in their transaction: a late reading, a re-sent batch or a fill resumed after a stop gives the
 * same rows as readings that came in order). A day without a slot loses its row. One query per local day, over
 * the plants dirty on it.
 */
export async function writePlantDaySlots(
  tx: Db,
  plantDays: readonly { plantId: number; day: string }[],
): Promise<void> {
  if (plantDays.length === 0) return;
  const keys = [...new Map(plantDays.map((x) => [`${x.plantId}|${x.day}`, x])).values()];
  const zones = new Map(
    (
      await rowsOf<{ id: number; time_zone: string }>(
        tx,
        sql`select id, time_zone from plants where id = any(${sql.param([...new Set(keys.map((k) => k.plantId))])}::int[])`,
      )
    ).map((r) => [r.id, r.time_zone]),
  );
  const devices = await slotDevices(tx, [...zones.keys()]);
  const byDay = new Map<string, number[]>();
  for (const k of keys) {
    if (!zones.has(k.plantId)) continue;
    const list = byDay.get(k.day) ?? [];
    list.push(k.plantId);
    byDay.set(k.day, list);
  }
  const rows: SlotStatsRow[] = [];
  for (const [day, plantIds] of byDay) {
    let loMs = Infinity;
    let hiMs = -Infinity;
    for (const id of plantIds) {
      const zone = zones.get(id)!;
      loMs = Math.min(loMs, localDayStartMs(zone, day));
      hiMs = Math.max(hiMs, localDayStartMs(zone, nextDay(day)));
    }
    const got = await slotStatsBetween(tx, plantIds, devices, new Date(loMs), new Date(hiMs), false);
    rows.push(...got.filter((r) => r.day === day));
  }
  await tx.execute(sql`delete from plant_day_slots s
    using unnest(${sql.param(keys.map((k) => k.plantId))}::int[], ${sql.param(keys.map((k) => k.day))}::date[])
      as k(plant_id, day)
    where s.plant_id = k.plant_id and s.day = k.day`);
  if (rows.length === 0) return;
  await tx.execute(sql`insert into plant_day_slots
      (plant_id, day, readings, peak_w, sun_energy_kwh, sun_poa_kwh_m2, sun_slots)
    select * from unnest(${sql.param(rows.map((r) => r.plant_id))}::int[], ${sql.param(rows.map((r) => r.day))}::date[],
      ${sql.param(rows.map((r) => r.readings))}::int[], ${sql.param(rows.map((r) => r.peak_w))}::float8[],
      ${sql.param(rows.map((r) => r.sun_energy_kwh))}::float8[], ${sql.param(rows.map((r) => r.sun_poa_kwh_m2))}::float8[],
      ${sql.param(rows.map((r) => r.sun_slots))}::int[])`);
}
