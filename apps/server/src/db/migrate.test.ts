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

  it('gives a display link made before expiry existed 90 days from the upgrade, so its wall keeps working', async () => {
    const target = await emptyDatabase();
    cleanups.push(target.drop);
    const db = await target.open();
    // The migrations as they were before the expiry: the journal ends just ahead of it.
    const before = mkdtempSync(path.join(os.tmpdir(), 'solarops-migrations-'));
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const cut = journal.entries.findIndex((e) => e.tag.endsWith('_display-link-expiry'));
    expect(cut).toBeGreaterThan(0);
    const journalPath = path.join(before, 'meta', '_journal.json');
    const old = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    writeFileSync(journalPath, JSON.stringify({ ...old, entries: old.entries.slice(0, cut) }));
    await migrate(db, before);
    const s = await db.session();
    try {
      await s.query(`insert into roles (name) values ('wall role')`);
      await s.query(`insert into users (user_code, password_hash, role_id)
        values ('wall-owner', 'x', (select id from roles where name = 'wall role'))`);
      await s.query(`insert into display_links (name, token_hash, user_id, created_by, created_at)
        values ('Old wall', 'h', (select id from users where user_code = 'wall-owner'), 1, now() - interval '2 years')`);
    } finally {
      await s.release();
    }
    await migrate(db);
    const after = await db.session();
    try {
      const { rows } = await after.query<{ days: number }>(
        `select extract(epoch from expires_at - now()) / 86400 as days from display_links`,
      );
      expect(rows).toHaveLength(1);
      expect(Math.round(Number(rows[0]!.days))).toBe(90);
    } finally {
      await after.release();
    }
  });
});
