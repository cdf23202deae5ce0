import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { applicationTables, dataSummary, summaryDifferences, type DataSummary } from '../db/dataSummary.ts';
import { migrate } from '../db/migrate.ts';
import type { OpenedDatabase } from '../db/openDatabase.ts';
import type { PgliteThread } from '../db/PgliteThread.ts';
import { rowsOf } from '../db/rowsOf.ts';

/** The migrator's own record: written by `migrate` on the target, never copied. */
const MIGRATION_TABLE = 'schema_migrations';

export class TargetNotEmpty extends Error {
  constructor(readonly tables: string[]) {
    super(
      `the target database is not empty (it has ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''})`,
    );
  }
}

export class CopyMismatch extends Error {
  constructor(readonly differences: string[]) {
    super(`the copy differs from the source: ${differences.join('; ')}`);
  }
}

export interface CopyReport {
  source: DataSummary;
  target: DataSummary;
  /** Tables copied with their rows, in the order copied. */
  copied: { table: string; rows: number }[];
}

type Progress = (message: string) => void;

/**
 * Copies everything from an embedded database (PGlite) into an empty PostgreSQL database: the schema by the same
 * migrations, then every table's rows by COPY in the order their foreign keys need (each partition of a partitioned
 * table on its own, created with the source's bounds when the migrations did not), the sequences where the source
 * left them. Then it compares each table's row count and the readings' (raw and compacted) and energy totals, and throws `CopyMismatch`
 * when anything differs. The source must not be in use (stop the server first: PGlite has one process).
 */
export async function copyToPostgres(
  source: OpenedDatabase,
  target: OpenedDatabase,
  progress: Progress = () => undefined,
): Promise<CopyReport> {
  if (source.client.kind !== 'pglite') throw new Error('the source must be an embedded (PGlite) database');
  if (target.client.kind !== 'postgres') throw new Error('the target must be a PostgreSQL database');
  const pglite = source.client.pglite;
  const pool = target.client.pool;

  const existing = await applicationTables(target.db);
  if (existing.length > 0) throw new TargetNotEmpty(existing);

  // Both at the same schema: the source as its server would leave it, the target built by the same files.
  await migrate(source);
  const { applied } = await migrate(target);
  progress(`schema: ${applied.length} migrations applied to the target`);

  const tables = orderByForeignKeys(
    (await applicationTables(source.db)).filter((t) => t !== MIGRATION_TABLE),
    await rowsOf<{ child: string; parent: string }>(
      source.db,
      sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
          from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
    ),
  );
  const copied: CopyReport['copied'] = [];
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Rows the migrations wrote themselves (built-in roles and the like) come again from the source.
    await client.query(`truncate ${tables.map(quote).join(', ')}`);
    for (const table of tables) {
      const columns = await copyableColumns(source, table);
      const parts = await partitionsOf(source, table);
      let rows = 0;
      for (const part of parts.length > 0 ? parts : [{ name: table, bound: undefined }]) {
        if (part.bound !== undefined)
          await client.query(
            `create table if not exists ${quote(part.name)} partition of ${quote(table)} ${part.bound}`,
          );
        rows += await copyTable(pglite, client, part.name, columns);
      }
      copied.push({ table, rows });
      progress(`${table}: ${rows} rows`);
    }
    for (const s of await rowsOf<{ name: string; value: number | null; called: boolean }>(
      source.db,
      sql`select sequencename as name, last_value::float8 as value, last_value is not null as called
          from pg_sequences where schemaname = 'public'`,
    )) {
      if (s.value !== null)
        await client.query('select setval($1, $2, $3)', [quote(s.name), s.value, s.called]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  await pool.query('analyze');

  const [before, after] = [await dataSummary(source.db), await dataSummary(target.db)];
  // The migrator's own table is written by each side's migrations, not copied.
  const differences = summaryDifferences(
    {
      ...before,
      rows: Object.fromEntries(Object.entries(before.rows).filter(([t]) => t !== MIGRATION_TABLE)),
    },
    after,
  );
  if (differences.length > 0) throw new CopyMismatch(differences);
  return { source: before, target: after, copied };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Parents before children; a table referring to itself (a user's parent account) needs nothing before it. */
function orderByForeignKeys(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const unquote = (n: string) => n.replace(/^"|"$/g, '');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) {
    const [child, parent] = [unquote(e.child), unquote(e.parent)];
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const visit = (t: string, path: Set<string>) => {
    if (ordered.includes(t) || path.has(t)) return;
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** The columns COPY may write, in order (a generated column is computed again by the target). */
async function copyableColumns(source: OpenedDatabase, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    source.db,
    sql`select attname as name from pg_attribute where attrelid = ${quote(table)}::regclass
        and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
  );
  return rows.map((r) => r.name);
}

/** A partitioned table's partitions with their bounds (`for values from (…) to (…)`); none for a plain table. */
async function partitionsOf(source: OpenedDatabase, table: string) {
  return rowsOf<{ name: string; bound: string }>(
    source.db,
    sql`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound from pg_inherits i
        join pg_class c on c.oid = i.inhrelid where i.inhparent = ${quote(table)}::regclass order by c.relname`,
  );
}

/** One table's rows: PGlite writes them as COPY text into a blob, PostgreSQL reads the same text. */
async function copyTable(
  pglite: PgliteThread,
  client: pg.PoolClient,
  table: string,
  columns: string[],
): Promise<number> {
  const list = columns.map(quote).join(', ');
  const out = await pglite.query(`copy ${quote(table)} (${list}) to '/dev/blob'`);
  if (!out.blob || out.blob.size === 0) return 0;
  const stream = client.query(copyFrom(`copy ${quote(table)} (${list}) from stdin`));
  await pipeline(Readable.fromWeb(out.blob.stream() as ReadableStream), stream);
  return Number(stream.rowCount);
}
