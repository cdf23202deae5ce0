import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { openEventStream } from '../../http/eventStream.ts';
import type { CommandCenter, CommandEvents } from '../commands/index.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';

/** Changes are told at most this often, so that a thousand devices' reports are one refresh of the screen [ms]. */
const COALESCE_MS = 500;
/**
 * The rollout's own state (done, paused, stopped, its group) is moved by the rollout job, on whichever instance
 * holds the scheduler's lock, not by a device's report: it is read this often and told when it moved [ms].
 */
const STATE_EVERY_MS = 2000;

/**
 * Streams `event: changed` (data: the rollout's id) whenever an upgrade of the rollout's plants in the caller's
 * scope changes state or stage, at most every half second, and when the rollout's own state or group moved (read
 * every 2 s): the screen then reads its devices and counts again, so that what it shows is always what the
 * database holds. Returns the function that ends it.
 */
export async function openRolloutStream(
  db: Database,
  center: CommandCenter,
  caller: Caller,
  rolloutId: string,
  res: ServerResponse,
  onEnd: () => void,
): Promise<() => void> {
  const plants = new Set(
    (
      await rowsOf<{ plant_id: number }>(
        db,
        sql`select distinct rd.plant_id from firmware_rollout_devices rd join plants pl on pl.id = rd.plant_id
          where rd.rollout_id = ${rolloutId} and ${plantScope(caller)}`,
      )
    ).map((r) => r.plant_id),
  );
  let timer: NodeJS.Timeout | undefined;
  const stateOf = async () =>
    JSON.stringify(
      await rowsOf(db, sql`select state, halt, current_group from firmware_rollouts where id = ${rolloutId}`),
    );
  let state = await stateOf();
  const watch = setInterval(() => {
    void stateOf()
      .then((now) => {
        if (now === state) return;
        state = now;
        stream.send('changed', rolloutId);
      })
      .catch(() => undefined);
  }, STATE_EVERY_MS);
  watch.unref();
  const stream = openEventStream(res, () => {
    center.events.off('changed', forward);
    clearTimeout(timer);
    clearInterval(watch);
    onEnd();
  });
  const forward = (changes: CommandEvents['changed'][0]) => {
    if (timer || !changes.some((c) => plants.has(c.plantId))) return;
    timer = setTimeout(() => {
      timer = undefined;
      stream.send('changed', rolloutId);
    }, COALESCE_MS);
  };
  center.events.on('changed', forward);
  return stream.end;
}
