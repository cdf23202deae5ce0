#!/usr/bin/env node
// Runs a command with DATABASE_URL pointing at a PostgreSQL server:
// - $DATABASE_URL when it is set (CI starts its own cluster);
// - else a throwaway cluster of Debian's PostgreSQL (/usr/lib/postgresql/<version>/bin), initialised in a temp
//   directory, listening on a free port of 127.0.0.1, removed afterwards;
// - else it stops with a message saying what to install.
// Usage: node scripts/with-postgres.mjs <command> [args...]
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync, chmodSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

const run = (command, commandArgs, env) =>
  new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit', env, shell: process.platform === 'win32' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

if (process.env.DATABASE_URL) {
  process.exit(await run(cmd, args, process.env));
}

const root = '/usr/lib/postgresql';
const versions = existsSync(root)
  ? readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
  : [];
if (versions.length === 0) {
  console.error(
    'No PostgreSQL server found: set DATABASE_URL to a PostgreSQL 15+ server, or install Debian\'s "postgresql" ' +
      'package (bash .ci/run does both).',
  );
  process.exit(1);
}
const bin = path.join(root, versions[0], 'bin');

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// initdb and postgres refuse to run as root: run them as the "postgres" user then.
const isRoot = process.getuid?.() === 0;
const asServerUser = (command, commandArgs) =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...commandArgs]] : [command, commandArgs];

const dir = mkdtempSync(path.join(os.tmpdir(), 'solarops-pg-'));
if (isRoot) {
  chmodSync(dir, 0o755);
  const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());
  chownSync(dir, uid, gid);
}
const dataDir = path.join(dir, 'data');
const port = await freePort();

const sync = (command, commandArgs) => {
  const [c, a] = asServerUser(command, commandArgs);
  const r = spawnSync(c, a, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`${command} failed (${r.status})`);
};

let code = 1;
try {
  sync(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  // A throwaway cluster: durability settings off for speed; sockets in the temp dir, TCP on loopback only.
  // PG_STAT_STATEMENTS=1 (the benchmarks): count and time every statement, when the extension is installed.
  const statements =
    process.env.PG_STAT_STATEMENTS === '1' &&
    existsSync(path.join(root, versions[0], 'lib', 'pg_stat_statements.so'))
      ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all'
      : '';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300${statements}`;
  sync(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.error(`with-postgres: PostgreSQL ${versions[0]} on ${url}`);
  code = await run(cmd, args, { ...process.env, DATABASE_URL: url });
} catch (err) {
  console.error(`with-postgres: ${err.message}`);
} finally {
  try {
    sync(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  } catch {
    // already stopped, or never started
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
