import { sql, type SQL } from 'drizzle-orm';
import { COMPACTED_COLUMNS } from './historyColumns.ts';

/**
 * Reading history, raw and compacted (docs/decisions/0018-compact-history.md). Every query of past readings goes
 * through `telemetry_between(from, to)` (migration telemetry-days), which returns the rows of `telemetry` and the
 * readings of `telemetry_days` alike; the helpers here cover what it cannot express cheaply.
 */

/** The arguments of `telemetry_day_readings` for the compacted row aliased `alias`, in the function's order. */
export const dayReadingArguments = (alias: string) =>
  COMPACTED_COLUMNS.map((c) => `${alias}.${c}`).join(', ');

/**
 * A superset of the newest `n` readings of one device before `before` (columns of `telemetry`, unordered): the
 * newest `n` raw rows and the readings of the newest `n + 1` compacted days. Each compacted day holds at least one
 * reading and at most one of them (the day of `before`) can hold none before it, so the newest `n` are among
 * these. The caller orders by ts descending and keeps `n`. `telemetry_between('-infinity', before)` would decode
 * the device's whole compacted history first.
 */
export const readingsBefore = (deviceId: SQL, before: SQL, n: number) => sql`
  (select * from telemetry where device_id = ${deviceId} and ts < ${before} order by ts desc limit ${n})
  union all
  select c.device_id, c.plant_id, r.*
  from (select * from telemetry_days where device_id = ${deviceId} and day <= (${before} at time zone 'UTC')::date
    order by day desc limit ${n + 1}) c
  cross join lateral telemetry_day_readings(${sql.raw(dayReadingArguments('c'))}) r
  where r.ts < ${before}`;
