import { scheduleJobs } from '../../jobs/scheduleJobs.ts';
import type { StartupHook } from '../../startupHook.ts';
import { mailDueReports } from './scheduledReports.ts';

/** The scheduled reports: every minute one instance mails the templates whose period is due. */
export const reportJobsHook: StartupHook = {
  name: 'report jobs',
  async start({ database, deps, logger }) {
    return scheduleJobs(database, logger, [
      {
        name: 'scheduled reports',
        lockKey: 727_501,
        everyMs: 60_000,
        run: async () => void (await mailDueReports(database.db, deps.mailer)),
      },
    ]);
  },
};
