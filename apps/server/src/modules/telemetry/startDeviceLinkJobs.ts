import { sql } from 'drizzle-orm';
import { DEVICE_LIMITS } from '@solarops/contracts';
import type { Database, OpenedDatabase } from '../../db/openDatabase.ts';
import { partitionName, nextMonth, ensureTelemetryPartitions } from './partitions.ts';
import { recomputeDirtyRollups } from './rollups.ts';
import { deviceLinkEvents } from './deviceLinkEvents.ts';

/** Advisory lock keys of the device-link jobs (any fixed numbers, the same in every instance). */
const JOB_LOCK = { offline: 727_101, rollups: 727_102, partitions: 727_103 } as const;

export interface JobLogger {
  error(obj: object, msg: string): void;
}

/**
 * Marks collectors and devices offline after 3 reporting intervals without data (ARCHITECTURE §5). They come back
 * online with their next data, in the ingest transaction.
 */
export async function detectOffline(db: Database): Promise<void> {
  const n = DEVICE_LIMITS.offlineAfterIntervals;
  type Ids = { rows: { id: number }[] };
  const c = (await db.execute(sql`update collectors set online = false
    where online and (last_seen_at is null or last_seen_at < now() - make_interval(secs => report_interval_s * ${n}))
    returning id`)) as unknown as Ids;
  const d1 = (await db.execute(sql`update devices d set online = false
    from collectors c
    where d.collector_id = c.id and d.online
      and (d.last_seen_at is null or d.last_seen_at < now() - make_interval(secs => c.report_interval_s * ${n}))
    returning d.id`)) as unknown as Ids;
  const d2 = (await db.execute(sql`update devices set online = false
    where online and collector_id is null and last_seen_at < now() - make_interval(secs => ${DEVICE_LIMITS.defaultReportIntervalS * n})
    returning id`)) as unknown as Ids;
  const deviceIds = [...d1.rows, ...d2.rows].map((r) => r.id);
  if (c.rows.length > 0 || deviceIds.length > 0) {
    deviceLinkEvents(db).emit(
      'offline',
      c.rows.map((r) => r.id),
      deviceIds,
    );
  }
}

/** Creates this month's and the next month's telemetry partitions ahead of need. */
export async function createPartitionsAhead(db: Database, nowMs = Date.now()): Promise<string[]> {
  const month = new Date(nowMs).toISOString().slice(0, 7);
  const months = [month, nextMonth(month)];
  await ensureTelemetryPartitions(db, months);
  return months.map(partitionName);
}

/**
 * Runs `job` only if this instance holds its advisory lock, so that of many instances exactly one runs each job
 * (ARCHITECTURE §2). On PGlite there is one process, and the lock is always free.
 */
async function underLock(database: OpenedDatabase, key: number, job: () => Promise<unknown>): Promise<void> {
  const s = await database.session();
  try {
    const { rows } = await s.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
    if (!rows[0]?.locked) return;
    try {
      await job();
    } finally {
      await s.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await s.release();
  }
}

/**
 * The device-link jobs: offline detection every 30 s, rollups of dirty days every 15 s, partitions every hour.
 * Returns a stop function that waits for a run in progress.
 */
export function startDeviceLinkJobs(database: OpenedDatabase, logger: JobLogger): () => Promise<void> {
  const db = database.db;
  const running = new Set<Promise<void>>();
  const every = (name: keyof typeof JOB_LOCK, ms: number, job: () => Promise<unknown>) => {
    let busy = false;
    const run = () => {
      if (busy) return;
      busy = true;
      const p = underLock(database, JOB_LOCK[name], job)
        .catch((err: unknown) => logger.error({ err, job: name }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    run();
    return setInterval(run, ms);
  };
  const timers = [
    every('partitions', 3_600_000, () => createPartitionsAhead(db)),
    every('offline', 30_000, () => detectOffline(db)),
    every('rollups', 15_000, async () => {
      // Drain in slices so that one run never holds a transaction for long.
      while ((await recomputeDirtyRollups(db, 2000)) > 0);
    }),
  ];
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all([...running]);
  };
}
