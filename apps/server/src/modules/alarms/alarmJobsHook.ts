import { scheduleJobs } from '../../jobs/scheduleJobs.ts';
import type { StartupHook } from '../../startupHook.ts';
import { sendAlarmDigests } from '../notifications/alarmMails.ts';
import { runAnalysisRules } from './analysisRules.ts';

/**
 * The alarm jobs beside the HTTP server: the analysis rules and the alarm mail digests, every 5 minutes, each run
 * by one instance only (PostgreSQL advisory lock, ARCHITECTURE §2).
 */
export const alarmJobsHook: StartupHook = {
  name: 'alarm jobs',
  async start({ database, deps, logger }) {
    return scheduleJobs(database, logger, [
      { name: 'rules', lockKey: 727_201, everyMs: 5 * 60_000, run: () => runAnalysisRules(deps) },
      {
        name: 'digests',
        lockKey: 727_202,
        everyMs: 5 * 60_000,
        run: () => sendAlarmDigests(database.db, deps.mailer),
      },
    ]);
  },
};
