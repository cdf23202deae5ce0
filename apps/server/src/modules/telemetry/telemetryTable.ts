import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { readingColumns } from './readingColumns.ts';

/**
 * The readings: one row per device and device time, partitioned by month on `ts` (monthly partitions
 * `telemetry_yYYYYmMM`, created ahead by a job and on demand). Typed columns for every field, arrays for the
 * phases and the up to 12 PV strings, `received_at` (server time) beside `ts` (device time).
 *
 * Not listed in drizzle.config.ts: the table is created by the hand-written migration `telemetry-partitioned`,
 * since drizzle-kit cannot declare partitioning. This definition only types queries.
 */
export const telemetry = pgTable(
  'telemetry',
  {
    deviceId: integer('device_id').notNull(),
    ...readingColumns(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] })],
);
