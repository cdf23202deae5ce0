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

/** What one round measured, and of which tree. */
export interface TreeRound<T> {
  tree: BenchTree;
  figures: T;
}

/**
 * Runs `round` once per entry of `benchRounds()`: on `url` itself when there is no baseline, else each on a fresh
 * database `bench_<name>_<i>` of the same PostgreSQL, dropped after it. `tag` opens the round's own lines.
 */
export async function sameRunRounds<T>(
  url: string,
  name: string,
  round: (dbUrl: string, tree: BenchTree, tag: string) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<TreeRound<T>[]> {
  const trees = benchRounds(env);
  if (trees.length === 1) return [{ tree: trees[0]!, figures: await round(url, trees[0]!, '') }];
  const rounds: TreeRound<T>[] = [];
  for (const [i, tree] of trees.entries()) {
    const db = `bench_${name}_${i}`;
    const dbUrl = await freshDatabase(url, db);
    const figures = await round(dbUrl, tree, `round ${Math.floor(i / 2) + 1}, ${tree.label}: `);
    await dropDatabase(url, db);
    rounds.push({ tree, figures });
  }
  return rounds;
}

/** The figures of one tree's rounds, in the order they ran. */
export const roundsOf = <T>(rounds: TreeRound<T>[], label: BenchTree['label']) =>
  rounds.filter((r) => r.tree.label === label).map((r) => r.figures);
