import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../db/openDatabase.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every source file under `dir` (tests left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

/** The advisory lock keys written in the server's code: each job's `lockKey` and the migration lock. */
function lockKeys(): { key: number; where: string }[] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const written = /(?:lockKey:|LOCK_KEY\s*=)\s*(\d[\d_]*)/g;
    return [...text.matchAll(written)].map((m) => ({
      key: Number(m[1]!.replaceAll('_', '')),
      where: `${path.relative(SRC, file)}: ${m[0]}`,
    }));
  });
}

// Two jobs sharing a key would take turns on PostgreSQL: while one runs, the other's turn is skipped on every
// instance (pg_try_advisory_lock fails), so a slow job could starve another module's job without a trace.
describe('advisory lock keys', () => {
  it('are unique across the server, one per job and one for the migrations', () => {
    const found = lockKeys();
    expect(found.length).toBeGreaterThan(10);
    const byKey = new Map<number, typeof found>();
    for (const f of found) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f]);
    const shared = [...byKey.values()].filter((f) => f.length > 1).map((f) => f.map((x) => x.where));
    expect(shared).toEqual([]);
  });

  // Each job holds a session for its whole run: with fewer jobs than sessions, no job's turn waits for another's end.
  it('are fewer than the dedicated connections the database hands out', () => {
    expect(lockKeys().length).toBeLessThan(SESSIONS);
  });
});
