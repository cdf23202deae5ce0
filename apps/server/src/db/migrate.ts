import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from '../serverDir.ts';
import type { OpenedDatabase } from './openDatabase.ts';

/** Where drizzle-kit writes the SQL migrations (see `drizzle.config.ts`). */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');

// Any fixed 64-bit number; every instance uses the same one so that only one migrates at a time.
const MIGRATION_LOCK_KEY = 727_001;

interface Journal {
  entries: { idx: number; tag: string }[];
}

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies the committed drizzle-kit SQL files in journal order, each in its own transaction, recorded in
 * `schema_migrations`, under a PostgreSQL advisory lock so that several instances starting together never race.
 * Why our own migrator instead of drizzle's: docs/decisions/0001-migrations.md.
 */
export function migrate(database: OpenedDatabase, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  // PGlite has one connection per process, on which an advisory lock is re-entrant: serialise callers here too.
  const previous = running.get(database) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => migrateLocked(database, dir));
  running.set(database, next);
  return next;
}

const running = new WeakMap<OpenedDatabase, Promise<unknown>>();

async function migrateLocked(database: OpenedDatabase, dir: string): Promise<MigrationResult> {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  const s = await database.session();
  const applied: string[] = [];
  try {
    await s.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await s.query(`create table if not exists schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Map(
      (
        await s.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations')
      ).rows.map((r) => [r.name, r.checksum]),
    );
    for (const entry of entries) {
      const text = readFileSync(path.join(dir, `${entry.tag}.sql`), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      const previous = done.get(entry.tag);
      if (previous !== undefined) {
        // An applied migration that changed since would leave databases that differ silently; stop instead.
        if (previous !== checksum) throw new Error(`migration ${entry.tag} was edited after it was applied`);
        continue;
      }
      const statements = text
        .split('--> statement-breakpoint')
        .map((x) => x.trim())
        .filter((x) => x.length > 0);
      await s.query('begin');
      try {
        for (const statement of statements) await s.query(statement);
        await s.query('insert into schema_migrations (name, checksum) values ($1, $2)', [
          entry.tag,
          checksum,
        ]);
        await s.query('commit');
      } catch (err) {
        await s.query('rollback');
        throw new Error(`migration ${entry.tag} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(entry.tag);
    }
  } finally {
    await s.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await s.release();
  }
  return { applied };
}
