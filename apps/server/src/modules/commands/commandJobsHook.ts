import { scheduleJobs } from '../../jobs/scheduleJobs.ts';
import type { StartupHook } from '../../startupHook.ts';

/** How often queued commands are sent, unacknowledged ones re-sent and old ones expired, by default [s]. */
export const COMMAND_JOB_SECONDS = 10;

/**
 * The command job beside the HTTP server, under the scheduler's advisory lock (one instance at a time): ends
 * what outlived its time-to-live first (so that nothing expired is sent), then sends what is queued for online
 * collectors and re-sends what they did not acknowledge. A collector reconnecting gets its commands within
 * one turn.
 */
export const commandJobsHook: StartupHook = {
  name: 'command jobs',
  async start({ config, database, deps, logger }) {
    return scheduleJobs(database, logger, [
      {
        name: 'commands',
        lockKey: 727_301,
        everyMs: (config.commandJobSeconds ?? COMMAND_JOB_SECONDS) * 1000,
        atStart: true,
        run: async () => {
          await deps.commandCenter.expire();
          await deps.commandCenter.dispatch();
        },
      },
    ]);
  },
};
