import { sql, type SQL } from 'drizzle-orm';
import { DEVICE_LIMITS } from '@solarops/contracts';
import type { Database, OpenedDatabase } from '../../db/openDatabase.ts';
import { arrayLiteral } from '../../db/arrayLiteral.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { scheduleJobs, type JobLogger } from '../../jobs/scheduleJobs.ts';
import { partitionName, nextMonth, ensureTelemetryPartitions } from '../telemetry/partitions.ts';
import { DEFAULT_HISTORY, type HistorySettings } from '../../config.ts';
import { compactHistory } from '../telemetry/compactHistory.ts';
import { applyRetention } from '../telemetry/retention.ts';
import { recomputeDirtyRollups } from '../telemetry/rollups.ts';
import type { DeviceLinkEvents } from './deviceLinkEvents.ts';
import type { ListeningClock } from './ListeningClock.ts';

/**
 * Marks collectors and devices offline after 3 reporting intervals without data (ARCHITECTURE §5), counting only
 * the time the server was listening (`listening`): the stretches in which it could not hear them (its event loop
 * blocked, its ingest unable to store) are not their silence. They come back online with their next data, in the
 * ingest transaction. Those that went offline are told on `events`.
 */
export async function detectOffline(
  db: Database,
  events: DeviceLinkEvents,
  listening?: ListeningClock,
): Promise<void> {
  const n = DEVICE_LIMITS.offlineAfterIntervals;
  const stalls = listening?.stallsUntilNow() ?? [];
  // Judged up to this moment (the stalls are known up to it), or the database's now if its clock is behind.
  const asOf = listening ? sql`least(now(), ${new Date().toISOString()}::timestamptz)` : sql`now()`;
  const iso = (ms: number) => new Date(ms).toISOString();
  const froms = arrayLiteral(stalls.map((s) => iso(s.from)));
  const tos = arrayLiteral(stalls.map((s) => iso(s.to)));
  /** Time since `lastSeen` that the server was listening. */
  const heardSilence = (lastSeen: SQL) => sql`(${asOf} - ${lastSeen} - coalesce((
      select sum(least(s.t, ${asOf}) - greatest(s.f, ${lastSeen}))
      from unnest(${froms}::timestamptz[], ${tos}::timestamptz[]) as s(f, t)
      where s.t > ${lastSeen} and s.f < ${asOf}), interval '0'))`;
  const c = await rowsOf<{ id: number }>(
    db,
    sql`update collectors set online = false
    where online and (last_seen_at is null
      or ${heardSilence(sql`last_seen_at`)} > make_interval(secs => report_interval_s * ${n}))
    returning id`,
  );
  const d1 = await rowsOf<{ id: number }>(
    db,
    sql`update devices d set online = false
    from collectors c
    where d.collector_id = c.id and d.online
      and (d.last_seen_at is null
        or ${heardSilence(sql`d.last_seen_at`)} > make_interval(secs => c.report_interval_s * ${n}))
    returning d.id`,
  );
  const d2 = await rowsOf<{ id: number }>(
    db,
    sql`update devices set online = false
    where online and collector_id is null
      and ${heardSilence(sql`last_seen_at`)} > make_interval(secs => ${DEVICE_LIMITS.defaultReportIntervalS * n})
    returning id`,
  );
  const deviceIds = [...d1, ...d2].map((r) => r.id);
  if (c.length > 0 || deviceIds.length > 0) {
    events.emit(
      'offline',
      c.map((r) => r.id),
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
 * Compacts the readings older than the configured age (decision 0018), then applies each table's retention.
 * Returns what it did, for the job's log.
 */
export async function maintainHistory(db: Database, history: HistorySettings, nowMs = Date.now()) {
  const compacted = await compactHistory(db, new Date(nowMs - history.compactAfterDays * 86_400_000));
  const removed = await applyRetention(db, history.retentionDays, nowMs);
  return { compacted, removed };
}

/**
 * The device-link jobs: offline detection every 30 s, rollups of dirty days every 15 s, partitions every hour, each
 * also at start; history (compaction, retention) every hour, first an hour after start. Returns a stop function
 * that waits for a run in progress.
 */
export function startDeviceLinkJobs(
  database: OpenedDatabase,
  events: DeviceLinkEvents,
  logger: JobLogger,
  history: HistorySettings = DEFAULT_HISTORY,
  listening?: ListeningClock,
): () => Promise<void> {
  const db = database.db;
  return scheduleJobs(database, logger, [
    {
      name: 'partitions',
      lockKey: 727_103,
      everyMs: 3_600_000,
      atStart: true,
      run: () => createPartitionsAhead(db),
    },
    {
      name: 'history',
      lockKey: 727_104,
      everyMs: 3_600_000,
      // Not at start: a server starting on days of history (the demo's backfill) first serves, then compacts.
      atStart: false,
      run: () => maintainHistory(db, history),
    },
    {
      name: 'offline',
      lockKey: 727_101,
      everyMs: 30_000,
      atStart: true,
      run: () => detectOffline(db, events, listening),
    },
    {
      name: 'rollups',
      lockKey: 727_102,
      everyMs: 15_000,
      atStart: true,
      run: async () => {
        // Drain in slices so that one run never holds a transaction for long.
        while ((await recomputeDirtyRollups(db, 2000)) > 0);
      },
    },
  ]);
}
