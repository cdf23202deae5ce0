import { sql } from 'drizzle-orm';
import type { DemoPlant } from '@solarops/simulator/fleet';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { unfinishedHistoryFills } from '../telemetry/historyFill.ts';
import type { DemoDeviceIds, DemoHistoryPlan } from './planDemoHistory.ts';
import { planDemoHistoryInThread } from './planDemoHistoryInThread.ts';

/** The history a start writes after the fleet is live. */
export interface PendingHistory {
  plan: DemoHistoryPlan;
  deviceIds: DemoDeviceIds;
  filledFromMs: Map<number, number>;
  complete: Set<number>;
}

/** The plan of a first start's history not yet complete, or undefined when all of it is written. */
export async function resumeDemoHistory(
  db: Database,
  plants: readonly DemoPlant[],
  seed: number,
): Promise<PendingHistory | undefined> {
  const fills = await unfinishedHistoryFills(db);
  if (fills.length === 0) return undefined;
  const rows = await rowsOf<{ serial: string; id: number; plant_id: number; collector_id: number | null }>(
    db,
    sql`select serial, id, plant_id, collector_id from devices
      where serial = any(${sql.param(plants.flatMap((p) => p.devices.map((d) => d.serial)))}::text[])`,
  );
  const deviceIds = new Map(
    rows.map((r) => [r.serial, { id: r.id, plantId: r.plant_id, collectorId: r.collector_id }]),
  );
  const { fromMs, toMs } = fills[0]!;
  const plan = await planDemoHistoryInThread(plants, { fromMs, toMs, seed });
  const unfinished = new Set(fills.map((f) => f.plantId));
  return {
    plan,
    deviceIds,
    filledFromMs: new Map(fills.map((f) => [f.plantId, f.filledFromMs])),
    complete: new Set(rows.map((r) => r.plant_id).filter((id) => !unfinished.has(id))),
  };
}
