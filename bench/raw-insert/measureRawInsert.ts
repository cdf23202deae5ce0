import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  COLUMNS,
  COLUMN_LIST,
  COPY_TELEMETRY,
  readingLine,
} from '../../apps/server/src/modules/telemetry/readingLines.ts';
import { ensureTelemetryPartitions } from '../../apps/server/src/modules/telemetry/partitions.ts';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import { benchReading } from '../lib/benchFleet.ts';

/** Device ids of the raw rows: far above any real device, deleted afterwards. */
const RAW_DEVICE_BASE = 50_000_000;

/** `count` telemetry rows shaped like the ingest's (as its COPY text lines): `devices` devices, one reading a
 * minute each. */
export function rawLines(count: number, devices: number, startMs: number, salt = 0): string[] {
  const received = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const d = i % devices;
    const k = Math.floor(i / devices);
    const ts = startMs + k * 60_000;
    return readingLine(
      { id: RAW_DEVICE_BASE + salt * 1_000_000 + d, plantId: RAW_DEVICE_BASE + d },
      benchReading(`R${d}`, ts, k),
      new Date(ts).toISOString(),
      received,
    );
  });
}

type Cell = string | null;
/** Lines as rows of cells, for the methods that take parameters (an empty cell is NULL). */
const cellsOf = (lines: string[]): Cell[][] =>
  lines.map((l) => l.split('\t').map((c) => (c === '' ? null : c)));

/** COPY FROM STDIN in text format: the fastest bulk path of PostgreSQL. */
async function viaCopy(client: pg.Client, lines: string[]): Promise<void> {
  const stream = client.query(copyFrom(COPY_TELEMETRY));
  let i = 0;
  const source = new Readable({
    read() {
      const chunk = lines.slice(i, i + 2000);
      i += chunk.length;
      this.push(chunk.length > 0 ? chunk.join('\n') + '\n' : null);
    },
  });
  await pipeline(source, stream);
}

/** `insert ... select from unnest(arrays)`: one parameter per column, the server's ingest path. */
async function viaUnnest(client: pg.Client, rows: Cell[][], batch = 5000): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    const slice = rows.slice(i, i + batch);
    const params = COLUMNS.map((_, c) => slice.map((r) => r[c] ?? null));
    const casts = COLUMNS.map(([, type], c) => `$${c + 1}::${type.endsWith('[]') ? 'text[]' : `${type}[]`}`);
    const select = COLUMNS.map(([name, type]) => (type.endsWith('[]') ? `u.${name}::${type}` : `u.${name}`));
    await client.query(
      `insert into telemetry (${COLUMN_LIST}) select ${select.join(', ')} from unnest(${casts.join(', ')}) as u(${COLUMN_LIST})`,
      params,
    );
  }
}

/** Multi-row `insert ... values (...), (...)`: 24 parameters a row, 2 500 rows a statement (under 65 535). */
async function viaValues(client: pg.Client, rows: Cell[][], batch = 2500): Promise<void> {
  const width = COLUMNS.length;
  for (let i = 0; i < rows.length; i += batch) {
    const slice = rows.slice(i, i + batch);
    const tuples = slice.map(
      (_, r) => `(${COLUMNS.map(([, type], c) => `$${r * width + c + 1}::${type}`).join(', ')})`,
    );
    await client.query(`insert into telemetry (${COLUMN_LIST}) values ${tuples.join(', ')}`, slice.flat());
  }
}

export type RawMethod = 'copy' | 'unnest' | 'values';

/** Loads `rows` into `telemetry` with each method (in one transaction per method) and returns rows/s each. */
export async function measureRawInsert(
  databaseUrl: string,
  count: number,
  methods: readonly RawMethod[] = ['copy', 'unnest', 'values'],
): Promise<Record<RawMethod, number>> {
  const startMs = Date.now() - 5 * 86_400_000;
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);
  await ensureTelemetryPartitions(db.db, [...new Set([month(startMs), month(Date.now())])]);
  await db.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const out = {} as Record<RawMethod, number>;
  try {
    for (const [salt, method] of methods.entries()) {
      const lines = rawLines(count, 1000, startMs, salt);
      const rows = method === 'copy' ? [] : cellsOf(lines);
      const t0 = performance.now();
      await client.query('begin');
      if (method === 'copy') await viaCopy(client, lines);
      else if (method === 'unnest') await viaUnnest(client, rows);
      else await viaValues(client, rows);
      await client.query('commit');
      out[method] = Math.round(count / ((performance.now() - t0) / 1000));
    }
  } finally {
    await client.query(`delete from telemetry where device_id >= ${RAW_DEVICE_BASE}`);
    await client.end();
  }
  return out;
}
