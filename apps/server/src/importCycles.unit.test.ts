import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** Every source file under `dir` (tests left out: nothing imports them). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The relative paths a module's text imports: `import`, `import type`, `export … from` and bare imports alike. */
function relativeImports(text: string): string[] {
  const statements = /^\s*(?:import|export)\b(?:[^;'"`]*?\bfrom)?\s*['"](\.{1,2}\/[^'"]+)['"]/gm;
  return [...text.matchAll(statements)].map((m) => m[1]!);
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

describe('the server’s imports', () => {
  it('form no circle, type imports included', () => {
    const edges = new Map(
      sourceFiles(SRC).map((f) => [
        f,
        relativeImports(readFileSync(f, 'utf8')).map((s) => path.resolve(path.dirname(f), s)),
      ]),
    );
    expect(edges.size).toBeGreaterThan(100);
    expect(cycles(edges).map((c) => c.map((f) => path.relative(SRC, f)).join(' → '))).toEqual([]);
  });

  it('are read in every form, and a circle among them is found', () => {
    const text = [
      "import type { A } from './a.ts';",
      'import {\n  b,\n  type B,\n} from "../b.ts";',
      "export * from './c.ts';",
      "import './d.ts';",
      "import fp from 'fastify-plugin';",
      "export const DIR = new URL('../not/an/import', import.meta.url);",
    ].join('\n');
    expect(relativeImports(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts']);
    const graph = new Map([
      ['hook.ts', ['hooks.ts']],
      ['hooks.ts', ['fleet.ts']],
      ['fleet.ts', ['hook.ts', 'db.ts']],
      ['db.ts', []],
    ]);
    expect(cycles(graph)).toEqual([['hook.ts', 'hooks.ts', 'fleet.ts', 'hook.ts']]);
  });
});
