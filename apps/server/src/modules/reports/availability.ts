/**
 * Availability of plants over local days (IEC 61724-1's time-based availability, as monitoring can see it): the
 * share of daylight during which the plant's inverters were reporting. Each inverter counts for each 5-minute
 * daylight slot (the sun 10° high or more: `daylight.ts`) that has passed since the plant was built; it is
 * available in the slots it sent a reading in. Night never counts, so an inverter asleep in the dark costs nothing.
 */
import { sql } from 'drizzle-orm';
import { INVERTER_KINDS } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { daySlots } from './daylight.ts';
import type { PlantRow } from './periodicReport.ts';
import { daysBetween, utcWindow } from './periods.ts';
import { readInPieces, reportPieces } from './reportPieces.ts';
import { readingsBetween } from '../telemetry/history.ts';

/** Inverter-slots of daylight that passed, and those of them with a reading. */
export interface AvailabilitySlots {
  available: number;
  daylight: number;
}

/**
 * Availability slots of each plant over its local days `from`..`to`, up to `nowMs`. The readings are read in pieces
 * (`reportPieces.ts`) by their inverters' keys, one piece after another, and each piece's days are counted from its
 * own rows: a slot of the window's overlap with the next piece is counted with the day it belongs to, once.
 */
export async function plantAvailability(
  db: Database,
  plants: readonly PlantRow[],
  from: string,
  to: string,
  nowMs: number,
): Promise<Map<number, AvailabilitySlots>> {
  const out = new Map<number, AvailabilitySlots>();
  for (const p of plants) out.set(p.id, { available: 0, daylight: 0 });
  const counted = plants.filter((p) => p.inverters > 0 && p.build_date <= to);
  if (counted.length === 0) return out;
  // The inverters of the plants now and those that belonged to one of them before (their readings carry the plant).
  const ids = sql.param(counted.map((p) => p.id));
  const kinds = sql.param([...INVERTER_KINDS]);
  const inverters = await rowsOf<{ id: number; plant_id: number }>(
    db,
    sql`select d.id, d.plant_id from devices d where d.plant_id = any(${ids}::int[]) and d.kind = any(${kinds}::text[])
        union
        select d.id, m.plant_id from collector_devices m join devices d on d.id = m.device_id
        where m.plant_id = any(${ids}::int[]) and d.kind = any(${kinds}::text[])`,
  );
  const pieces = reportPieces(counted, from, to);
  await readInPieces(pieces, async (piece) => {
    const mine = new Set(piece.plants.map((p) => p.id));
    const devices = inverters.filter((d) => mine.has(d.plant_id)).map((d) => d.id);
    const { lo, hi } = utcWindow(piece.from, piece.to);
    // Inverters heard per plant and 5-minute slot.
    const rows =
      devices.length === 0
        ? []
        : await rowsOf<{ plant_id: number; slot_ms: number; n: number }>(
            db,
            sql`select t.plant_id,
                  (extract(epoch from date_bin('5 minutes', t.ts, timestamptz '2000-01-01Z')) * 1000)::float8 as slot_ms,
                  count(distinct t.device_id)::int as n
                from ${readingsBetween(sql`${lo.toISOString()}::timestamptz`, sql`${hi.toISOString()}::timestamptz`, [])} t
                where t.device_id = any(${sql.param(devices)}::int[])
                  and t.plant_id = any(${sql.param([...mine])}::int[])
                group by 1, 2`,
          );
    const heard = new Map<number, Map<number, number>>();
    for (const r of rows) {
      let m = heard.get(r.plant_id);
      if (!m) heard.set(r.plant_id, (m = new Map()));
      m.set(r.slot_ms, r.n);
    }
    for (const p of piece.plants) {
      const s = out.get(p.id)!;
      const slotsHeard = heard.get(p.id);
      for (const day of daysBetween(piece.from, piece.to)) {
        if (day < p.build_date) continue;
        const { slots, daylight } = daySlots(p, day, nowMs);
        slots.forEach((t, i) => {
          if (!daylight[i]) return;
          s.daylight += p.inverters;
          s.available += Math.min(slotsHeard?.get(t) ?? 0, p.inverters);
        });
      }
    }
    return [];
  });
  return out;
}
