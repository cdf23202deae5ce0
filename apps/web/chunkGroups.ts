import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');
const src = (file: string) => path.join(SRC, file);

/** What the chunking reads of the module graph (Rolldown's `ModuleInfo`, the part used here). */
export interface GraphModule {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers: readonly string[];
}
export type ModuleGraph = (id: string) => GraphModule | null;

/**
 * Packages the console imports through one index that re-exports every part (`import { Button } from 'antd'`).
 * Following such an index's imports would reach all of the package from any page, Ant Design whole or every
 * contract with the schema library; the bundler keeps only the parts named, so the walk below does the same.
 */
const BARRELS = [
  { specifier: 'antd', id: /\/node_modules\/antd\/es\/index\.js$/ },
  { specifier: '@ant-design/icons', id: /\/node_modules\/@ant-design\/icons\/es\/index\.js$/ },
  { specifier: '@solarops/contracts', id: /\/packages\/contracts\/src\/index\.ts$/ },
];

const escaped = (text: string) => text.replace(/[/.@-]/g, (c) => `\\${c}`);
/** The names of an export or import list (`a, type B, c as d`): what each is known as on the side `side`. */
const listNames = (list: string, side: 'local' | 'exported') =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [local, exported = local] = part.split(/\s+as\s+/);
      return side === 'local' ? local! : exported!;
    });

/** The names `code` imports from `specifier` (`import { A, type B, C as D } from 'x'`: A and C). */
export function namedImports(code: string, specifier: string): string[] {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${escaped(specifier)}["']`, 'g');
  return [...code.matchAll(pattern)].flatMap((m) => listNames(m[1]!, 'local'));
}

/** The names a module declares and exports itself (`export const a`, `export function b`, `export { c as d }`). */
export function declaredExports(code: string): string[] {
  const declared = [
    ...code.matchAll(
      /export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|enum)\s+([\w$]+)/g,
    ),
  ].map((m) => m[1]!);
  const listed = [...code.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g)].flatMap((m) =>
    listNames(m[1]!, 'exported'),
  );
  return [...declared, ...listed];
}

/**
 * Which module each name of an index comes from: `export { default as Button } from './button'` gives Button the
 * module `./button` resolves to (one of the index's imports); `export * from './plants.ts'` gives every name that
 * module declares, and those of its own re-exports.
 */
function reexportedModules(indexId: string, graph: ModuleGraph, into = new Map<string, string>()) {
  const index = graph(indexId);
  if (!index?.code) return into;
  const resolved = (relative: string) => {
    const target = path.join(path.dirname(indexId), relative);
    return index.importedIds.find(
      (id) => id === target || id.startsWith(`${target}.`) || id.startsWith(`${target}/index.`),
    );
  };
  for (const m of index.code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const id = resolved(m[2]!);
    if (id) for (const name of listNames(m[1]!, 'exported')) into.set(name, id);
  }
  for (const m of index.code.matchAll(/export\s*\*\s*from\s*["'](\.[^"']+)["']/g)) {
    const id = resolved(m[1]!);
    if (!id) continue;
    for (const name of declaredExports(graph(id)?.code ?? '')) into.set(name, id);
    reexportedModules(id, graph, into);
  }
  return into;
}

/**
 * The module graph's static imports as the bundle has them: an import of a package's index (`BARRELS`) stands for
 * the parts it names. (Dynamic imports are left out: they load later, on their own.)
 */
export function importsOf(graph: ModuleGraph): (id: string) => string[] {
  const indexes = new Map<string, Map<string, string>>();
  const edges = new Map<string, string[]>();
  return (id) => {
    let found = edges.get(id);
    if (found) return found;
    const module = graph(id);
    found = (module?.importedIds ?? []).flatMap((imported) => {
      const barrel = BARRELS.find((b) => b.id.test(imported));
      if (!barrel) return [imported];
      let names = indexes.get(imported);
      if (!names) indexes.set(imported, (names = reexportedModules(imported, graph)));
      return namedImports(module?.code ?? '', barrel.specifier).flatMap((name) => names.get(name) ?? []);
    });
    edges.set(id, found);
    return found;
  };
}

/** What loads whenever one of `roots` does: the roots and their static imports, recursively (`importsOf`). */
export function closure(roots: readonly string[], imports: (id: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...imports(id));
  }
  return seen;
}

/**
 * The chunks that every signed-in visit and every list page load whole, and what stays out of them.
 *
 * Left alone, the bundler splits the code shared by the console's ~90 lazily loaded pages by the exact set of pages
 * that use each module: the plant list opened from outside came in about 140 scripts, most under 2 KB. Every script
 * costs the browser a request, a cache read and a module record in three processes, about 1.3 ms of CPU each
 * whatever its size, more than parsing most of them. So:
 * - `boot`: what the first script imports (`main.tsx`), one script instead of nine.
 * - `common`: what the sign-in page and the signed-in console both load, beyond that.
 * - `shell`: what the router, the theme and the layout import, which every signed-in page loads before its own code
 *   anyway, and what the dashboard (the first page after signing in) shares with the list pages.
 * - `lists`: what the shared list page (search form, paged table, row actions, export) imports, the table, form
 *   and select with their parts, and what at least half the list pages share: for the ~35 list pages. A page that uses
 *   one of them loads the rest with it.
 * - `parts`: what would otherwise come in small scripts of a few hundred bytes each (an icon, a tag, a page area's
 *   calls), shared by two pages or more beyond those chunks.
 * Each keeps out what a smaller one holds: signing in loads no more than before, and the dashboard no list.
 */
export const CHUNK_ROOTS = {
  boot: [src('main.tsx')],
  signIn: [src('router/SignInFirst.tsx')],
  /** The language packs: one loads with the first script, whatever the page (each stays a script of its own). */
  languages: [src('i18n/packs/zh.ts'), src('i18n/packs/en.ts')],
  shell: [src('router/createAppRouter.tsx'), src('components/ConsoleTheme.tsx'), src('layout/Layout.tsx')],
  landing: [src('features/dashboard/DashboardPage.tsx')],
  lists: readdirSync(src('components/list'))
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
    .map((file) => src(`components/list/${file}`)),
};

/** The schema library, which the plant list and the dashboard draw without: no group may bring it to them. */
const SCHEMAS = /\/node_modules\/zod\//;

/**
 * A chunk whose code is up to this long (as the bundler reads it, before minifying: about 1.5 KB compressed) is
 * small: for a page that does not need it, parsing it costs less than the request a script of its own costs a page
 * that does (`parts`).
 */
export const SMALL_CHUNK = 8_000;

export interface ChunkSets {
  common: Set<string>;
  shell: Set<string>;
  lists: Set<string>;
  parts: Set<string>;
}

/** Which module goes to which of the chunks named above, from the module graph (`CHUNK_ROOTS`). */
export function chunkSets(graph: ModuleGraph, roots = CHUNK_ROOTS): ChunkSets {
  // A root that moved would leave its chunk empty without a word, and every page its scripts back one by one.
  const missing = Object.values(roots)
    .flat()
    .filter((id) => !graph(id));
  if (missing.length > 0)
    throw new Error(
      `chunkGroups.ts: ${missing.join(', ')} no longer in the console's modules: revisit CHUNK_ROOTS`,
    );
  const imports = importsOf(graph);
  const boot = closure(roots.boot, imports);
  const signIn = closure(roots.signIn, imports);
  const signedIn = closure(roots.shell, imports);
  const languages = roots.languages.map((pack) => closure([pack], imports));
  const first = new Set([...boot, ...signIn, ...languages.flatMap((pack) => [...pack])]);
  // (What the entry imports is the first script's; what Rolldown's tag leaves out of it joins `common`.) What every
  // language pack imports loads with every page too.
  const common = new Set([
    ...boot,
    ...[...(languages[0] ?? [])].filter((id) => languages.every((pack) => pack.has(id))),
    ...[...signIn].filter((id) => signedIn.has(id)),
  ]);

  // The landing page as it is drawn: with its own lazy parts (its map card), which it asks for at once.
  const landing = closure(
    [...roots.landing, ...roots.landing.flatMap((id) => graph(id)?.dynamicallyImportedIds ?? [])],
    imports,
  );
  const listPages = [...new Set(roots.lists.flatMap((id) => graph(id)?.importers ?? []))].filter(
    (id) => !roots.lists.includes(id),
  );
  const sharing = new Map<string, number>();
  for (const page of listPages)
    for (const id of closure([page], imports)) sharing.set(id, (sharing.get(id) ?? 0) + 1);

  const mostListPages = (id: string) => (sharing.get(id) ?? 0) * 2 >= listPages.length;
  // Whatever the landing page may draw, its later parts too (its charts, its income lines, its dialogs).
  const landingAll = closure(roots.landing, withDynamic(graph, imports));

  const shell = new Set([...signedIn].filter((id) => !first.has(id)));
  for (const id of sharing.keys()) {
    if (first.has(id)) continue;
    if (landing.has(id) || (landingAll.has(id) && mostListPages(id))) shell.add(id);
  }
  // Out of `lists`: anything the landing page may draw, and whatever would bring the schema library with it.
  const withSchemas = reaching(SCHEMAS, [...sharing.keys()], imports);
  const candidates = [...closure(roots.lists, imports), ...[...sharing.keys()].filter(mostListPages)];
  const lists = new Set(
    candidates.filter(
      (id) => !first.has(id) && !shell.has(id) && !landingAll.has(id) && !withSchemas.has(id),
    ),
  );
  // What the sign-in page draws that the list pages draw too (the password field's icons) loads with both.
  for (const id of candidates) if (signIn.has(id) && !withSchemas.has(id)) common.add(id);
  // Not what the landing page may draw: the dashboard loads no more than its own code.
  const parts = smallParts(graph, roots.boot, imports, {
    taken: [first, shell, lists],
    loaded: [common, shell],
    keptOut: landingAll,
  });
  return { common, shell, lists, parts };
}

/**
 * The modules the bundler would put in small chunks of their own (`SMALL_CHUNK`) that two lazily loaded modules or
 * more load, beyond the modules already `taken` by a chunk. The bundler gives each set of lazily loaded modules
 * (pages, their later parts) that reach a module a chunk of its own: those sets are found the same way here, and the
 * modules of a set whose code is small join `parts`. Kept only if what they import is `loaded` by every signed-in
 * page anyway or a part too (a part that imported another chunk, the lists' too, would bring it to every page loading
 * the parts), with no stylesheet, nothing that reaches the schema library and nothing `keptOut`.
 */
function smallParts(
  graph: ModuleGraph,
  boot: readonly string[],
  imports: (id: string) => string[],
  { taken, loaded, keptOut }: { taken: Set<string>[]; loaded: Set<string>[]; keptOut: Set<string> },
): Set<string> {
  const isTaken = (id: string) => taken.some((set) => set.has(id));
  const isLoaded = (id: string) => loaded.some((set) => set.has(id));
  const everything = closure(boot, withDynamic(graph, imports));
  const lazy = new Set([...everything].flatMap((id) => graph(id)?.dynamicallyImportedIds ?? []));
  const reachedBy = new Map<string, string[]>();
  for (const entry of lazy)
    for (const id of closure([entry], imports)) {
      if (isTaken(id)) continue;
      const entries = reachedBy.get(id);
      if (entries) entries.push(entry);
      else reachedBy.set(id, [entry]);
    }
  const chunks = new Map<string, { ids: string[]; length: number }>();
  for (const [id, entries] of reachedBy) {
    if (entries.length < 2) continue;
    const key = entries.join('\n');
    const chunk = chunks.get(key) ?? { ids: [], length: 0 };
    chunk.ids.push(id);
    chunk.length += graph(id)?.code?.length ?? 0;
    chunks.set(key, chunk);
  }
  const withSchemas = reaching(SCHEMAS, [...reachedBy.keys()], imports);
  const parts = new Set(
    [...chunks.values()]
      .filter((chunk) => chunk.length <= SMALL_CHUNK)
      .flatMap((chunk) => chunk.ids)
      .filter((id) => !/\.css($|\?)/.test(id) && !withSchemas.has(id) && !keptOut.has(id)),
  );
  // Out, until none is left to take out: a part importing what is neither loaded anyway nor a part.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of parts)
      if (imports(id).some((imported) => !isLoaded(imported) && !parts.has(imported))) {
        parts.delete(id);
        changed = true;
      }
  }
  return parts;
}

/** `imports` with each module's dynamic imports added. */
const withDynamic = (graph: ModuleGraph, imports: (id: string) => string[]) => (id: string) => [
  ...imports(id),
  ...(graph(id)?.dynamicallyImportedIds ?? []),
];

/** The modules among `ids` (and their imports) from which a module matching `target` can be reached. */
function reaching(target: RegExp, ids: readonly string[], imports: (id: string) => string[]): Set<string> {
  const all = closure(ids, imports);
  const importers = new Map<string, string[]>();
  for (const id of all)
    for (const imported of imports(id)) {
      const known = importers.get(imported);
      if (known) known.push(id);
      else importers.set(imported, [id]);
    }
  return closure(
    [...all].filter((id) => target.test(id)),
    (id) => importers.get(id) ?? [],
  );
}

/**
 * The build's code splitting groups (`build.rolldownOptions.output.codeSplitting`), as above; every other module is
 * split as the bundler does by default. The groups take their modules alone, not their imports: a module left out
 * stays where the bundler puts it, and is loaded by whichever chunk imports it.
 */
export function consoleChunkGroups() {
  let sets: ChunkSets | undefined;
  return {
    groups: [
      // What the entry imports, as Rolldown keeps it after tree-shaking: the first script itself.
      { name: 'boot', tags: ['$initial' as const] },
      {
        debugName: 'console chunks',
        includeDependenciesRecursively: false,
        name: (id: string, ctx: { getModuleInfo: ModuleGraph }) => {
          sets ??= chunkSets((moduleId) => ctx.getModuleInfo(moduleId));
          if (sets.common.has(id)) return 'common';
          if (sets.shell.has(id)) return 'shell';
          return sets.lists.has(id) ? 'lists' : sets.parts.has(id) ? 'parts' : null;
        },
      },
    ],
  };
}
