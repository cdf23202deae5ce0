import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { readingsBetween } from './history.ts';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

/** The files that may read or write the raw readings table itself (decision 0018); the rest read history through `telemetry_between`. */
const RAW_ACCESS = new Set([
  'modules/telemetry/compactHistory.ts',
  'modules/telemetry/history.ts',
  'modules/telemetry/retention.ts',
  // The latest state, taken from the rows the same commit just stored.
  'modules/telemetry/storeBatch.ts',
]);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });

// A query of `telemetry` alone misses every reading the compaction moved into `telemetry_days`: its answer would
// change two days later without a trace.
describe('readers of history', () => {
  it('go through telemetry_between, not the raw readings table', () => {
    const offenders = sources(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => !RAW_ACCESS.has(file))
      .filter((file) => /\b(from|join)\s+telemetry\b(?!_)/i.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

// A compacted row's arrays are each decompressed when unnested: a reader of one field must not pay for the others.
describe('readingsBetween', () => {
  const text = (fields: Parameters<typeof readingsBetween>[2]) =>
    new PgDialect().sqlToQuery(readingsBetween(sql`$from`, sql`$to`, fields)).sql;
  const unnested = (query: string) => /unnest\(([^)]*)\)/.exec(query)?.[1]?.split(', ');

  it('unnests the times and the asked fields of a compacted day, and no other array', () => {
    expect(unnested(text(['ac_power_w', 'poa_wm2']))).toEqual(['c.ts_us', 'c.ac_power_w', 'c.poa_wm2']);
    expect(unnested(text([]))).toEqual(['c.ts_us']);
    // A per-string field: its element counts beside the times, its flat array decoded once per day.
    const strings = text(['pv_current_a']);
    expect(unnested(strings)).toEqual(['c.ts_us', 'c.pv_current_n']);
    expect(strings).toContain('telemetry_values(c.pv_current_a, c.scales[12])');
  });

  it('gives the raw rows the same columns in the same order', () => {
    expect(text(['temp_c', 'received_at'])).toContain(
      'select device_id, plant_id, ts, temp_c, received_at from telemetry',
    );
    expect(text(['temp_c', 'received_at'])).toContain(
      'select c.device_id, c.plant_id, r.ts, r.temp_c, r.received_at',
    );
  });
});
