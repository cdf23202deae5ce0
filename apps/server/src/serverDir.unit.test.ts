import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './serverDir.ts';

// The production build bundles every module into dist/main.js, where `import.meta.url` is the bundle's own place:
// a module that found a file relative to itself would look in the wrong folder once built.
describe('files read at run time', () => {
  it('are found from SERVER_DIR, never relative to a module of their own', () => {
    const src = path.join(SERVER_DIR, 'src');
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'serverDir.ts')
      .filter((f) => readFileSync(path.join(src, f), 'utf8').includes('import.meta.url'));
    expect(offenders).toEqual([]);
  });

  it('live under the server workspace', () => {
    expect(readdirSync(SERVER_DIR)).toEqual(expect.arrayContaining(['migrations', 'assets', 'src']));
  });
});
