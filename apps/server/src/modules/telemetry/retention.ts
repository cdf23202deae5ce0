import { sql } from 'drizzle-orm';
import type { HistorySettings } from '../../config.ts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { dropEmptyPartitions } from './compactHistory.ts';

const DAY_MS = 86_400_000;

/** Rows each retention removed, by table. */
export type RetentionResult = Record<string, number>;

const deleted = async (db: Database, statement: ReturnType<typeof sql>) =>
  (
    await rowsOf<{ n: number }>(
      db,
      sql`with d as (${statement} returning 1) select count(*)::int as n from d`,
    )
  )[0]!.n;

/**
 * Deletes what is older than each table's configured retention (none by default): readings raw and compacted
 * (whole compacted days, and the raw partitions that leaves empty), quarantined readings and fault records.
 */
export async function applyRetention(
  db: Database,
  retention: HistorySettings['retentionDays'],
  nowMs = Date.now(),
): Promise<RetentionResult> {
  const result: RetentionResult = {};
  const cutoff = (days: number) => new Date(nowMs - days * DAY_MS).toISOString();
  if (retention.readings !== undefined) {
    const before = cutoff(retention.readings);
    result.telemetry_days = await deleted(
      db,
      sql`delete from telemetry_days where day < (${before}::timestamptz at time zone 'UTC')::date`,
    );
    result.telemetry = await deleted(db, sql`delete from telemetry where ts < ${before}::timestamptz`);
    await dropEmptyPartitions(db, before);
  }
  if (retention.quarantine !== undefined)
    result.telemetry_quarantine = await deleted(
      db,
      sql`delete from telemetry_quarantine where received_at < ${cutoff(retention.quarantine)}::timestamptz`,
    );
  if (retention.faultRecords !== undefined)
    result.fault_records = await deleted(
      db,
      sql`delete from fault_records where ts < ${cutoff(retention.faultRecords)}::timestamptz`,
    );
  return result;
}
