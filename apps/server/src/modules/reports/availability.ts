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
import { readingsBetween } from '../telemetry/history.ts';

/** Inverter-slots of daylight that passed, and those of them with a reading. */
export interface AvailabilitySlots {
  available: number;
  daylight: number;
}

/** Availability slots of each plant over its local days `from`..`to`, up to `nowMs`. */
export async function plantAvailability(
  db: Database,
  plants: readonly PlantRow[],
  from: string,
  to: string,
  nowMs: number,
): Promise<Map<number, AvailabilitySlots>> {
  const out = new Map<number, AvailabilitySlots>();
  if (plants.length === 0) return out;
  const { lo, hi } = utcWindow(from, to);
  // Inverters heard per plant and 5-minute slot.
  const rows = await rowsOf<{ plant_id: number; slot_ms: number; n: number }>(
    db,
    sql`select t.plant_id,
          (extract(epoch from date_bin('5 minutes', t.ts, timestamptz '2000-01-01Z')) * 1000)::float8 as slot_ms,
          count(distinct t.device_id)::int as n
        from ${readingsBetween(sql`${lo.toISOString()}::timestamptz`, sql`${hi.toISOString()}::timestamptz`, [])} t
          join devices d on d.id = t.device_id and d.kind = any(${sql.param([...INVERTER_KINDS])}::text[])
        where t.plant_id = any(${sql.param(plants.map((p) => p.id))}::int[])
        group by 1, 2`,
  );
  const heard = new Map<number, Map<number, number>>();
  for (const r of rows) {
    let m = heard.get(r.plant_id);
    if (!m) heard.set(r.plant_id, (m = new Map()));
    m.set(r.slot_ms, r.n);
  }
  const days = daysBetween(from, to);
  for (const p of plants) {
    const s: AvailabilitySlots = { available: 0, daylight: 0 };
    const mine = heard.get(p.id);
    for (const day of days) {
      if (day < p.build_date || p.inverters === 0) continue;
      const { slots, daylight } = daySlots(p, day, nowMs);
      slots.forEach((t, i) => {
        if (!daylight[i]) return;
        s.daylight += p.inverters;
        s.available += Math.min(mine?.get(t) ?? 0, p.inverters);
      });
    }
    out.set(p.id, s);
  }
  return out;
}
