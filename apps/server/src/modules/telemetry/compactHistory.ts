import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { arrayLiteral } from '../../db/arrayLiteral.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { dayReadingArguments } from './history.ts';
import { COMPACTED_COLUMNS, HISTORY_COLUMNS, scaleLimits, type HistoryColumn } from './historyColumns.ts';

/** Devices whose old readings one transaction compacts: a few hundred device days, never a long lock. */
const DEVICES_PER_BATCH = 50;

const LISTS = HISTORY_COLUMNS.filter((c) => c.counts);

/** `v` scaled by 10^`decimals` to the nearest integer, in double precision. */
const scaledValue = (v: string, decimals: string) => `round(${v}::float8 * 10::float8 ^ ${decimals})`;

/**
 * The decimals of a day's values of one field (the array `vals`): the fewest at which every value comes back
 * exactly through the reader's own arithmetic (the integer divided by 10^decimals in double precision, cast to the
 * field's type), at most the field's limit and with its integers below their bound. Found in double precision,
 * each value scaled and divided; only a day that no such decimals fit (values of very different sizes, which are
 * then rounded) takes `telemetry_decimals`, which finds them from each value's text through `numeric` (with it
 * for every day, the compaction's PostgreSQL CPU per reading was 2.4 times that of float arrays). NULL when the day
 * has no value.
 */
const decimalsOf = (vals: string, c: HistoryColumn) => {
  const { maxScaled, maxDecimals } = scaleLimits(c);
  const back = `(${scaledValue('u.v', 'g.k')} / 10::float8 ^ g.k)${c.type === 'real' ? '::real' : ''}`;
  return `case when ${vals} is not null then coalesce(
    (select g.k from generate_series(0, ${maxDecimals}) as g(k)
      where not exists (select 1 from unnest(${vals}) as u(v)
        where u.v is not null and (abs(u.v::float8) * 10::float8 ^ g.k > ${maxScaled} or ${back} <> u.v))
      order by g.k limit 1),
    telemetry_decimals(${vals}, ${maxScaled}, ${maxDecimals})) end`;
};

/**
 * The encoded form of the aggregated day arrays of `scaled` (its `scales` beside them), in table order: a scaled
 * field's values as integers at its decimals, each the step from the value before (NULLs stay NULL and are
 * skipped), as `telemetry_steps` of migration telemetry-days-steps does through `numeric`.
 */
const encoded = (c: HistoryColumn, index: number) => {
  if (c.form === 'values') return `s.${c.name}`;
  const steps = `(select array_agg(x.step order by x.i) from (
      select i, n - coalesce(lag(n) over (partition by n is null order by i), 0) as step
      from (select i, ${scaledValue('v', `s.scales[${index + 1}]`)}::bigint as n
        from unnest(s.${c.name}) with ordinality as u(v, i)) y
    ) x)`;
  return c.type === 'real' ? `${steps}::integer[]` : steps;
};

const utcDay = (ts: string) => `(${ts} at time zone 'UTC')::date`;
const microseconds = (ts: string) => `(extract(epoch from ${ts}) * 1000000)::bigint`;

/**
 * One statement that compacts the readings of `$1` (device ids) older than `$2`: it deletes their raw rows and the
 * compacted rows of the same days (late readings are merged into their day), and writes one row per device, UTC
 * day and plant. A reading present in both (re-sent after it was compacted) is kept once, as first stored.
 * Everything in one statement: the raw rows are gone only if the compacted rows are written.
 */
function compactStatement(deviceIds: readonly number[], before: string) {
  return sql`
with raw as (
  delete from telemetry where device_id = any(${arrayLiteral(deviceIds)}::int[]) and ts < ${before}::timestamptz returning *
)${sql.raw(COMPACT_REST)}`;
}

/** The statement after its first part. */
const COMPACT_REST = `, days as (
  select distinct device_id, ${utcDay('ts')} as day from raw
), old as (
  delete from telemetry_days c using days k where c.device_id = k.device_id and c.day = k.day returning c.*
), readings as (
  select distinct on (device_id, ts) * from (
    select 0 as first, o.device_id, o.plant_id, r.* from old o cross join lateral telemetry_day_readings(${dayReadingArguments('o')}) r
    union all
    select 1, raw.* from raw
  ) x order by device_id, ts, first
), steps as (
  select readings.*, ${utcDay('ts')} as day,
    ${microseconds('ts')} - coalesce(lag(${microseconds('ts')}) over w, ${microseconds(`${utcDay('ts')}::timestamp at time zone 'UTC'`)}) as ts_step,
    ${microseconds('received_at')} - coalesce(lag(${microseconds('received_at')}) over w, ${microseconds('ts')}) as received_step
  from readings window w as (partition by device_id, plant_id, ${utcDay('ts')} order by ts)
), ${LISTS.map(
  ({ name }) => `${name} as (
  select device_id, plant_id, day, array_agg(e order by ts, k) as flat
  from steps cross join lateral unnest(steps.${name}) with ordinality as u(e, k) group by 1, 2, 3
)`,
).join(', ')}, days_of_values as (
  select s.device_id, s.plant_id, s.day, array_agg(s.ts_step order by s.ts) as ts_us,
    array_agg(s.received_step order by s.ts) as received_us,
    ${HISTORY_COLUMNS.map((c) =>
      c.counts
        ? `min(${c.name}.flat) as ${c.name}, case when count(s.${c.name}) > 0 then array_agg(cardinality(s.${c.name})::smallint order by s.ts) end as ${c.counts}`
        : `case when count(s.${c.name}) > 0 then array_agg(s.${c.name} order by s.ts) end as ${c.name}`,
    ).join(',\n    ')}
  from steps s
  ${LISTS.map(({ name }) => `left join ${name} using (device_id, plant_id, day)`).join('\n  ')}
  group by s.device_id, s.plant_id, s.day
), scaled as materialized (
  -- Materialized: inlined, every step's reference to scales[k] would search every field's decimals again.
  select d.*, array[${HISTORY_COLUMNS.map((c) =>
    c.form === 'values' ? 'null' : decimalsOf(`d.${c.name}`, c),
  ).join(', ')}]::smallint[] as scales
  from days_of_values d
), written as (
  insert into telemetry_days (device_id, plant_id, ${COMPACTED_COLUMNS.join(', ')})
  select s.device_id, s.plant_id, s.day, s.ts_us, s.received_us, s.scales,
    ${HISTORY_COLUMNS.flatMap((c, i) => (c.counts ? [encoded(c, i), `s.${c.counts}`] : [encoded(c, i)])).join(',\n    ')}
  from scaled s
  returning cardinality(ts_us) as n
)
select coalesce(sum(n), 0)::int as readings from written`;

/** The next devices after `afterId` with readings older than `before` (a skip scan of the readings' key). */
async function nextDevices(db: Database, afterId: number, before: string): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with recursive d(id) as (
      (select device_id from telemetry where device_id > ${afterId} and ts < ${before}::timestamptz order by device_id limit 1)
      union all
      select (select device_id from telemetry where device_id > d.id and ts < ${before}::timestamptz order by device_id limit 1)
      from d where d.id is not null
    )
    select id from d where id is not null limit ${DEVICES_PER_BATCH}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Empty monthly partitions of the raw readings wholly before `before` are dropped: compaction deleted their rows,
 * and a dropped table gives its disk space back at once (deleted rows only make room for later ones).
 */
export async function dropEmptyPartitions(db: Database, before: string): Promise<string[]> {
  const parts = await rowsOf<{ name: string; bound: string }>(
    db,
    sql`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'telemetry'::regclass`,
  );
  const dropped: string[] = [];
  for (const p of parts) {
    const to = /TO \('([^']+)'\)/.exec(p.bound)?.[1];
    if (!to || !/^telemetry_y\d{4}m\d{2}$/.test(p.name) || Date.parse(to) > Date.parse(before)) continue;
    const [row] = await rowsOf<{ empty: boolean }>(
      db,
      sql.raw(`select not exists (select 1 from ${p.name}) as empty`),
    );
    if (!row?.empty) continue;
    await db.execute(sql.raw(`drop table if exists ${p.name}`));
    dropped.push(p.name);
  }
  return dropped;
}

/** What one compaction did. */
export interface CompactionResult {
  devices: number;
  readings: number;
  droppedPartitions: string[];
}

/**
 * Rewrites every reading older than `before` into the compact history (`telemetry_days`, decision 0018), device
 * batch by device batch, each batch one transaction; then drops the raw partitions it emptied. Resumable (an
 * interrupted run leaves whole batches done and the rest raw) and idempotent (a second run finds nothing left, and
 * readings that arrive late for a compacted day are merged into it). Run by one instance at a time (the job's
 * advisory lock).
 */
export async function compactHistory(
  db: Database,
  before: Date,
  /** Only these devices (a benchmark compacting part of a fleet); all devices when not given. */
  only?: readonly number[],
): Promise<CompactionResult> {
  const iso = before.toISOString();
  let afterId = 0;
  let devices = 0;
  let readings = 0;
  const chosen = only ? [...only].sort((a, b) => a - b) : undefined;
  for (;;) {
    const ids = chosen
      ? chosen.filter((id) => id > afterId).slice(0, DEVICES_PER_BATCH)
      : await nextDevices(db, afterId, iso);
    if (ids.length === 0) break;
    const rows = await db.transaction(async (tx) =>
      rowsOf<{ readings: number }>(tx, compactStatement(ids, iso)),
    );
    readings += rows[0]?.readings ?? 0;
    devices += ids.length;
    afterId = ids[ids.length - 1]!;
  }
  return { devices, readings, droppedPartitions: await dropEmptyPartitions(db, iso) };
}
