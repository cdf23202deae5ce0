import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { AlarmPush } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import type { AlarmBus } from './alarmBus.ts';
import { rowsOf } from '../../db/rowsOf.ts';

/** A comment line every so often keeps proxies from closing an idle stream [ms]. */
const HEARTBEAT_MS = 25_000;

/** The plants of `ids` that the caller may see. */
async function visible(db: Database, caller: Caller, ids: number[]): Promise<Set<number>> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select pl.id from plants pl where pl.id = any(${sql.param([...new Set(ids)])}::int[]) and ${plantScope(caller)}`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Streams the caller's alarm events as server-sent events: `alarm` when one occurs, `changed` when one recovers
 * or is confirmed, each with `AlarmPush` rows of the caller's plants only. Returns the function that ends it.
 * Events come from this instance's bus; with several instances the top bar's 30 s refresh covers the others'.
 */
export function openAlarmStream(
  { db, alarmBus: bus }: { db: Database; alarmBus: AlarmBus },
  caller: Caller,
  res: ServerResponse,
  onEnd: () => void,
): () => void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Reverse proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.write('retry: 5000\n\n');
  const forward = (event: 'alarm' | 'changed') => (alarms: AlarmPush[]) => {
    void visible(
      db,
      caller,
      alarms.map((a) => a.plantId),
    )
      .then((plants) => {
        const mine = alarms.filter((a) => plants.has(a.plantId));
        if (mine.length > 0 && !res.writableEnded)
          res.write(`event: ${event}\ndata: ${JSON.stringify(mine)}\n\n`);
      })
      .catch(() => undefined);
  };
  const onRaised = forward('alarm');
  const onChanged = forward('changed');
  bus.on('raised', onRaised);
  bus.on('changed', onChanged);
  const ping = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(ping);
    bus.off('raised', onRaised);
    bus.off('changed', onChanged);
    if (!res.writableEnded) res.end();
    onEnd();
  };
  res.on('close', end);
  return end;
}
