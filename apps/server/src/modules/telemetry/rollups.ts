import { sql, type SQL } from 'drizzle-orm';
import { INVERTER_KINDS } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { intervalEnergies, type CounterSample } from './guardedEnergy.ts';
import { localDay, localDayStartMs, monthOf, nextDay, yearOf } from './localDay.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
const rowsOf = async <T>(db: Database | Tx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Counter samples before a range that set the baseline of its first interval (jitter may hold an older one). */
const WARM_UP_SAMPLES = 6;
/** Devices whose readings are read in one query. */
const DEVICES_PER_QUERY = 25;

interface DirtyDay {
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

/** Recomputes device days, then the plant days, months and years they belong to. */
export async function recomputeDays(tx: Database | Tx, items: readonly DirtyDay[]): Promise<void> {
  const byDevice = new Map<number, { plantId: number; days: Set<string> }>();
  for (const it of items) {
    let e = byDevice.get(it.deviceId);
    if (!e) byDevice.set(it.deviceId, (e = { plantId: it.plantId, days: new Set() }));
    e.days.add(it.day);
  }
  const ids = [...byDevice.keys()];
  const info = await rowsOf<{ id: number; plant_id: number; rated_power_w: number; time_zone: string }>(
    tx,
    sql`select d.id, d.plant_id, d.rated_power_w, p.time_zone from devices d join plants p on p.id = d.plant_id
        where d.id = any(${sql.param(ids)}::int[])`,
  );
  const dayRows: { deviceId: number; plantId: number; day: string; energyKwh: number | null }[] = [];
  for (let i = 0; i < info.length; i += DEVICES_PER_QUERY) {
    const chunk = info.slice(i, i + DEVICES_PER_QUERY);
    let startMs = Infinity;
    let endMs = -Infinity;
    for (const d of chunk) {
      const days = [...byDevice.get(d.id)!.days].sort();
      startMs = Math.min(startMs, localDayStartMs(d.time_zone, days[0]!));
      endMs = Math.max(endMs, localDayStartMs(d.time_zone, nextDay(days[days.length - 1]!)));
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
          from telemetry
          where device_id = any(${sql.param(chunkIds)}::int[]) and ts >= ${start}::timestamptz and ts < ${end}::timestamptz
          union all
          select w.device_id, w.t, w.total, w.power
          from unnest(${sql.param(chunkIds)}::int[]) as k(id)
          cross join lateral (
            select device_id, extract(epoch from ts) * 1000 as t, energy_total_kwh as total, ac_power_w as power
            from telemetry where device_id = k.id and ts < ${start}::timestamptz
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
      const wanted = byDevice.get(d.id)!.days;
      const sums = new Map<string, number>();
      for (const e of intervalEnergies(perDevice.get(d.id) ?? [], Number(d.rated_power_w))) {
        const day = localDay(d.time_zone, e.endMs);
        if (wanted.has(day)) sums.set(day, (sums.get(day) ?? 0) + e.energyKwh);
      }
      for (const day of wanted) {
        dayRows.push({ deviceId: d.id, plantId: d.plant_id, day, energyKwh: sums.get(day) ?? null });
      }
    }
  }
  const kept = dayRows.filter((r) => r.energyKwh !== null);
  const dropped = dayRows.filter((r) => r.energyKwh === null);
  if (dropped.length > 0) {
    // A day without any interval (no readings, or only the first one) has no rollup.
    await tx.execute(sql`delete from device_energy e using unnest(${sql.param(dropped.map((r) => r.deviceId))}::int[],
        ${sql.param(dropped.map((r) => r.day))}::date[]) as k(device_id, d)
      where e.device_id = k.device_id and e.period = 'day' and e.period_start = k.d`);
  }
  if (kept.length > 0) {
    await tx.execute(sql`insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
      select device_id, plant_id, 'day', d, kwh from unnest(${sql.param(kept.map((r) => r.deviceId))}::int[],
        ${sql.param(kept.map((r) => r.plantId))}::int[], ${sql.param(kept.map((r) => r.day))}::date[],
        ${sql.param(kept.map((r) => r.energyKwh))}::float8[]) as k(device_id, plant_id, d, kwh)
      on conflict (device_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  }
  await rollUp(tx, dayRows);
}

/** Months and years of the devices, and days, months and years of their plants, from the device days. */
async function rollUp(
  tx: Database | Tx,
  dayRows: readonly { deviceId: number; plantId: number; day: string }[],
) {
  if (dayRows.length === 0) return;
  const uniq = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];
  const devMonths = uniq(
    dayRows.map((r) => ({ id: r.deviceId, start: monthOf(r.day) })),
    (x) => `${x.id}|${x.start}`,
  );
  const devYears = uniq(
    dayRows.map((r) => ({ id: r.deviceId, start: yearOf(r.day) })),
    (x) => `${x.id}|${x.start}`,
  );
  const plantDays = uniq(
    dayRows.map((r) => ({ id: r.plantId, start: r.day })),
    (x) => `${x.id}|${x.start}`,
  );
  const plantMonths = uniq(
    plantDays.map((r) => ({ id: r.id, start: monthOf(r.start) })),
    (x) => `${x.id}|${x.start}`,
  );
  const plantYears = uniq(
    plantDays.map((r) => ({ id: r.id, start: yearOf(r.start) })),
    (x) => `${x.id}|${x.start}`,
  );
  const keys = (xs: { id: number; start: string }[]) =>
    sql`unnest(${sql.param(xs.map((x) => x.id))}::int[], ${sql.param(xs.map((x) => x.start))}::date[]) as k(id, s)`;
  const sumDevice = (xs: { id: number; start: string }[], period: 'month' | 'year', from: 'day' | 'month') =>
    tx.execute(sql`insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
      select k.id, min(e.plant_id), ${period}, k.s, sum(e.energy_kwh) from ${keys(xs)}
      join device_energy e on e.device_id = k.id and e.period = ${from}
        and e.period_start >= k.s and e.period_start < (k.s + ${sql.raw(`interval '1 ${period}'`)})
      group by k.id, k.s
      on conflict (device_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  await sumDevice(devMonths, 'month', 'day');
  await sumDevice(devYears, 'year', 'month');
  const inverterKinds = sql.param([...INVERTER_KINDS]);
  // A plant's energy is its inverters' (meters count the grid exchange, not generation).
  await tx.execute(sql`insert into plant_energy (plant_id, period, period_start, energy_kwh)
    select k.id, 'day', k.s, coalesce(sum(e.energy_kwh), 0) from ${keys(plantDays)}
    join device_energy e on e.plant_id = k.id and e.period = 'day' and e.period_start = k.s
    join devices d on d.id = e.device_id and d.kind = any(${inverterKinds}::text[])
    group by k.id, k.s
    on conflict (plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  const sumPlant = (xs: { id: number; start: string }[], period: 'month' | 'year', from: 'day' | 'month') =>
    tx.execute(sql`insert into plant_energy (plant_id, period, period_start, energy_kwh)
      select k.id, ${period}, k.s, sum(e.energy_kwh) from ${keys(xs)}
      join plant_energy e on e.plant_id = k.id and e.period = ${from}
        and e.period_start >= k.s and e.period_start < (k.s + ${sql.raw(`interval '1 ${period}'`)})
      group by k.id, k.s
      on conflict (plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  await sumPlant(plantMonths, 'month', 'day');
  await sumPlant(plantYears, 'year', 'month');
}
