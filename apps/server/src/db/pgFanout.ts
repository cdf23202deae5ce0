import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import pg from 'pg';
import type { OpenedDatabase } from './openDatabase.ts';

/** NOTIFY payloads must stay under 8 000 bytes: events are sent in parts of at most this many bytes. */
const MAX_NOTICE_BYTES = 7_000;

interface Notice {
  from: string;
  event: string;
  items: unknown[];
}

/** An event bus whose events each carry one array (alarms raised, commands changed...). */
type ArrayBus = Pick<EventEmitter, 'on' | 'off' | 'emit'>;

/**
 * Carries the events of an in-process bus to every other server instance on the same PostgreSQL, by
 * LISTEN/NOTIFY on `channel`, so that a console connected to any instance is pushed what another instance did
 * (the streams read their local bus). Each event's single argument is an array, sent in parts small enough for a
 * notification; an item too large for one alone is logged and left out. Events that came from another instance
 * are told to the local listeners and not sent back out. On PGlite there is one process and nothing to carry.
 * Returns a stop function.
 */
export async function startPgFanout(
  database: OpenedDatabase,
  bus: ArrayBus,
  options: { channel: string; events: readonly string[]; logger: { error(obj: object, msg: string): void } },
): Promise<() => Promise<void>> {
  if (database.client.kind !== 'postgres') return async () => undefined;
  const { pool } = database.client;
  const { channel, logger } = options;
  const self = randomUUID();
  const received = new WeakSet<unknown[]>();

  const listener = new pg.Client(pool.options);
  listener.on('error', (err) => logger.error({ err, channel }, 'fan-out connection failed'));
  listener.on('notification', (msg) => {
    if (msg.channel !== channel || !msg.payload) return;
    try {
      const notice = JSON.parse(msg.payload) as Notice;
      if (notice.from === self) return;
      received.add(notice.items);
      bus.emit(notice.event, notice.items);
    } catch (err) {
      logger.error({ err, channel }, 'fan-out: unreadable notification');
    }
  });
  await listener.connect();
  await listener.query(`listen ${channel}`);

  const notify = (event: string, items: unknown[]) =>
    pool
      .query('select pg_notify($1, $2)', [channel, JSON.stringify({ from: self, event, items })])
      .catch((err: unknown) => logger.error({ err, channel }, 'fan-out: notify failed'));
  const forward = (event: string) => (items: unknown[]) => {
    if (received.has(items)) return;
    let part: unknown[] = [];
    let bytes = 0;
    for (const item of items) {
      const size = Buffer.byteLength(JSON.stringify(item)) + 1;
      if (size > MAX_NOTICE_BYTES - 200) {
        logger.error({ channel, event, size }, 'fan-out: an item too large for a notification');
        continue;
      }
      if (bytes + size > MAX_NOTICE_BYTES - 200) {
        void notify(event, part);
        part = [];
        bytes = 0;
      }
      part.push(item);
      bytes += size;
    }
    if (part.length > 0) void notify(event, part);
  };
  const handlers = options.events.map((event) => [event, forward(event)] as const);
  for (const [event, handler] of handlers) bus.on(event, handler);
  return async () => {
    for (const [event, handler] of handlers) bus.off(event, handler);
    await listener.end().catch(() => undefined);
  };
}
