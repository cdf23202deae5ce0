import type { OpenedDatabase } from '../db/openDatabase.ts';

export interface JobLogger {
  error(obj: object, msg: string): void;
  /** Each run, with its start [ms since 1970] and length [ms]: several instances' logs show that runs never overlap. */
  debug?(obj: object, msg: string): void;
}

/** A background job run every `everyMs` by one server instance at a time. */
export interface ScheduledJob {
  name: string;
  /** Its PostgreSQL advisory lock key: a fixed number, the same in every instance, unique among jobs (a test checks). */
  lockKey: number;
  everyMs: number;
  /** Also run once at once, rather than first after `everyMs`. */
  atStart?: boolean;
  run: () => Promise<unknown>;
}

/**
 * Runs `job` only if this instance holds its advisory lock, so that of many instances exactly one runs each job
 * (ARCHITECTURE §2). The lock is a session lock on a connection of its own, held for the whole run. On PGlite
 * there is one process, and the lock is always free.
 */
async function underLock(
  database: OpenedDatabase,
  key: number,
  job: () => Promise<unknown>,
  ran: (startMs: number, ms: number) => void,
): Promise<void> {
  const s = await database.session();
  try {
    const { rows } = await s.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
    if (!rows[0]?.locked) return;
    const startMs = Date.now();
    try {
      await job();
    } finally {
      ran(startMs, Date.now() - startMs);
      await s.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await s.release();
  }
}

/**
 * Starts the background jobs of a module. A run that is still going when its next turn comes makes that turn
 * skip; a failed run is logged and the next turn runs as usual. Returns a stop function that waits for the runs
 * in progress.
 */
export function scheduleJobs(
  database: OpenedDatabase,
  logger: JobLogger,
  jobs: readonly ScheduledJob[],
): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const turn = () => {
      if (busy) return;
      busy = true;
      const p = underLock(database, job.lockKey, job.run, (startMs, ms) =>
        logger.debug?.({ job: job.name, startMs, ms }, 'job ran'),
      )
        .catch((err: unknown) => logger.error({ err, job: job.name }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    if (job.atStart) turn();
    return setInterval(turn, job.everyMs);
  });
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all([...running]);
  };
}
