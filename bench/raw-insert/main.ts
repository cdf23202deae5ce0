/**
 * bench/raw-insert: the fastest bulk load of ingest-shaped rows into the `telemetry` table from one Node process,
 * for comparison with the end-to-end ingest. Needs PostgreSQL: `node scripts/with-postgres.mjs npm run
 * bench:raw-insert -w bench` (or DATABASE_URL). ROWS sets the number of rows (default 300 000).
 * Last line: COPY, unnest and multi-row INSERT rates [rows/s].
 */
import { prepareDatabase } from '../lib/benchFleet.ts';
import { measureRawInsert } from './measureRawInsert.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const rows = Number(process.env.ROWS ?? 300_000);
await prepareDatabase(url);
const r = await measureRawInsert(url, rows);
console.log(
  `raw-insert (${rows} rows into telemetry, one process): COPY ${r.copy} rows/s, unnest ${r.unnest} rows/s, multi-row INSERT ${r.values} rows/s`,
);
