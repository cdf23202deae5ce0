// @vitest-environment node
// These tests read source files from disk, which needs file URLs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES } from '@solarops/contracts';
import { BARE_ROUTES, LAYOUT_PAGES, MENU_ROUTES } from '../router/routes.tsx';
import type { Catalog } from './catalogTypes.ts';
import { fullCatalog } from './catalogs.ts';
import { pack as enPack } from './packs/en.ts';
import { pack as zhPack } from './packs/zh.ts';
import { STRING_GROUPS, type StringGroup } from './stringGroups.ts';

const flatten = (c: Catalog, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(c).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );

const ZH = flatten(await fullCatalog(zhPack));
const EN = flatten(await fullCatalog(enPack));
const SRC = fileURLToPath(new URL('..', import.meta.url));
const FEATURE_CATALOG_FILES = readdirSync(join(SRC, 'features')).flatMap((group) =>
  ['zh', 'en'].flatMap((lang) => {
    const file = join(SRC, 'features', group, 'locales', `${lang}.json`);
    return existsSync(file) ? [file] : [];
  }),
);
/** Each language's shared catalog and each group's, flat: where a key lives. */
const SHARED = [flatten(zhPack.catalog), flatten(enPack.catalog)];
const GROUP_CATALOGS = Object.fromEntries(
  await Promise.all(
    STRING_GROUPS.map(
      async (group) =>
        [
          group,
          await Promise.all(
            [zhPack, enPack].map(async (pack) => flatten((await pack.features[group]?.()) ?? {})),
          ),
        ] as const,
    ),
  ),
) as Record<StringGroup, Record<string, string>[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The literal keys the files ask for: `t('a.b')` and the validation keys named as strings. */
function keysUsedIn(files: string[]): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) if (m[1]?.includes('.')) used.add(m[1]);
    for (const m of text.matchAll(/'(validation\.[a-zA-Z]+)'/g)) if (m[1]) used.add(m[1]);
  }
  return used;
}

/**
 * The keys the files name, as written: literal keys (asked for with `t`, or handed on as a label's key) and the
 * fixed beginnings of keys put together at run time (`station.kind.${kind}` names `station.kind.`). A quoted
 * text counts when its first word begins some catalog's keys (`dashboard.css` is a file, not a key).
 */
function keyNamesIn(files: string[]): Set<string> {
  const roots = new Set(Object.keys(ZH).map((k) => k.split('.')[0]));
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(['"`])([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+)\1/g))
      if (roots.has(m[2]!.split('.')[0]!) && !/\.(css|tsx?|json|svg|png)$/.test(m[2]!)) names.add(m[2]!);
    for (const m of text.matchAll(/`([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)*\.)\$\{/g))
      if (roots.has(m[1]!.split('.')[0]!)) names.add(m[1]!);
  }
  return names;
}

/** Every name a catalog answers to: its keys, and each start of them (`a.` and `a` for `a.b`: subtrees, run-time keys). */
const namesOf = (catalog: Record<string, string>): Set<string> =>
  new Set(
    Object.keys(catalog).flatMap((key) => {
      const parts = key.split('.');
      return parts.flatMap((_, i) =>
        i === parts.length - 1
          ? [key]
          : [parts.slice(0, i + 1).join('.'), `${parts.slice(0, i + 1).join('.')}.`],
      );
    }),
  );
const SHARED_NAMES = SHARED.map(namesOf);
const GROUP_NAMES = Object.fromEntries(
  Object.entries(GROUP_CATALOGS).map(([group, catalogs]) => [group, catalogs.map(namesOf)]),
) as Record<StringGroup, Set<string>[]>;
const EVERY_NAME = [...SHARED_NAMES, ...Object.values(GROUP_NAMES).flat()];

/**
 * The names of `files` that live only in catalogs other than `allowed` (a name no catalog holds is not a key, or
 * the literal-key test below finds it).
 */
function namesElsewhere(files: string[], allowed: Set<string>[]): string[] {
  return [...keyNamesIn(files)].filter(
    (name) => EVERY_NAME.some((c) => c.has(name)) && !allowed.some((c) => c.has(name)),
  );
}

describe('i18n catalogs (ARCHITECTURE §7)', () => {
  it('have the same keys in zh and en', () => {
    expect(Object.keys(ZH).filter((k) => !(k in EN))).toEqual([]);
    expect(Object.keys(EN).filter((k) => !(k in ZH))).toEqual([]);
  });

  it('keep each key in the same catalog in zh and en (a page loading its catalogs finds it in both)', () => {
    const apart = (zh: Record<string, string>, en: Record<string, string>) => [
      ...Object.keys(zh).filter((k) => !(k in en)),
      ...Object.keys(en).filter((k) => !(k in zh)),
    ];
    expect(apart(SHARED[0]!, SHARED[1]!)).toEqual([]);
    for (const [group, [zh, en]] of Object.entries(GROUP_CATALOGS))
      expect(apart(zh!, en!), group).toEqual([]);
  });

  it('come in pairs for the features that keep their own', () => {
    for (const file of FEATURE_CATALOG_FILES) {
      const other = file.endsWith('/zh.json')
        ? file.replace(/zh\.json$/, 'en.json')
        : file.replace(/en\.json$/, 'zh.json');
      expect(FEATURE_CATALOG_FILES, file).toContain(other);
    }
  });

  it('have no empty text', () => {
    expect(Object.entries({ ...ZH }).filter(([, v]) => !v.trim())).toEqual([]);
    expect(Object.entries({ ...EN }).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('title every route of the route table (menu.<routeName>)', () => {
    const titles = [...LAYOUT_PAGES, ...BARE_ROUTES, ...MENU_ROUTES].map((r) => r.meta.title);
    for (const name of ROUTE_NAMES) expect(titles).toContain(`menu.${name}`);
    for (const title of titles) {
      expect(ZH, title).toHaveProperty([title]);
      expect(EN, title).toHaveProperty([title]);
    }
  });

  it('hold every literal key the code asks for', () => {
    const used = keysUsedIn(sourceFiles(SRC));
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !(k in ZH) || !(k in EN))).toEqual([]);
  });

  it('give the sign-in and error pages, the layout and the shared pieces all their strings in the shared catalog', () => {
    // These draw before (or without) any feature group's strings, or in pages of any group.
    const early = [
      'features/auth',
      'features/errors',
      'features/redirect',
      'layout',
      'router',
      'components',
    ].flatMap((dir) => sourceFiles(join(SRC, dir)));
    expect(keyNamesIn(early).size).toBeGreaterThan(30);
    expect(namesElsewhere(early, SHARED_NAMES)).toEqual([]);
  });

  it('have one catalog pair for each feature group a page may name', () => {
    expect(Object.keys(zhPack.features).sort()).toEqual([...STRING_GROUPS].sort());
    expect(Object.keys(enPack.features).sort()).toEqual([...STRING_GROUPS].sort());
  });

  it('give each page its strings in the shared catalog and the groups its route names (it loads no others)', () => {
    const misses = [...LAYOUT_PAGES, ...BARE_ROUTES].flatMap((route) => {
      // The feature folder the page's code is imported from (the route table's `import('../features/<folder>/…')`).
      const folder = /features\/([^/]+)\//.exec(route.page.toString())?.[1];
      if (!folder) return [`${route.name}: no feature folder`];
      const allowed = [...SHARED_NAMES, ...(route.meta.strings ?? []).flatMap((group) => GROUP_NAMES[group])];
      return namesElsewhere(sourceFiles(join(SRC, 'features', folder)), allowed).map(
        (n) => `${route.name}: ${n}`,
      );
    });
    expect(misses).toEqual([]);
  });

  it('hold the keys of the contracts’ validation messages', async () => {
    const shared = ['common.ts', 'calendar.ts']
      .map((file) =>
        readFileSync(
          fileURLToPath(new URL(`../../../../packages/contracts/src/${file}`, import.meta.url)),
          'utf8',
        ),
      )
      .join('\n');
    const keys = [...shared.matchAll(/'(validation\.[a-zA-Z]+)'/g)].map((m) => m[1]!);
    expect(keys.length).toBeGreaterThan(3);
    expect(keys.filter((k) => !(k in ZH) || !(k in EN))).toEqual([]);
  });
});
