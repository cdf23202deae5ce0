import type { OpenedDatabase } from '../../db/openDatabase.ts';
import { startPgFanout } from '../../db/pgFanout.ts';
import type { StartupHook } from '../../startupHook.ts';
import type { AlarmBus } from './alarmBus.ts';

/**
 * Carries the alarm bus's events (raised, changed) to every other server instance on the same PostgreSQL
 * (`startPgFanout`, channel `solarops_alarms`), so that a console connected to any instance is pushed the alarms
 * another instance raised. Returns a stop function.
 */
export function startAlarmFanout(
  database: OpenedDatabase,
  bus: AlarmBus,
  logger: { error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  return startPgFanout(database, bus, { channel: 'solarops_alarms', events: ['raised', 'changed'], logger });
}

/** The fan-out beside the HTTP server. */
export const alarmFanoutHook: StartupHook = {
  name: 'alarm fan-out',
  start: ({ database, deps, logger }) => startAlarmFanout(database, deps.alarmBus, logger),
};
