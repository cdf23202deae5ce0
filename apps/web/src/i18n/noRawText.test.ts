// @vitest-environment node
// These tests read source files from disk, which needs file URLs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Comments may speak of the spec's Chinese labels; only code counts. */
const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('no raw UI text outside the catalogs (STYLE §10)', () => {
  it('has no Chinese text in components', () => {
    const offenders = tsxFiles(SRC).filter((f) =>
      /[\u4e00-\u9fff]/.test(stripComments(readFileSync(f, 'utf8'))),
    );
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('has no English words between JSX tags or in label-like props', () => {
    const offenders: string[] = [];
    for (const file of tsxFiles(SRC)) {
      const code = stripComments(readFileSync(file, 'utf8'));
      // Text children such as `>Sign in<`, and props such as title="Sign in" or placeholder="Name".
      const jsxText = /<[A-Za-z][^<>]*>\s*([A-Za-z][A-Za-z ,.'!?-]{1,})\s*</g;
      const props = /\b(?:title|label|placeholder|aria-label|alt|okText|cancelText)="([^"]*[A-Za-z][^"]*)"/g;
      for (const m of code.matchAll(jsxText)) offenders.push(`${relative(SRC, file)}: ${m[1]}`);
      for (const m of code.matchAll(props)) offenders.push(`${relative(SRC, file)}: ${m[1]}`);
    }
    expect(offenders).toEqual([]);
  });
});
