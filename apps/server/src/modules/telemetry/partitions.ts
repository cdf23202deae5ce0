import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';

/** Partition name of month 'YYYY-MM'. */
export const partitionName = (month: string) => `telemetry_y${month.slice(0, 4)}m${month.slice(5, 7)}`;

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Creates the monthly partitions of `telemetry` for `months` ('YYYY-MM', UTC months) unless they exist. Called
 * ahead by the partition job and on demand by the ingest and the backfill.
 */
export async function ensureTelemetryPartitions(db: Database, months: readonly string[]): Promise<void> {
  for (const month of months) {
    if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`bad month ${month}`);
    const from = `${month}-01T00:00:00Z`;
    const to = `${nextMonth(month)}-01T00:00:00Z`;
    try {
      await db.execute(
        sql.raw(
          `create table if not exists ${partitionName(month)} partition of telemetry for values from ('${from}') to ('${to}')`,
        ),
      );
    } catch (err) {
      // Another instance created it at the same moment.
      if (!/already exists/.test((err as Error).message)) throw err;
    }
  }
}
