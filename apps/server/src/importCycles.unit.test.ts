import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One test for both apps: the server's sources and the console's (whose pages load by `import()`, an edge too: a
// circle through a lazy page still ties the two files' code and order of evaluation together).
const SERVER = fileURLToPath(new URL('.', import.meta.url));
const CONSOLE = fileURLToPath(new URL('../../web/src/', import.meta.url));

/** Every source file under `dir` (tests left out: nothing imports them). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/**
 * The relative paths a module's text imports: `import`, `import type`, `export … from`, bare imports and
 * `import('…')` alike.
 */
function relativeImports(text: string): string[] {
  const statements = /^\s*(?:import|export)\b(?:[^;'"`]*?\bfrom)?\s*['"](\.{1,2}\/[^'"]+)['"]/gm;
  const dynamic = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  return [...text.matchAll(statements), ...text.matchAll(dynamic)].map((m) => m[1]!);
}

/** Each circle in a graph of imports, as the chain from its first file back to it. */
function cycles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const next of edges.get(f) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of edges.keys()) if (!state.has(f)) visit(f);
  return found;
}

/** The circles among the imports of the sources under `src`, each as its files' chain relative to `src`. */
function circlesUnder(src: string): string[] {
  const edges = new Map(
    sourceFiles(src).map((f) => [
      f,
      relativeImports(readFileSync(f, 'utf8')).map((s) => path.resolve(path.dirname(f), s)),
    ]),
  );
  expect(edges.size).toBeGreaterThan(100);
  return cycles(edges).map((c) => c.map((f) => path.relative(src, f)).join(' → '));
}

describe('the imports', () => {
  it('of the server form no circle, type imports included', () => {
    expect(circlesUnder(SERVER)).toEqual([]);
  });

  it('of the console form no circle, type imports and import() included', () => {
    expect(circlesUnder(CONSOLE)).toEqual([]);
  });

  it('are read in every form, and a circle among them is found', () => {
    const text = [
      "import type { A } from './a.ts';",
      'import {\n  b,\n  type B,\n} from "../b.ts";',
      "export * from './c.ts';",
      "import './d.ts';",
      "import fp from 'fastify-plugin';",
      "export const DIR = new URL('../not/an/import', import.meta.url);",
      "const Page = lazy(() => import('./e.tsx').then((m) => ({ default: m.Page })));",
      "const Alert = lazy(() => import('antd/es/alert'));",
    ].join('\n');
    expect(relativeImports(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.tsx']);
    const graph = new Map([
      ['hook.ts', ['hooks.ts']],
      ['hooks.ts', ['fleet.ts']],
      ['fleet.ts', ['hook.ts', 'db.ts']],
      ['db.ts', []],
    ]);
    expect(cycles(graph)).toEqual([['hook.ts', 'hooks.ts', 'fleet.ts', 'hook.ts']]);
  });
});
