// `npm run migrate-data -- --to postgres://user:pass@host:5432/db [--data-dir ./data]`: copies the embedded
// database of a data directory into an empty PostgreSQL database and checks the copy (copyToPostgres.ts). Stop
// the server first. Exit codes: 0 copied and checked, 1 refused or failed (nothing is left half-copied: the rows
// go in one transaction), 2 bad arguments.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/openDatabase.ts';
import { copyToPostgres } from './copyToPostgres.ts';

const usage =
  'usage: npm run migrate-data -- --to postgres://user:password@host:5432/database [--data-dir DIR]';
let options: { to?: string; 'data-dir'?: string };
try {
  options = parseArgs({
    options: { to: { type: 'string' }, 'data-dir': { type: 'string' } },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const to = options.to ?? '';
if (!/^postgres(ql)?:\/\//.test(to)) {
  console.error(`--to must be a PostgreSQL URL (postgres://…)\n${usage}`);
  process.exit(2);
}
const dataDir = path.resolve(options['data-dir'] ?? process.env.DATA_DIR ?? './data');
if (!existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
  console.error(
    `No embedded database in ${path.join(dataDir, 'db')} (set --data-dir to the server's DATA_DIR)`,
  );
  process.exit(2);
}

const source = await openDatabase({ databaseUrl: undefined, dataDir });
const target = await openDatabase({ databaseUrl: to, dataDir });
const started = Date.now();
try {
  console.log(`Copying ${path.join(dataDir, 'db')} to ${new URL(to).host}${new URL(to).pathname} …`);
  const report = await copyToPostgres(source, target, (m) => console.log(`  ${m}`));
  const total = report.copied.reduce((n, c) => n + c.rows, 0);
  console.log(
    `Checked: ${Object.keys(report.target.rows).length} tables with the same row counts (${total} rows), ` +
      `the same totals (${Object.entries(report.target.totals)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}), in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
  console.log(
    `Next: start the server with DATABASE_URL=${redacted(to)} (and the same DATA_DIR or FILES_DIR for the ` +
      `uploaded files, ${path.join(dataDir, 'files')}). Keep ${path.join(dataDir, 'db')} until the console shows ` +
      'your plants from PostgreSQL; the server no longer reads it once DATABASE_URL is set.',
  );
} catch (err) {
  console.error(`Not copied: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await source.close();
  await target.close();
}

function redacted(url: string) {
  const u = new URL(url);
  if (u.password) u.password = '…';
  return u.toString();
}
