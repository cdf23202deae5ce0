import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './serverDir.ts';

const root = path.join(SERVER_DIR, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** The names of a `{ a, b, c }` list, wherever it is wrapped (a diagram keeps its own margin). */
const namesIn = (list: string) =>
  list
    .split(',')
    .map((n) => n.replace(/[│\s]/g, ''))
    .filter(Boolean);

describe("app.deps's documentation", () => {
  it('names every part buildDeps builds, in ARCHITECTURE.md and modules/README.md', () => {
    const typed = read('apps/server/src/http/deps.ts').match(
      /export interface AppDeps \{([\s\S]*?)\n\}/,
    )![1]!;
    const parts = [...typed.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]);
    const built = read('apps/server/src/buildDeps.ts').match(
      /const deps: AppDeps = \{([\s\S]*?)\n {2}\};/,
    )![1]!;
    expect(new Set([...built.matchAll(/^ {4}(\w+)[,:]/gm)].map((m) => m[1]))).toEqual(new Set(parts));
    const architecture = read('docs/ARCHITECTURE.md').match(/app\.deps \{([^}]*)\}/)![1]!;
    expect(new Set(namesIn(architecture))).toEqual(new Set(parts));
    const readme = read('apps/server/src/modules/README.md').match(/`app\.deps`: `\{([^}]*)\}`/)![1]!;
    expect(new Set(namesIn(readme))).toEqual(new Set(parts));
  });
});
