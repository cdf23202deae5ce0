import { sql, type SQL } from 'drizzle-orm';
import { INVERTER_KINDS } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf, type Transaction } from '../../db/rowsOf.ts';
import { intervalEnergies, type CounterSample } from './guardedEnergy.ts';
import { readingsBefore, readingsBetween } from './history.ts';
import { writePlantDaySlots } from './plantDaySlots.ts';
import { plantSpans, spanAt, type PlantSpan } from '../devices/plantSpans.ts';
import { localDay, localDayStartMs, monthOf, nextDay, yearOf } from '../../time/localDay.ts';

/** Counter samples before a range that set the baseline of its first interval (jitter may hold an older one). */
const WARM_UP_SAMPLES = 6;
/** Devices whose readings are read in one query. */
const DEVICES_PER_QUERY = 25;

export interface DirtyDay {
  deviceId: number;
  plantId: number;
  day: string;
}

/**
 * Recomputes the energy rollups of the days marked dirty by the ingest (at most `limit` device days per call),
 * from the stored readings of each day and the few before it (ARCHITECTURE §6). Since a day is always computed
 * from everything stored for it, late and out-of-order readings give the same result as ordered ones. Returns
 * the number of device days recomputed.
 */
export async function recomputeDirtyRollups(db: Database, limit = 5000): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = await rowsOf<{ device_id: number; plant_id: number; day: string }>(
      tx,
      sql`delete from rollup_dirty where ctid in (select ctid from rollup_dirty limit ${limit})
          returning device_id, plant_id, to_char(day, 'YYYY-MM-DD') as day`,
    );
    if (taken.length === 0) return 0;
    await recomputeDays(
      tx,
      taken.map((r) => ({ deviceId: r.device_id, plantId: r.plant_id, day: r.day })),
    );
    return taken.length;
  });
}

/** Drains every dirty day (tests and the end of a backfill). */
export async function recomputeAllDirtyRollups(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await recomputeDirtyRollups(db);
    total += n;
    if (n === 0) return total;
  }
}

/** A device's energy of one local day in one plant, the unit of the rollups. */
interface DeviceDay {
  deviceId: number;
  plantId: number;
  day: string;
}

/**
 * The device days a dirty day touches. The ingest marks the day of a reading in the zone of the plant it knew the
 * device by; the reading's energy belongs to the plant of the mapping history at its time, in that plant's zone.
 * For a device that never moved this is the marked day itself.
 */
function touchedDays(
  deviceId: number,
  spans: readonly PlantSpan[],
  startMs: number,
  endMs: number,
): DeviceDay[] {
  const out: DeviceDay[] = [];
  for (const s of spans) {
    if (s.toMs <= startMs || s.fromMs >= endMs) continue;
    const last = localDay(s.timeZone, Math.min(s.toMs, endMs) - 1);
    for (let day = localDay(s.timeZone, Math.max(s.fromMs, startMs)); day <= last; day = nextDay(day)) {
      out.push({ deviceId, plantId: s.plantId, day });
    }
  }
  return out;
}

/**
 * Recomputes device days, then the plant days, months and years they belong to, and those plant days' slots
 * (`plantDaySlots.ts`). Each interval's energy goes to the plant its device was mapped to at the interval's end
 * (devices/plantSpans.ts), on that plant's local day.
 */
export async function recomputeDays(tx: Database | Transaction, items: readonly DirtyDay[]): Promise<void> {
  const ids = [...new Set(items.map((it) => it.deviceId))];
  const zones = new Map(
    (
      await rowsOf<{ id: number; time_zone: string }>(
        tx,
        sql`select id, time_zone from plants where id = any(${sql.param([...new Set(items.map((it) => it.plantId))])}::int[])`,
      )
    ).map((r) => [r.id, r.time_zone]),
  );
  const info = await rowsOf<{ id: number; rated_power_w: number }>(
    tx,
    sql`select d.id, d.rated_power_w from devices d where d.id = any(${sql.param(ids)}::int[])`,
  );
  const spans = await plantSpans(tx, ids);
  // Per device: the device days to rewrite, keyed `plantId|day`.
  const wanted = new Map<number, Map<string, DeviceDay>>();
  for (const it of items) {
    const deviceSpans = spans.get(it.deviceId);
    if (!deviceSpans) continue;
    const zone = zones.get(it.plantId) ?? deviceSpans.at(-1)!.timeZone;
    const startMs = localDayStartMs(zone, it.day);
    const endMs = localDayStartMs(zone, nextDay(it.day));
    let days = wanted.get(it.deviceId);
    if (!days) wanted.set(it.deviceId, (days = new Map()));
    for (const d of touchedDays(it.deviceId, deviceSpans, startMs, endMs))
      days.set(`${d.plantId}|${d.day}`, d);
  }
  /** The instants whose interval energies make up a device's wanted days. */
  const rangeOf = (deviceId: number) => {
    let startMs = Infinity;
    let endMs = -Infinity;
    const zoneOf = new Map(spans.get(deviceId)!.map((s) => [s.plantId, s.timeZone]));
    for (const d of wanted.get(deviceId)!.values()) {
      const zone = zoneOf.get(d.plantId)!;
      startMs = Math.min(startMs, localDayStartMs(zone, d.day));
      endMs = Math.max(endMs, localDayStartMs(zone, nextDay(d.day)));
    }
    return { startMs, endMs };
  };
  const dayRows: (DeviceDay & { energyKwh: number | null })[] = [];
  const present = info.filter((d) => wanted.has(d.id));
  for (let i = 0; i < present.length; i += DEVICES_PER_QUERY) {
    const chunk = present.slice(i, i + DEVICES_PER_QUERY);
    let startMs = Infinity;
    let endMs = -Infinity;
    for (const d of chunk) {
      const r = rangeOf(d.id);
      startMs = Math.min(startMs, r.startMs);
      endMs = Math.max(endMs, r.endMs);
    }
    const chunkIds = chunk.map((d) => d.id);
    const start = new Date(startMs).toISOString();
    const end = new Date(endMs).toISOString();
    const samples = await rowsOf<{
      device_id: number;
      t: number;
      total: number | null;
      power: number | null;
    }>(
      tx,
      sql`select device_id, extract(epoch from ts) * 1000 as t, energy_total_kwh as total, ac_power_w as power
          from ${readingsBetween(sql`${start}::timestamptz`, sql`${end}::timestamptz`, ['energy_total_kwh', 'ac_power_w'])} r
          where device_id = any(${sql.param(chunkIds)}::int[])
          union all
          select w.device_id, w.t, w.total, w.power
          from unnest(${sql.param(chunkIds)}::int[]) as k(id)
          cross join lateral (
            select device_id, extract(epoch from ts) * 1000 as t, energy_total_kwh as total, ac_power_w as power
            from (${readingsBefore(sql`k.id`, sql`${start}::timestamptz`, WARM_UP_SAMPLES)}) b
            order by ts desc limit ${WARM_UP_SAMPLES}) w
          order by 1, 2`,
    );
    const perDevice = new Map<number, CounterSample[]>();
    for (const s of samples) {
      let list = perDevice.get(s.device_id);
      if (!list) perDevice.set(s.device_id, (list = []));
      list.push({
        tMs: Number(s.t),
        totalKwh: s.total === null ? null : Number(s.total),
        powerW: s.power === null ? null : Number(s.power),
      });
    }
    for (const d of chunk) {
      const days = wanted.get(d.id)!;
      const deviceSpans = spans.get(d.id)!;
      const sums = new Map<string, number>();
      for (const e of intervalEnergies(perDevice.get(d.id) ?? [], Number(d.rated_power_w))) {
        const span = spanAt(deviceSpans, e.endMs)!;
        const key = `${span.plantId}|${localDay(span.timeZone, e.endMs)}`;
        if (days.has(key)) sums.set(key, (sums.get(key) ?? 0) + e.energyKwh);
      }
      for (const [key, day] of days) dayRows.push({ ...day, energyKwh: sums.get(key) ?? null });
    }
  }
  const kept = dayRows.filter((r) => r.energyKwh !== null);
  const dropped = dayRows.filter((r) => r.energyKwh === null);
  if (dropped.length > 0) {
    // A day without any interval (no readings, or only the first one) has no rollup.
    await tx.execute(sql`delete from device_energy e using unnest(${sql.param(dropped.map((r) => r.deviceId))}::int[],
        ${sql.param(dropped.map((r) => r.plantId))}::int[], ${sql.param(dropped.map((r) => r.day))}::date[])
        as k(device_id, plant_id, d)
      where e.device_id = k.device_id and e.plant_id = k.plant_id and e.period = 'day' and e.period_start = k.d`);
  }
  if (kept.length > 0) {
    await tx.execute(sql`insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
      select device_id, plant_id, 'day', d, kwh from unnest(${sql.param(kept.map((r) => r.deviceId))}::int[],
        ${sql.param(kept.map((r) => r.plantId))}::int[], ${sql.param(kept.map((r) => r.day))}::date[],
        ${sql.param(kept.map((r) => r.energyKwh))}::float8[]) as k(device_id, plant_id, d, kwh)
      on conflict (device_id, plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  }
  await rollUp(tx, dayRows);
  // The same plant days' slots (peak, irradiation, readings), stations' days included: a report's month reads them.
  await writePlantDaySlots(
    tx,
    [...wanted.values()].flatMap((days) => [...days.values()]),
  );
}

/**
 * Months and years of the devices (per plant they belonged to), and days, months and years of their plants, from
 * the device days. A period left without any part (its energy moved to another plant) loses its row.
 */
async function rollUp(tx: Database | Transaction, dayRows: readonly DeviceDay[]) {
  if (dayRows.length === 0) return;
  const uniq = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];
  type DeviceKey = { id: number; plantId: number; start: string };
  type PlantKey = { id: number; start: string };
  const deviceKeys = (f: (day: string) => string) =>
    uniq(
      dayRows.map((r) => ({ id: r.deviceId, plantId: r.plantId, start: f(r.day) })),
      (x) => `${x.id}|${x.plantId}|${x.start}`,
    );
  const plantDays = uniq(
    dayRows.map((r) => ({ id: r.plantId, start: r.day })),
    (x) => `${x.id}|${x.start}`,
  );
  const plantKeys = (f: (day: string) => string) =>
    uniq(
      plantDays.map((r) => ({ id: r.id, start: f(r.start) })),
      (x) => `${x.id}|${x.start}`,
    );
  const interval = (period: 'month' | 'year') => sql.raw(`interval '1 ${period}'`);
  const sumDevice = async (xs: DeviceKey[], period: 'month' | 'year', from: 'day' | 'month') => {
    const keys = sql`unnest(${sql.param(xs.map((x) => x.id))}::int[], ${sql.param(xs.map((x) => x.plantId))}::int[],
      ${sql.param(xs.map((x) => x.start))}::date[]) as k(id, plant_id, s)`;
    const parts = sql`e.device_id = k.id and e.plant_id = k.plant_id and e.period = ${from}
      and e.period_start >= k.s and e.period_start < (k.s + ${interval(period)})`;
    await tx.execute(sql`delete from device_energy t using ${keys}
      where t.device_id = k.id and t.plant_id = k.plant_id and t.period = ${period} and t.period_start = k.s
        and not exists (select 1 from device_energy e where ${parts})`);
    await tx.execute(sql`insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
      select k.id, k.plant_id, ${period}, k.s, sum(e.energy_kwh) from ${keys} join device_energy e on ${parts}
      group by k.id, k.plant_id, k.s
      on conflict (device_id, plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  };
  await sumDevice(deviceKeys(monthOf), 'month', 'day');
  await sumDevice(deviceKeys(yearOf), 'year', 'month');
  const keysOf = (xs: PlantKey[]) =>
    sql`unnest(${sql.param(xs.map((x) => x.id))}::int[], ${sql.param(xs.map((x) => x.start))}::date[]) as k(id, s)`;
  // A plant's energy is its inverters' (meters count the grid exchange, not generation); a deleted plant has none.
  const sumPlant = async (xs: PlantKey[], period: 'day' | 'month' | 'year', parts: SQL, source: SQL) => {
    await tx.execute(sql`delete from plant_energy t using ${keysOf(xs)}
      where t.plant_id = k.id and t.period = ${period} and t.period_start = k.s
        and not exists (select 1 from ${source} where ${parts})`);
    await tx.execute(sql`insert into plant_energy (plant_id, period, period_start, energy_kwh)
      select k.id, ${period}, k.s, sum(e.energy_kwh) from ${keysOf(xs)} join plants p on p.id = k.id
      join ${source} on ${parts}
      group by k.id, k.s
      on conflict (plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  };
  const inverterKinds = sql`${sql.param([...INVERTER_KINDS])}::text[]`;
  await sumPlant(
    plantDays,
    'day',
    sql`e.plant_id = k.id and e.period = 'day' and e.period_start = k.s and d.kind = any(${inverterKinds})`,
    sql`device_energy e join devices d on d.id = e.device_id`,
  );
  const fromPlant = (period: 'month' | 'year', from: 'day' | 'month') =>
    sql`e.plant_id = k.id and e.period = ${from} and e.period_start >= k.s
      and e.period_start < (k.s + ${interval(period)})`;
  await sumPlant(plantKeys(monthOf), 'month', fromPlant('month', 'day'), sql`plant_energy e`);
  await sumPlant(plantKeys(yearOf), 'year', fromPlant('year', 'month'), sql`plant_energy e`);
}
