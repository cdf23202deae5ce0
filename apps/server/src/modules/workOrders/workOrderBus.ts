import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';

/** A work order that was opened or moved, with its plant (listeners keep to the plants they show). */
export interface WorkOrderChange {
  id: number;
  plantId: number;
}

/** What the work orders tell their listeners (the display walls' push stream, the fan-out). */
export interface WorkOrderBusEventMap {
  changed: [orders: WorkOrderChange[]];
}

export type WorkOrderBus = EventEmitter<WorkOrderBusEventMap>;

/** The in-process work-order events of one app (built once by `buildDeps`, carried in `app.deps.workOrderBus`). */
export function createWorkOrderBus(): WorkOrderBus {
  const bus = new EventEmitter<WorkOrderBusEventMap>();
  // One listener per open wall stream.
  bus.setMaxListeners(0);
  return bus;
}

/** Tells the bus that the orders `ids` were opened or moved (their plants are read here). */
export async function announceWorkOrders(
  db: Database,
  bus: WorkOrderBus,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await rowsOf<{ id: number; plant_id: number }>(
    db,
    sql`select id, plant_id from work_orders where id = any(${sql.param([...ids])}::int[])`,
  );
  if (rows.length > 0)
    bus.emit(
      'changed',
      rows.map((r) => ({ id: r.id, plantId: r.plant_id })),
    );
}
