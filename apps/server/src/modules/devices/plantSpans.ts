import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf, type Transaction } from '../../db/rowsOf.ts';

/** A stretch of time during which a device belonged to one plant: [fromMs, toMs), unbounded at ±Infinity. */
export interface PlantSpan {
  plantId: number;
  /** The plant's IANA time zone (UTC for a plant since deleted). */
  timeZone: string;
  fromMs: number;
  toMs: number;
}

/**
 * The plants each device belonged to over time, from the collector-device mapping history: a reading belongs to
 * the plant its device was mapped to at the reading's time (ARCHITECTURE §6; a collector moved to another plant
 * takes its devices along from that instant, not their past). A closed binding's plant holds from the end of the
 * binding before it until its own end; the first holds from the beginning of time, so that history backfilled
 * before a device was registered stays with its first plant. From the last end on, the device's current plant.
 * Consecutive bindings to one plant (a device moved between collectors of its plant) make one span.
 */
export async function plantSpans(
  db: Database | Transaction,
  deviceIds: readonly number[],
): Promise<Map<number, PlantSpan[]>> {
  const spans = new Map<number, PlantSpan[]>();
  if (deviceIds.length === 0) return spans;
  const ids = sql`${sql.param([...deviceIds])}::int[]`;
  const closed = await rowsOf<{ device_id: number; plant_id: number; time_zone: string; until_ms: number }>(
    db,
    sql`select m.device_id, m.plant_id, coalesce(p.time_zone, 'UTC') as time_zone,
          extract(epoch from m.unbound_at) * 1000 as until_ms
        from collector_devices m left join plants p on p.id = m.plant_id
        where m.device_id = any(${ids}) and m.unbound_at is not null
        order by m.device_id, m.unbound_at, m.id`,
  );
  const current = await rowsOf<{ id: number; plant_id: number; time_zone: string }>(
    db,
    sql`select d.id, d.plant_id, p.time_zone from devices d join plants p on p.id = d.plant_id
        where d.id = any(${ids})`,
  );
  const push = (deviceId: number, span: PlantSpan) => {
    let list = spans.get(deviceId);
    if (!list) spans.set(deviceId, (list = []));
    const last = list[list.length - 1];
    if (last && last.plantId === span.plantId) last.toMs = span.toMs;
    else list.push(span);
  };
  const fromOf = (deviceId: number) => spans.get(deviceId)?.at(-1)?.toMs ?? -Infinity;
  for (const r of closed) {
    const toMs = Number(r.until_ms);
    if (toMs > fromOf(r.device_id)) {
      push(r.device_id, { plantId: r.plant_id, timeZone: r.time_zone, fromMs: fromOf(r.device_id), toMs });
    }
  }
  for (const d of current) {
    push(d.id, { plantId: d.plant_id, timeZone: d.time_zone, fromMs: fromOf(d.id), toMs: Infinity });
  }
  return spans;
}

/** The span holding instant `ms` (spans in time order, covering all time). */
export function spanAt(spans: readonly PlantSpan[], ms: number): PlantSpan | undefined {
  return spans.find((s) => ms >= s.fromMs && ms < s.toMs);
}

/**
 * The devices of `kinds` that belonged to `plantId` at some time in [startMs, endMs), each with the part of that
 * range during which it did (a plant's readings of a range: its power curve).
 */
export async function plantDevicesBetween(
  db: Database,
  plantId: number,
  kinds: readonly string[],
  startMs: number,
  endMs: number,
): Promise<{ deviceId: number; fromMs: number; toMs: number }[]> {
  // A union, not `plant_id = ... or id in (...)`: with the `or` the planner scanned every device of the fleet.
  const kindsParam = sql`${sql.param([...kinds])}::text[]`;
  const candidates = await rowsOf<{ id: number }>(
    db,
    sql`select d.id from devices d where d.plant_id = ${plantId} and d.kind = any(${kindsParam})
        union
        select d.id from collector_devices m join devices d on d.id = m.device_id
        where m.plant_id = ${plantId} and d.kind = any(${kindsParam})`,
  );
  const spans = await plantSpans(
    db,
    candidates.map((c) => c.id),
  );
  const out: { deviceId: number; fromMs: number; toMs: number }[] = [];
  for (const [deviceId, list] of spans) {
    for (const s of list) {
      if (s.plantId !== plantId || s.toMs <= startMs || s.fromMs >= endMs) continue;
      out.push({ deviceId, fromMs: Math.max(s.fromMs, startMs), toMs: Math.min(s.toMs, endMs) });
    }
  }
  return out;
}
