import { sql } from 'drizzle-orm';
import {
  backfillPlants,
  createPlantState,
  DEFAULT_FAULT_RATES,
  historyShowcase,
  toDeviceEvents,
  toProtocolReading,
  type DemoPlant,
  type PlantState,
} from '@solarops/simulator/fleet';
import type { Database } from '../../db/openDatabase.ts';
import { localDay } from '../../time/localDay.ts';
import { ensureTelemetryPartitions } from '../telemetry/partitions.ts';
import { COLUMN_LIST, UPDATE_FROM_EXCLUDED, readingLine, selectLines } from '../telemetry/readingLines.ts';
import { recomputeDays } from '../telemetry/rollups.ts';
import { writeHistoryAlarms, type HistoryEvent } from './backfillAlarms.ts';
import { backfillDailyEnergy } from './backfillDailyEnergy.ts';

/** Rows per INSERT of the backfill. */
const ROWS_PER_INSERT = 8000;

/**
 * Writes the daily energy of the demo fleet from each plant's build date (backfillDailyEnergy.ts), then `days` of
 * 5-minute history straight into the database (bulk INSERT of reading lines, not through MQTT), the latest state of every device, the energy rollups of those days, and the alarms, events and
 * fault records of the faults in them (the random ones and the showcase's of every kind). Returns the plant states
 * after the last step, so that the live simulator continues the counters where the history ends.
 */
export async function backfillTelemetry(
  db: Database,
  plants: readonly DemoPlant[],
  deviceIds: ReadonlyMap<string, { id: number; plantId: number; collectorId: number | null }>,
  options: { days: number; endMs: number; seed: number; stepMs?: number },
): Promise<{ states: Record<string, PlantState>; readings: number; alarms: number }> {
  const stepMs = options.stepMs ?? 300_000;
  const endMs = Math.floor(options.endMs / stepMs) * stepMs;
  const fromMs = endMs - options.days * 86_400_000;
  const months = new Set<string>();
  for (let t = fromMs; t <= endMs + 86_400_000; t += 86_400_000)
    months.add(new Date(t).toISOString().slice(0, 7));
  await ensureTelemetryPartitions(db, [...months]);
  const receivedIso = new Date(options.endMs).toISOString();
  const latest = new Map<number, string>();
  const dirty = new Map<string, { deviceId: number; plantId: number; day: string }>();
  let buffer: string[] = [];
  let total = 0;
  const flush = async () => {
    if (buffer.length === 0) return;
    const lines = buffer;
    buffer = [];
    await db.execute(
      sql`insert into telemetry (${sql.raw(COLUMN_LIST)}) ${selectLines(lines)} on conflict do nothing`,
    );
  };
  // The years before: daily totals from each plant's build date, whose sum starts the lifetime counters.
  const lifetime = await backfillDailyEnergy(db, plants, deviceIds, fromMs);
  const states: Record<string, PlantState> = {};
  for (const plant of plants) states[plant.id] = createPlantState(plant, lifetime);
  // Faults of every kind in the history, beside the random ones (the demo shows the alarm screens at once).
  const scheduledFaults = historyShowcase(plants, fromMs, endMs);
  const history: HistoryEvent[] = [];
  for (const plant of plants) {
    // One plant at a time: readings are generated and written in slices, never all held in memory.
    const pending: string[] = [];
    backfillPlants(
      [plant],
      fromMs,
      endMs,
      stepMs,
      (_p, readings, t, faults) => {
        for (const event of toDeviceEvents(faults)) {
          const ids = deviceIds.get(event.sn);
          if (ids)
            history.push({ deviceId: ids.id, plantId: ids.plantId, collectorId: ids.collectorId, event });
        }
        for (const r of readings) {
          const ids = deviceIds.get(r.serial);
          if (!ids) continue;
          const reading = toProtocolReading(r);
          const line = readingLine(ids, reading, new Date(reading.ts).toISOString(), receivedIso);
          pending.push(line);
          latest.set(ids.id, line);
          const day = localDay(plant.timeZone, t);
          dirty.set(`${ids.id}|${day}`, { deviceId: ids.id, plantId: ids.plantId, day });
        }
      },
      { states, seed: options.seed, faultRates: DEFAULT_FAULT_RATES, scheduledFaults },
    );
    for (const line of pending) {
      buffer.push(line);
      if (buffer.length >= ROWS_PER_INSERT) await flush();
    }
    total += pending.length;
  }
  await flush();
  await db.execute(sql`insert into device_latest (${sql.raw(COLUMN_LIST)}) ${selectLines([...latest.values()])}
    on conflict (device_id) do update set ${sql.raw(UPDATE_FROM_EXCLUDED)} where device_latest.ts < excluded.ts`);
  await db.execute(sql`update devices set online = true, last_seen_at = ${receivedIso}::timestamptz
    where id = any(${sql.param([...latest.keys()])}::int[])`);
  await db.execute(sql`update collectors set online = true, last_seen_at = ${receivedIso}::timestamptz
    where id in (select collector_id from devices where id = any(${sql.param([...latest.keys()])}::int[]))`);
  await db.transaction((tx) => recomputeDays(tx, [...dirty.values()]));
  const alarms = await writeHistoryAlarms(db, history);
  return { states, readings: total, alarms };
}
