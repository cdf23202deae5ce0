import { describe, expect, it } from 'vitest';
import {
  chunkSets,
  closure,
  SMALL_CHUNK,
  declaredExports,
  importsOf,
  namedImports,
  type GraphModule,
} from '../chunkGroups.ts';

/** A module graph from `id: [code, static imports, dynamic imports]`, importers derived. */
function graphOf(modules: Record<string, [string, string[], string[]?]>) {
  const importers = new Map<string, string[]>();
  for (const [id, [, imported]] of Object.entries(modules))
    for (const target of imported) importers.set(target, [...(importers.get(target) ?? []), id]);
  return (id: string): GraphModule | null => {
    const module = modules[id];
    if (!module) return null;
    const [code, importedIds, dynamicallyImportedIds = []] = module;
    return { code, importedIds, dynamicallyImportedIds, importers: importers.get(id) ?? [] };
  };
}

const ANTD = '/n/node_modules/antd/es/index.js';
const BUTTON = '/n/node_modules/antd/es/button/index.js';
const TABLE = '/n/node_modules/antd/es/table/index.js';
const CONTRACTS = '/w/packages/contracts/src/index.ts';
const PLANTS = '/w/packages/contracts/src/plants.ts';
const SCHEMAS = '/w/packages/contracts/src/schemas.ts';
const ZOD = '/n/node_modules/zod/index.js';

const LIBRARIES: Record<string, [string, string[], string[]?]> = {
  [ANTD]: [
    "export { default as Button } from './button';\nexport { default as Table } from './table';",
    [BUTTON, TABLE],
  ],
  [BUTTON]: ['export default 1', []],
  [TABLE]: ['export default 2', []],
  [CONTRACTS]: ["export * from './plants.ts';\nexport * from './schemas.ts';", [PLANTS, SCHEMAS]],
  [PLANTS]: ['export const plantCalls = {};\nconst x = 1;\nexport { x as plantLimit };', []],
  [SCHEMAS]: ["import { z } from 'zod';\nexport const plantSchema = z.object({});", [ZOD]],
  [ZOD]: ['export const z = {};', []],
};

describe('reading imports and exports', () => {
  it('names what an import list takes, leaving types out and reading renames by their source name', () => {
    const code =
      "import { Button, type ButtonProps, Form as F } from 'antd';\nimport { Table } from 'antd/es/table';";
    expect(namedImports(code, 'antd')).toEqual(['Button', 'Form']);
  });

  it('names what a module exports itself, under the names it exports them by', () => {
    const code =
      'export const a = 1;\nexport async function b() {}\nexport class C {}\nconst d = 2;\nexport { d as e };';
    expect(declaredExports(code)).toEqual(['a', 'b', 'C', 'e']);
  });
});

describe('the import graph as the bundle keeps it', () => {
  it('follows a package index to the parts a module names, not to every part it re-exports', () => {
    const graph = graphOf({ ...LIBRARIES, '/w/page.tsx': ["import { Button } from 'antd';", [ANTD]] });
    expect(importsOf(graph)('/w/page.tsx')).toEqual([BUTTON]);
  });

  it('finds a name re-exported with `export *` in the module that declares it', () => {
    const graph = graphOf({
      ...LIBRARIES,
      '/w/page.tsx': ["import { plantCalls, plantLimit } from '@solarops/contracts';", [CONTRACTS]],
    });
    const imports = importsOf(graph);
    expect(imports('/w/page.tsx')).toEqual([PLANTS, PLANTS]);
    // The schemas (and the schema library behind them) are not reached through the index.
    expect([...closure(['/w/page.tsx'], imports)].sort()).toEqual(['/w/page.tsx', PLANTS].sort());
  });
});

const PAGES = [
  '/w/dashboard.tsx',
  '/w/plantList.tsx',
  '/w/deviceList.tsx',
  '/w/alarms.tsx',
  '/w/walls.tsx',
  '/w/reports.tsx',
];

describe('which chunk a module goes to', () => {
  const roots = {
    boot: ['/w/main.tsx'],
    signIn: ['/w/signIn.tsx'],
    languages: ['/w/zh.ts', '/w/en.ts'],
    shell: ['/w/layout.tsx'],
    landing: ['/w/dashboard.tsx'],
    lists: ['/w/list/ListPage.tsx'],
  };
  const graph = graphOf({
    ...LIBRARIES,
    // The first script loads a language pack, the sign-in page or the layout, and the pages from the route table.
    '/w/main.tsx': [
      '',
      ['/w/request.ts'],
      ['/w/zh.ts', '/w/en.ts', '/w/signIn.tsx', '/w/layout.tsx', ...PAGES],
    ],
    '/w/request.ts': ['', []],
    '/w/zh.ts': ['', ['/w/groups.ts', '/w/zh.json']],
    '/w/en.ts': ['', ['/w/groups.ts', '/w/en.json']],
    '/w/groups.ts': ['', []],
    '/w/zh.json': ['', []],
    '/w/en.json': ['', []],
    '/w/signIn.tsx': ['', ['/w/request.ts', '/w/logo.tsx', '/w/eye.tsx']],
    '/w/logo.tsx': ['', []],
    '/w/eye.tsx': ['', []],
    '/w/layout.tsx': ["import { Button } from 'antd';", ['/w/logo.tsx', ANTD]],
    '/w/dashboard.tsx': ['', ['/w/format.ts'], ['/w/dashboardLater.tsx']],
    '/w/dashboardLater.tsx': ['', ['/w/typography.tsx', '/w/dialog.tsx']],
    '/w/dialog.tsx': ['', []],
    '/w/format.ts': ['', []],
    '/w/typography.tsx': ['', []],
    '/w/list/ListPage.tsx': ["import { Table } from 'antd';", [ANTD]],
    // Two list pages: what both use travels with the list machinery, what the dashboard uses with the shell.
    '/w/plantList.tsx': [
      "import { plantSchema } from '@solarops/contracts';",
      ['/w/list/ListPage.tsx', '/w/format.ts', '/w/typography.tsx', '/w/status.tsx', CONTRACTS],
    ],
    '/w/deviceList.tsx': [
      '',
      ['/w/list/ListPage.tsx', '/w/status.tsx', '/w/typography.tsx', '/w/icon.tsx', '/w/eye.tsx'],
    ],
    '/w/status.tsx': ['', []],
    '/w/icon.tsx': ['', []],
    // Pages beyond the lists. Two of them share small modules (a star and its call, a chart's frame): the bundler
    // would give those a chunk of their own. What a third page uses too is large (another chunk): the chart's frame,
    // which imports it, stays out of the parts with it. What the dashboard draws too stays out as well.
    '/w/alarms.tsx': ['', ['/w/star.tsx', '/w/big.ts', '/w/wallChart.tsx', '/w/dialog.tsx']],
    '/w/walls.tsx': ['', ['/w/star.tsx', '/w/big.ts', '/w/wallChart.tsx', '/w/dialog.tsx']],
    '/w/reports.tsx': ['', ['/w/big.ts', '/w/chart.ts']],
    '/w/star.tsx': ['x'.repeat(500), ['/w/calls.ts', '/w/layout.tsx']],
    '/w/calls.ts': ['x'.repeat(500), []],
    '/w/wallChart.tsx': ['x'.repeat(500), ['/w/chart.ts']],
    '/w/big.ts': ['x'.repeat(SMALL_CHUNK + 1), []],
    '/w/chart.ts': ['', []],
  });
  const sets = chunkSets(graph, roots);
  const chunkOf = (id: string) => Object.entries(sets).find(([, set]) => set.has(id))?.[0];

  it('puts what signing in and the signed-in console share in the common chunk, with the first script imports', () => {
    // The sign-in page's icon that list pages draw too, and what every language pack imports, but no pack's strings.
    expect([...sets.common].sort()).toEqual(
      ['/w/eye.tsx', '/w/groups.ts', '/w/logo.tsx', '/w/main.tsx', '/w/request.ts'].sort(),
    );
  });

  it("puts the layout's code in the shell, and what the dashboard draws that list pages use too", () => {
    expect(sets.shell.has('/w/layout.tsx')).toBe(true);
    expect(sets.shell.has(BUTTON)).toBe(true);
    expect(sets.shell.has('/w/format.ts')).toBe(true);
    // Drawn by a later part of the dashboard and by most list pages.
    expect(sets.shell.has('/w/typography.tsx')).toBe(true);
    expect(sets.shell.has('/w/logo.tsx')).toBe(false);
  });

  it('puts the list machinery and what most list pages share in the lists chunk, never the schema library', () => {
    expect(sets.lists.has('/w/list/ListPage.tsx')).toBe(true);
    expect(sets.lists.has(TABLE)).toBe(true);
    expect(sets.lists.has('/w/status.tsx')).toBe(true);
    // One list page of two is half: it travels too. The schemas reach zod: they stay apart.
    expect(sets.lists.has('/w/icon.tsx')).toBe(true);
    expect(sets.lists.has(SCHEMAS)).toBe(false);
    expect(sets.lists.has(ZOD)).toBe(false);
    expect(sets.lists.has('/w/typography.tsx')).toBe(false);
  });

  it('puts the small modules two pages share in the parts chunk, and nothing that would bring another chunk with it', () => {
    expect([...sets.parts].sort()).toEqual(['/w/calls.ts', '/w/star.tsx']);
    // Large, or bringing a chunk of its own (the chart), or drawn by the dashboard: where the bundler puts them.
    expect(chunkOf('/w/big.ts')).toBeUndefined();
    expect(chunkOf('/w/chart.ts')).toBeUndefined();
    expect(chunkOf('/w/wallChart.tsx')).toBeUndefined();
    expect(chunkOf('/w/dialog.tsx')).toBeUndefined();
    // The language packs' own strings stay in each pack's script.
    expect(chunkOf('/w/zh.json')).toBeUndefined();
  });

  it('fails the build when a root is no longer among the modules, rather than leave its chunk empty', () => {
    expect(() => chunkSets(graph, { ...roots, landing: ['/w/oldDashboard.tsx'] })).toThrow(
      /oldDashboard\.tsx no longer in the console's modules/,
    );
  });
});
