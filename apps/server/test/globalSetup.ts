import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/openDatabase.ts';
import { seedReferenceData } from '../src/referenceData.ts';
import { buildServer } from './serverBuild.ts';
import { TEST_DB_PREFIX, withDatabase } from './templateDatabase.ts';

/**
 * Once per run, side by side: builds the server for the tests that start it as a process, and migrates the
 * template database each test file starts from a copy of instead of migrating again (about 0.2 s on PGlite):
 * PGlite's, or with DATABASE_URL a PostgreSQL one.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const serverBuild = `dist-test-${process.pid}`;
  const [removeBuild, pglite, postgres] = await Promise.all([
    buildServer(serverBuild),
    serverUrl ? undefined : pgliteTemplate(),
    serverUrl ? postgresTemplate(serverUrl) : undefined,
  ]);
  project.provide('serverBuild', serverBuild);
  project.provide('pgliteTemplate', pglite?.file ?? '');
  project.provide('postgresTemplate', postgres?.name ?? '');
  return async () => {
    removeBuild();
    pglite?.remove();
    await postgres?.remove();
  };
}

/** A migrated and seeded PGlite database's dump (`dumpDataDir`), in a file. */
async function pgliteTemplate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solarops-template-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir: dir }, { inMemory: true });
  await migrate(database);
  await seedReferenceData(database.db);
  if (database.client.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await database.client.pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A migrated and seeded database on the PostgreSQL server of `serverUrl`; `remove` drops every test database. */
async function postgresTemplate(serverUrl: string) {
  const name = `${TEST_DB_PREFIX}template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), dataDir: '' });
  await migrate(database);
  await seedReferenceData(database.db);
  await database.close();
  return {
    name,
    remove: async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${TEST_DB_PREFIX}%'`,
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    },
  };
}
