import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB_PREFIX, withDatabase } from '../../test/templateDatabase.ts';
import { MIGRATIONS_DIR, migrate } from './migrate.ts';
import { openDatabase, type OpenedDatabase } from './openDatabase.ts';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

/** An empty database of the backend under test (a new PostgreSQL database, or an in-memory PGlite). */
async function emptyDatabase(): Promise<{ open: () => Promise<OpenedDatabase>; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
    return { open: async () => db, drop: () => db.close() };
  }
  const name = `${TEST_DB_PREFIX}empty_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const opened: OpenedDatabase[] = [];
  return {
    open: async () => {
      const db = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), dataDir: '' });
      opened.push(db);
      return db;
    },
    drop: async () => {
      for (const db of opened) await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migrate', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('applies every committed migration once, even when instances start together', async () => {
    const target = await emptyDatabase();
    cleanups.push(target.drop);
    const a = await target.open();
    const b = await target.open();
    const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
    // Under the advisory lock one instance applies everything and the other finds nothing left.
    expect([...ra.applied, ...rb.applied].sort()).toEqual(journal.entries.map((e) => e.tag).sort());
    const s = await a.session();
    const { rows } = await s.query<{ name: string }>('select name from schema_migrations order by name');
    await s.release();
    expect(rows.map((r) => r.name)).toEqual(journal.entries.map((e) => e.tag).sort());
    expect((await migrate(a)).applied).toEqual([]);
  });

  it('stops when an applied migration was edited afterwards', async () => {
    const target = await emptyDatabase();
    cleanups.push(target.drop);
    const db = await target.open();
    await migrate(db);
    const copy = mkdtempSync(path.join(os.tmpdir(), 'solarops-migrations-'));
    cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
    cpSync(MIGRATIONS_DIR, copy, { recursive: true });
    const first = path.join(copy, `${journal.entries[0]!.tag}.sql`);
    writeFileSync(first, `${readFileSync(first, 'utf8')}\n-- edited`);
    await expect(migrate(db, copy)).rejects.toThrow(/was edited after it was applied/);
  });
});
