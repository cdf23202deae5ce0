import path from 'node:path';
import pg from 'pg';
import { baselineServerDir } from './baselineTree.ts';
import { SERVER_DIR } from './benchServer.ts';

/**
 * On a shared machine only figures taken in the same run compare. A bench that measures the server can measure
 * another tree's server beside this one's (BASELINE_TREE=<dir>: a worktree of an older commit, see
 * `baselineServerDir`): ROUNDS rounds (default 2), each measuring both trees on a fresh database of the same
 * PostgreSQL, in the order A B, then B A, so that a machine growing busier or quieter over the run weighs on both.
 */

/** A tree whose server a round measures. */
export interface BenchTree {
  label: 'this tree' | 'baseline';
  serverDir: string;
  /** Its migrations, which its database is made with. */
  migrationsDir: string;
}

const THIS_TREE: BenchTree = {
  label: 'this tree',
  serverDir: SERVER_DIR,
  migrationsDir: path.join(SERVER_DIR, 'migrations'),
};

/** The trees in the order they are measured, one entry per round and tree; just this tree without a baseline. */
export function benchRounds(env: NodeJS.ProcessEnv = process.env): BenchTree[] {
  if (!env.BASELINE_TREE) return [THIS_TREE];
  const serverDir = baselineServerDir(env.BASELINE_TREE);
  const baseline: BenchTree = {
    label: 'baseline',
    serverDir,
    migrationsDir: path.join(serverDir, 'migrations'),
  };
  const rounds = Number(env.ROUNDS ?? 2);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`ROUNDS must be a whole number of at least 1, not ${env.ROUNDS}`);
  return Array.from({ length: rounds }, (_, r) =>
    r % 2 === 0 ? [THIS_TREE, baseline] : [baseline, THIS_TREE],
  ).flat();
}

/** A new, empty database `name` on the PostgreSQL of `url` (one left by an earlier run is dropped): its address. */
export async function freshDatabase(url: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

/** Drops a database `freshDatabase` made. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

/** `a / b` with two decimals, as the ratio lines print it. */
export const ratio = (a: number, b: number) => (a / b).toFixed(2);
