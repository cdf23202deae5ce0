import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

/** The files that may read or write the raw readings table itself (decision 0018); the rest read history through `telemetry_between`. */
const RAW_ACCESS = new Set([
  'modules/telemetry/compactHistory.ts',
  'modules/telemetry/history.ts',
  'modules/telemetry/retention.ts',
  // The latest state, taken from the rows the same commit just stored.
  'modules/telemetry/IngestPipeline.ts',
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
