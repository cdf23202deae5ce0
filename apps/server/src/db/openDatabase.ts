import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.ts';
import { PgliteThread } from './PgliteThread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** One Drizzle type over both drivers: queries are written once and run on PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A plain SQL session on one connection (advisory locks are per connection). */
export interface SqlSession {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  release(): Promise<void>;
}

export type DatabaseClient = { kind: 'pglite'; pglite: PgliteThread } | { kind: 'postgres'; pool: pg.Pool };

export interface OpenedDatabase {
  db: Database;
  client: DatabaseClient;
  /** A dedicated connection for work that needs one (migrations, advisory locks). */
  session(): Promise<SqlSession>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite only: keep the data in memory (tests) instead of `DATA_DIR/db`. */
  inMemory?: boolean;
  /**
   * PGlite only: start from a dump made by `dumpDataDir()` (the migrated test template), in memory or into a new
   * `DATA_DIR/db` (PGlite refuses one that holds a database already).
   */
  loadDataDir?: Blob | File;
}

// PostgreSQL returns int8 (bigint) as text by default; counts and sums here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Dedicated connections at once on PostgreSQL: above the background jobs' count (each holds one while it runs). */
export const SESSIONS = 20;

/**
 * Opens PostgreSQL when `DATABASE_URL` is set, else the embedded PGlite (ARCHITECTURE §2) in a worker thread
 * (`PgliteThread`).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // Sessions come from a pool of their own: their holders wait on the queries' pool (a background job keeps its
    // lock's session while its work runs). Drawn from the same pool, ten jobs running at once held every connection
    // and each waited for an eleventh, forever: nothing was stored or answered again. The jobs are fewer than
    // SESSIONS, and a session's holder never waits for another session, so neither pool can starve the other.
    const sessions = new pg.Pool({ connectionString: config.databaseUrl, max: SESSIONS });
    // An idle client that loses its server emits 'error'; without a listener that would crash the process.
    pool.on('error', () => undefined);
    sessions.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      client: { kind: 'postgres', pool },
      async session() {
        const c = await sessions.connect();
        return {
          query: async <R>(text: string, params?: unknown[]) => ({
            rows: (await c.query(text, params)).rows as R[],
          }),
          release: async () => c.release(),
        };
      },
      close: async () => {
        await Promise.all([pool.end(), sessions.end()]);
      },
    };
  }
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(config.dataDir, 'db');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // In a worker thread of its own, so that a heavy query leaves the API's thread free (decision 0019).
  const pglite = new PgliteThread({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: await options.loadDataDir.arrayBuffer() } : {}),
  });
  await pglite.waitReady;
  // Drizzle's PGlite driver calls `query` and `transaction`, which the thread answers as PGlite does.
  const db = drizzlePglite({ client: pglite as unknown as PGlite, schema }) as unknown as Database;
  return {
    db,
    client: { kind: 'pglite', pglite },
    async session() {
      return {
        query: async <R>(text: string, params?: unknown[]) => ({
          rows: (await pglite.query(text, params)).rows as R[],
        }),
        release: async () => undefined,
      };
    },
    close: () => pglite.close(),
  };
}
