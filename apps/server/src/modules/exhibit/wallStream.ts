import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { openEventStream } from '../../http/eventStream.ts';
import type { AlarmBus } from '../alarms/alarmBus.ts';
import { plantScope } from '../plants/plantScope.ts';
import type { DeviceLinkEvents } from '../deviceLink/deviceLinkEvents.ts';
import type { WorkOrderBus } from '../workOrders/workOrderBus.ts';
import { displayLinkActive } from './displayLinks.ts';
import type { WallViewer } from './wallGuard.ts';

/** How often an open stream of a display link checks that the link was neither revoked nor has expired [ms]. */
const REVOCATION_CHECK_MS = 25_000;
/** Changes within this time go out as one push: a fleet reporting at once must not make every wall refetch per batch [ms]. */
export const WALL_PUSH_COALESCE_MS = 1_000;
/** How long the set of the viewer's plants is trusted before it is read again [ms]. */
const SCOPE_TTL_MS = 60_000;

/**
 * Streams `changed` (server-sent events) to a wall whenever a reading of its plants is stored, an alarm of its
 * plants occurs or changes, a work order of its plants is opened or moved, or devices go offline or come back; the wall then refetches its screen. A display link
 * revoked or expired while its wall is open gets `revoked` and the stream ends. Returns the function that ends it.
 */
export function openWallStream(
  {
    db,
    deviceLink,
    alarmBus,
    workOrderBus,
  }: {
    db: Database;
    deviceLink: { events: DeviceLinkEvents };
    alarmBus: AlarmBus;
    workOrderBus: WorkOrderBus;
  },
  viewer: WallViewer,
  res: ServerResponse,
  onEnd: () => void,
): () => void {
  let plants: { ids: Set<number>; at: number } | undefined;
  const visiblePlants = async () => {
    if (plants && Date.now() - plants.at < SCOPE_TTL_MS) return plants.ids;
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`select pl.id from plants pl where ${plantScope(viewer.caller)}`,
    );
    plants = { ids: new Set(rows.map((r) => r.id)), at: Date.now() };
    return plants.ids;
  };

  const stream = openEventStream(res, () => {
    clearInterval(check);
    clearTimeout(pending);
    deviceLink.events.off('telemetry', onTelemetry);
    deviceLink.events.off('offline', onLink);
    deviceLink.events.off('online', onLink);
    alarmBus.off('raised', onAlarms);
    alarmBus.off('changed', onAlarms);
    workOrderBus.off('changed', onWorkOrders);
    onEnd();
  });

  let pending: NodeJS.Timeout | undefined;
  const push = () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      stream.send('changed', { at: new Date().toISOString() });
    }, WALL_PUSH_COALESCE_MS);
  };
  const forPlants = (ids: number[]) => {
    void visiblePlants()
      .then((mine) => {
        if (ids.some((id) => mine.has(id))) push();
      })
      .catch(() => undefined);
  };
  const onTelemetry = (readings: { plantId: number }[]) => forPlants(readings.map((r) => r.plantId));
  const onAlarms = (alarms: { plantId: number }[]) => forPlants(alarms.map((a) => a.plantId));
  const onWorkOrders = (orders: { plantId: number }[]) => forPlants(orders.map((o) => o.plantId));
  // Offline and online name collectors, not plants: a wall refetches on any (they are rare).
  const onLink = () => push();
  deviceLink.events.on('telemetry', onTelemetry);
  deviceLink.events.on('offline', onLink);
  deviceLink.events.on('online', onLink);
  alarmBus.on('raised', onAlarms);
  alarmBus.on('changed', onAlarms);
  workOrderBus.on('changed', onWorkOrders);

  // A display link revoked or expired while its wall is open: the wall hears it at the next check and the stream ends.
  const linkId = viewer.linkId;
  const check =
    linkId === undefined
      ? undefined
      : setInterval(() => {
          void displayLinkActive(db, linkId)
            .then((active) => {
              if (active) return;
              stream.send('revoked', {});
              stream.end();
            })
            .catch(() => undefined);
        }, REVOCATION_CHECK_MS);
  return stream.end;
}
