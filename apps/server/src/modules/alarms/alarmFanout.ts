import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AlarmPush } from '@solarops/contracts';
import type { OpenedDatabase } from '../../db/openDatabase.ts';
import type { StartupHook } from '../../startupHook.ts';
import type { AlarmBus, AlarmBusEventMap } from './alarmBus.ts';

/** The PostgreSQL channel that carries alarm events between server instances. */
const CHANNEL = 'solarops_alarms';
/** Alarms per notification: NOTIFY payloads must stay under 8 000 bytes, and an alarm takes about 80. */
const ALARMS_PER_NOTIFY = 60;

type BusEvent = keyof AlarmBusEventMap;
interface Notice {
  from: string;
  event: BusEvent;
  alarms: AlarmPush[];
}

/**
 * Carries the alarm bus's events (raised, changed) to every other server instance on the same PostgreSQL, by
 * LISTEN/NOTIFY, so that a console connected to any instance is pushed the alarms another instance raised
 * (the alarm stream reads the local bus). On PGlite there is one process and nothing to carry. Returns a stop
 * function.
 */
export async function startAlarmFanout(
  database: OpenedDatabase,
  bus: AlarmBus,
  logger: { error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  if (database.client.kind !== 'postgres') return async () => undefined;
  const { pool } = database.client;
  const self = randomUUID();
  // Events that came from another instance: told to the local listeners, not sent back out.
  const received = new WeakSet<AlarmPush[]>();

  const listener = new pg.Client(pool.options);
  listener.on('error', (err) => logger.error({ err }, 'alarm fan-out connection failed'));
  listener.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const notice = JSON.parse(msg.payload) as Notice;
      if (notice.from === self) return;
      received.add(notice.alarms);
      bus.emit(notice.event, notice.alarms);
    } catch (err) {
      logger.error({ err }, 'alarm fan-out: unreadable notification');
    }
  });
  await listener.connect();
  await listener.query(`listen ${CHANNEL}`);

  const forward = (event: BusEvent) => (alarms: AlarmPush[]) => {
    if (received.has(alarms)) return;
    for (let i = 0; i < alarms.length; i += ALARMS_PER_NOTIFY) {
      const notice: Notice = { from: self, event, alarms: alarms.slice(i, i + ALARMS_PER_NOTIFY) };
      pool
        .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(notice)])
        .catch((err: unknown) => logger.error({ err }, 'alarm fan-out: notify failed'));
    }
  };
  const onRaised = forward('raised');
  const onChanged = forward('changed');
  bus.on('raised', onRaised);
  bus.on('changed', onChanged);
  return async () => {
    bus.off('raised', onRaised);
    bus.off('changed', onChanged);
    await listener.end().catch(() => undefined);
  };
}

/** The fan-out beside the HTTP server. */
export const alarmFanoutHook: StartupHook = {
  name: 'alarm fan-out',
  start: ({ database, deps, logger }) => startAlarmFanout(database, deps.alarmBus, logger),
};
