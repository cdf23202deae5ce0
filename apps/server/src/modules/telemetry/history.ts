import { sql, type SQL } from 'drizzle-orm';
import { COMPACTED_COLUMNS, HISTORY_COLUMNS } from './historyColumns.ts';

/**
 * Reading history, raw and compacted (docs/decisions/0018-compact-history.md). The server reads past readings
 * through `readingsBetween(from, to, fields)`, which returns the rows of `telemetry` and the readings of
 * `telemetry_days` alike with the fields it is asked for; `telemetry_between(from, to)` (migration telemetry-days)
 * gives every field, for the compaction and the copy's checks.
 */

/** The arguments of `telemetry_day_readings` for the compacted row aliased `alias`, in the function's order. */
export const dayReadingArguments = (alias: string) =>
  COMPACTED_COLUMNS.map((c) => `${alias}.${c}`).join(', ');

/** A field of a reading a reader of history can ask for: a column of `telemetry` after `ts`. */
export type ReadingField = 'received_at' | (typeof HISTORY_COLUMNS)[number]['name'];

/** Every field of a reading, in the column order of `telemetry`. */
export const ALL_READING_FIELDS: readonly ReadingField[] = [
  'received_at',
  ...HISTORY_COLUMNS.map((c) => c.name as ReadingField),
];

const utcDay = (ts: SQL) => sql`((${ts}) at time zone 'UTC')::date`;

/**
 * The decoding of the asked fields of the compacted row `c`: the one array unnest of its time steps and of these
 * fields' arrays alone, and what each field's value is. A compacted row's arrays are each decompressed when
 * unnested, and PostgreSQL does not drop an unused array from a multi-array unnest, nor a join to an unused one:
 * a reader of two fields that went through every field paid for 22 arrays.
 */
function compactedDecoding(fields: readonly ReadingField[]) {
  // What is the same for every reading of a compacted row is worked out once per row, in `k` (OFFSET 0 keeps the
  // subquery from being pulled up and recomputed per reading): the day's start, each field's power of ten, and
  // the per-phase and per-string fields' flat arrays turned into values (each reading's slice cut after the
  // window). Per reading, decoding then costs the window's running sums and one division per field.
  const perRow = [`(c.day::timestamp at time zone 'UTC') as day_start`];
  // Running sums over the row's readings in order. Times are sums of microsecond steps, exact as doubles (below
  // 2^53) and cheaper than the numeric a bigint sum takes; a ROWS frame spares the window its search for peers.
  const unnested = ['c.ts_us'];
  const names = ['dts'];
  const windowed = [`k.day_start + (sum(u.dts::double precision) over w) * interval '1 microsecond' as ts`];
  const out: string[] = [];
  for (const field of fields) {
    if (field === 'received_at') {
      unnested.push('c.received_us');
      names.push('rus');
      windowed.push(
        `k.day_start + (first_value(u.dts::double precision) over w + sum(u.rus::double precision) over w) * interval '1 microsecond' as received_at`,
      );
      out.push('r.received_at');
      continue;
    }
    const index = HISTORY_COLUMNS.findIndex((c) => c.name === field);
    const c = HISTORY_COLUMNS[index]!;
    const scale = `c.scales[${index + 1}]`;
    if (c.counts) {
      unnested.push(`c.${c.counts}`);
      names.push(`${field}_n`);
      windowed.push(`u.${field}_n`, `sum(u.${field}_n) over w as ${field}_end`);
      perRow.push(
        c.form === 'steps'
          ? `telemetry_values(c.${field}, ${scale})::real[] as ${field}`
          : `c.${field} as ${field}`,
      );
      out.push(
        `case when r.${field}_n is not null then k.${field}[r.${field}_end - r.${field}_n + 1 : r.${field}_end] end`,
      );
      continue;
    }
    unnested.push(`c.${field}`);
    names.push(field);
    if (c.form === 'values') windowed.push(`u.${field}`);
    else {
      perRow.push(`10::double precision ^ ${scale} as ${field}_unit`);
      // A double field's steps (bigint) summed as doubles: its scaled values stay below 2^52 (scaleLimits), so
      // every running sum is exact, and a bigint sum would go through numeric.
      const sum =
        c.type === 'real'
          ? `(sum(u.${field}) over w)::double precision`
          : `sum(u.${field}::double precision) over w`;
      const value = `${sum} / k.${field}_unit`;
      windowed.push(
        `case when u.${field} is not null then ${c.type === 'real' ? `(${value})::real` : value} end as ${field}`,
      );
    }
    out.push(`r.${field}`);
  }
  return {
    columns: out,
    from: `cross join lateral (select ${perRow.join(', ')} offset 0) k
  cross join lateral (
    select ${windowed.join(',\n      ')}
    from unnest(${unnested.join(', ')}) with ordinality as u(${names.join(', ')}, i)
    window w as (order by u.i rows unbounded preceding)
  ) r`,
  };
}

/**
 * Every reading with from <= ts < to, raw or compacted, as a subquery with the columns `device_id`, `plant_id`,
 * `ts` and the asked fields (named as in `telemetry`): the one way the server reads history. A caller's conditions
 * on `device_id` or `plant_id` reach both tables' keys (name the devices as constants: a join alone lets the planner
 * read a small `telemetry_days` whole). `from` and `to` may refer to an outer query's columns (a lateral join).
 */
export function readingsBetween(from: SQL, to: SQL, fields: readonly ReadingField[]): SQL {
  const asked = [...new Set(fields)];
  const decoding = compactedDecoding(asked);
  const rawColumns = ['device_id', 'plant_id', 'ts', ...asked].join(', ');
  return sql`(select ${sql.raw(rawColumns)} from telemetry where ts >= ${from} and ts < ${to}
  union all
  select ${sql.raw(['c.device_id', 'c.plant_id', 'r.ts', ...decoding.columns].join(', '))}
  from telemetry_days c
  ${sql.raw(decoding.from)}
  where c.day >= ${utcDay(from)} and c.day <= ${utcDay(sql`${to} - interval '1 microsecond'`)}
    and r.ts >= ${from} and r.ts < ${to})`;
}

const DAY_MS = 86_400_000;

/**
 * How many readings one device has with fromMs <= ts < toMs, as a query with one column `n`. The compacted days
 * wholly inside the range are counted by the length of their time arrays, without decoding them; only the part
 * days at either end go through readingsBetween.
 */
export function readingCount(deviceId: number, fromMs: number, toMs: number): SQL {
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const decoded = (a: number, b: number) =>
    a >= b
      ? sql`0`
      : sql`(select count(*) from ${readingsBetween(at(a), at(b), [])} t where t.device_id = ${deviceId})`;
  const wholeFrom = Math.ceil(fromMs / DAY_MS) * DAY_MS;
  const wholeTo = Math.floor(toMs / DAY_MS) * DAY_MS;
  if (wholeFrom >= wholeTo) return sql`select ${decoded(fromMs, toMs)}::int as n`;
  const day = (ms: number) => sql`${new Date(ms).toISOString().slice(0, 10)}::date`;
  return sql`select (${decoded(fromMs, wholeFrom)} + ${decoded(wholeTo, toMs)}
    + (select count(*) from telemetry
        where device_id = ${deviceId} and ts >= ${at(wholeFrom)} and ts < ${at(wholeTo)})
    + (select coalesce(sum(cardinality(ts_us)), 0) from telemetry_days
        where device_id = ${deviceId} and day >= ${day(wholeFrom)} and day < ${day(wholeTo)}))::int as n`;
}

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

/**
 * When the devices first measured plane-of-array irradiance [ms since the epoch], as a query with one column
 * `first_ms` (null when they never did). A compacted day counts from its UTC midnight: its readings are not decoded
 * to find the first one.
 */
export function firstIrradianceMs(deviceIds: readonly number[]): SQL {
  const ids = sql.param([...deviceIds]);
  return sql`select least(
      (select extract(epoch from min(ts)) * 1000 from telemetry
        where device_id = any(${ids}::int[]) and poa_wm2 is not null),
      (select extract(epoch from min(day)::timestamp at time zone 'UTC') * 1000 from telemetry_days
        where device_id = any(${ids}::int[]))
    )::float8 as first_ms`;
}
