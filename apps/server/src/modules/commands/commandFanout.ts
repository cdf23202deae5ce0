import type { OpenedDatabase } from '../../db/openDatabase.ts';
import { startPgFanout } from '../../db/pgFanout.ts';
import type { StartupHook } from '../../startupHook.ts';
import type { CommandCenter } from './CommandCenter.ts';

/**
 * Carries the command state changes (`CommandCenter.events` `changed`) to every other server instance on the same
 * PostgreSQL (`startPgFanout`, channel `solarops_commands`, as the alarms do), so that `/commands/stream` on any
 * instance pushes what another instance's device link or job did. Returns a stop function.
 */
export function startCommandFanout(
  database: OpenedDatabase,
  center: CommandCenter,
  logger: { error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  return startPgFanout(database, center.events, {
    channel: 'solarops_commands',
    events: ['changed'],
    logger,
  });
}

/** The fan-out beside the HTTP server. */
export const commandFanoutHook: StartupHook = {
  name: 'command fan-out',
  start: ({ database, deps, logger }) => startCommandFanout(database, deps.commandCenter, logger),
};
