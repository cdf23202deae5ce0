import type { DemoPlant, PlantState } from '@solarops/simulator/fleet';
import type { Database } from '../../db/openDatabase.ts';
import { ensureTelemetryPartitions } from '../telemetry/partitions.ts';
import { beginHistoryFill } from '../telemetry/historyFill.ts';
import { writeHistoryAlarms, type HistoryEvent } from './backfillAlarms.ts';
import { fillDemoHistory, type FillOptions } from './fillDemoHistory.ts';
import { planDemoHistory, type DemoDeviceIds, type DemoHistoryPlan } from './planDemoHistory.ts';

const DAY_MS = 86_400_000;

/** The span of `days` of 5-minute history that ends at the step before `endMs` [ms]. */
export function historySpan(days: number, endMs: number, stepMs = 300_000) {
  const toMs = Math.floor(endMs / stepMs) * stepMs;
  return { fromMs: toMs - days * DAY_MS, toMs, stepMs };
}

/**
 * The part of the demo fleet's history written before it goes live, all quick, once its plan is made
 * (planDemoHistory.ts, in memory): the telemetry partitions of those months, the alarms, events and fault records
 * of the faults in it (the random ones and the showcase's of every kind), and the plants marked as filling. The
 * readings and the daily energy since each build date are written after, by `fillDemoHistory`, while the fleet
 * runs.
 */
export async function prepareDemoHistory(
  db: Database,
  plan: DemoHistoryPlan,
  deviceIds: DemoDeviceIds,
): Promise<number> {
  const months = new Set<string>();
  // Each plant's history starts at its local midnight, up to 14 hours before the span.
  for (let t = plan.fromMs - DAY_MS; t <= plan.toMs + DAY_MS; t += DAY_MS)
    months.add(new Date(t).toISOString().slice(0, 7));
  await ensureTelemetryPartitions(db, [...months]);
  const events: HistoryEvent[] = [];
  for (const event of plan.events) {
    const ids = deviceIds.get(event.sn);
    if (ids) events.push({ deviceId: ids.id, plantId: ids.plantId, collectorId: ids.collectorId, event });
  }
  const alarms = await writeHistoryAlarms(db, events);
  const plantIds = [...new Set([...deviceIds.values()].map((d) => d.plantId))];
  await beginHistoryFill(db, plantIds, plan.fromMs, plan.toMs);
  return alarms;
}

/**
 * The demo fleet's whole history at once (tests and benchmarks): its plan, `prepareDemoHistory`, then every
 * readings day and the daily energy since each build date. Returns the plant states after the last step, so that
 * a live simulator continues the counters where the history ends.
 */
export async function backfillTelemetry(
  db: Database,
  plants: readonly DemoPlant[],
  deviceIds: DemoDeviceIds,
  options: { days: number; endMs: number; seed: number; stepMs?: number },
  fill: FillOptions = {},
): Promise<{ states: Record<string, PlantState>; readings: number; alarms: number }> {
  const span = historySpan(options.days, options.endMs, options.stepMs);
  const plan = await planDemoHistory(plants, { ...span, seed: options.seed });
  const alarms = await prepareDemoHistory(db, plan, deviceIds);
  const readings = await fillDemoHistory(db, plan, deviceIds, fill);
  return { states: plan.states, readings, alarms };
}
