import { scheduleJobs } from '../../jobs/scheduleJobs.ts';
import type { StartupHook } from '../../startupHook.ts';
import { COMMAND_JOB_SECONDS } from '../commands/index.ts';
import { rolloutTurn } from './rollouts.ts';
import { restartStalledTransfers } from './stalledTransfers.ts';

/**
 * The rollout job, under the scheduler's advisory lock (one instance at a time), at the command job's pace:
 * judges each running rollout's thresholds, starts the devices its group and rate limit allow, and lets held
 * downloads install when their plant is in its maintenance window. Beside it, once a minute, downloads whose
 * device went silent are started again or failed (`stalledTransfers.ts`).
 */
export const rolloutJobsHook: StartupHook = {
  name: 'rollout jobs',
  async start({ config, database, deps, logger }) {
    return scheduleJobs(database, logger, [
      {
        name: 'rollouts',
        lockKey: 727_317,
        everyMs: (config.commandJobSeconds ?? COMMAND_JOB_SECONDS) * 1000,
        atStart: true,
        run: () => rolloutTurn(deps),
      },
      {
        name: 'stalled firmware transfers',
        lockKey: 727_318,
        everyMs: 60_000,
        run: () => restartStalledTransfers(deps),
      },
    ]);
  },
};
