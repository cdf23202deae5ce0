import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** One Drizzle type over both drivers: queries are written once and run on PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A plain SQL session on one connection (advisory locks are per connection). */
export interface SqlSession {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  release(): Promise<void>;
}

export type DatabaseClient = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; pool: pg.Pool };

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

/** Opens PostgreSQL when `DATABASE_URL` is set, else the embedded PGlite (ARCHITECTURE §2). */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client that loses its server emits 'error'; without a listener that would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      client: { kind: 'postgres', pool },
      async session() {
        const c = await pool.connect();
        return {
          query: async <R>(text: string, params?: unknown[]) => ({
            rows: (await c.query(text, params)).rows as R[],
          }),
          release: async () => c.release(),
        };
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(config.dataDir, 'db');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const pglite = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // The extensions the migrations create (PostgreSQL ships them in its contrib package).
    extensions: { pg_trgm },
  });
  await pglite.waitReady;
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
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
