import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { openEventStream } from '../../http/eventStream.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { seesAll } from '../users/dataScope.ts';
import type { CommandCenter, CommandEvents } from './CommandCenter.ts';

/**
 * Streams the state changes of the caller's commands as server-sent events (`event: command`, data: the
 * `CommandPush` rows of plants in the caller's scope: one scope query per group of changes, none for a caller
 * who sees all). Returns the function that ends it.
 */
export function openCommandStream(
  db: Database,
  center: CommandCenter,
  caller: Caller,
  res: ServerResponse,
  onEnd: () => void,
): () => void {
  const stream = openEventStream(res, () => {
    center.events.off('changed', forward);
    onEnd();
  });
  const forward = (changes: CommandEvents['changed'][0]) => {
    // A caller who sees every plant is sent everything without asking the database.
    if (seesAll(caller))
      return stream.send(
        'command',
        changes.map((c) => c.push),
      );
    const ids = [...new Set(changes.map((c) => c.plantId))];
    void rowsOf<{ id: number }>(
      db,
      sql`select pl.id from plants pl where pl.id = any(${sql.param(ids)}::int[]) and ${plantScope(caller)}`,
    )
      .then((rows) => {
        const visible = new Set(rows.map((r) => r.id));
        const mine = changes.filter((c) => visible.has(c.plantId)).map((c) => c.push);
        if (mine.length > 0) stream.send('command', mine);
      })
      .catch(() => undefined);
  };
  center.events.on('changed', forward);
  return stream.end;
}
