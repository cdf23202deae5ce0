import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase, type OpenedDatabase } from '../src/db/openDatabase.ts';
import { seedReferenceData } from '../src/referenceData.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding the migrated template (`dumpDataDir`). */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated template database to copy. */
    postgresTemplate: string;
  }
}

/** Database name prefix of every database the suite creates, so that teardown can find them. */
export const TEST_DB_PREFIX = 'solarops_test_';

/** The URL of `database` on the server of `url`. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh migrated database for one test file: PGlite loaded from the template dump (in memory), or on
 * PostgreSQL a `CREATE DATABASE ... TEMPLATE` copy, dropped again on close.
 */
export async function openTestDatabase(): Promise<{
  database: OpenedDatabase;
  databaseUrl: string | undefined;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase(
      { databaseUrl: undefined, dataDir: '' },
      { inMemory: true, loadDataDir: dump },
    );
    return { database, databaseUrl: undefined };
  }
  const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = withDatabase(serverUrl, name);
  const opened = await openDatabase({ databaseUrl, dataDir: '' });
  const close = opened.close;
  opened.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
  return { database: opened, databaseUrl };
}

/**
 * PGlite in `dataDir` (a server's DATA_DIR, a new directory) as a server's first start leaves it, migrated and
 * seeded, for tests that start server processes on an embedded database: a copy of the run's template on PGlite
 * runs; on PostgreSQL runs, which have none (making one would cost every run what these few tests save),
 * created and migrated here.
 */
export async function openTemplateDataDir(dataDir: string): Promise<OpenedDatabase> {
  const template = inject('pgliteTemplate');
  if (template) {
    const dump = new Blob([readFileSync(template)]);
    return openDatabase({ databaseUrl: undefined, dataDir }, { loadDataDir: dump });
  }
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  await migrate(database);
  await seedReferenceData(database.db);
  return database;
}
