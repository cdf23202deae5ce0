import { scheduleJobs } from '../../jobs/scheduleJobs.ts';
import type { StartupHook } from '../../startupHook.ts';
import { linkOccurrences, runWorkOrderRules } from './service.ts';
import { sendSlaWarnings } from './slaWarnings.ts';
import { announceWorkOrders } from './workOrderBus.ts';

/**
 * The work-order jobs: every minute the rules open orders for alarms that have lasted long enough and new
 * occurrences join their open orders; the SLA warnings go out at 80 % and 100 %. One instance runs each.
 */
export const workOrderJobsHook: StartupHook = {
  name: 'work order jobs',
  async start({ database, deps, logger }) {
    return scheduleJobs(database, logger, [
      {
        name: 'work order rules',
        lockKey: 727_401,
        everyMs: 60_000,
        run: async () => {
          const opened = await runWorkOrderRules(database.db, new Date());
          await linkOccurrences(database.db);
          await announceWorkOrders(database.db, deps.workOrderBus, opened);
        },
      },
      {
        name: 'work order SLA',
        lockKey: 727_402,
        everyMs: 60_000,
        run: () => sendSlaWarnings({ db: database.db, mailer: deps.mailer }, new Date()),
      },
    ]);
  },
};
