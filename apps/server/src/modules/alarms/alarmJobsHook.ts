import type { StartupHook } from '../../startupHooks.ts';
import { sendAlarmDigests } from '../notifications/alarmMails.ts';
import { runAnalysisRules } from './analysisRules.ts';

/** Advisory lock keys of the alarm jobs (fixed numbers, the same in every instance). */
const LOCK = { rules: 727_201, digests: 727_202 } as const;
const EVERY_MS = { rules: 5 * 60_000, digests: 5 * 60_000 } as const;

/**
 * The alarm jobs beside the HTTP server: the analysis rules and the alarm mail digests, every 5 minutes, each run
 * by one instance only (PostgreSQL advisory lock, ARCHITECTURE §2).
 */
export const alarmJobsHook: StartupHook = {
  name: 'alarm jobs',
  async start({ database, app, logger }) {
    const running = new Set<Promise<void>>();
    const every = (name: keyof typeof LOCK, job: () => Promise<unknown>) => {
      let busy = false;
      const run = () => {
        if (busy) return;
        busy = true;
        const p = (async () => {
          const s = await database.session();
          try {
            const { rows } = await s.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
              LOCK[name],
            ]);
            if (!rows[0]?.locked) return;
            try {
              await job();
            } finally {
              await s.query('select pg_advisory_unlock($1)', [LOCK[name]]);
            }
          } finally {
            await s.release();
          }
        })()
          .catch((err: unknown) => logger.error({ err, job: name }, 'job failed'))
          .finally(() => {
            busy = false;
            running.delete(p);
          });
        running.add(p);
      };
      return setInterval(run, EVERY_MS[name]);
    };
    const timers = [
      every('rules', () => runAnalysisRules(database.db)),
      every('digests', () => sendAlarmDigests(database.db, app.deps.mailer)),
    ];
    return async () => {
      for (const t of timers) clearInterval(t);
      await Promise.all([...running]);
    };
  },
};
