// @vitest-environment node
// These tests read source files from disk, which needs file URLs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES } from '@solarops/contracts';
import { BARE_ROUTES, LAYOUT_PAGES, MENU_ROUTES } from '../router/routes.tsx';
import type { Catalog } from './catalogTypes.ts';
import { fullCatalog } from './catalogs.ts';
import { pack as enPack } from './packs/en.ts';
import { pack as zhPack } from './packs/zh.ts';

const flatten = (c: Catalog, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(c).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );

const ZH = flatten(await fullCatalog(zhPack));
const EN = flatten(await fullCatalog(enPack));
const FEATURE_CATALOG_FILES = [...Object.keys(zhPack.features), ...Object.keys(enPack.features)];
const SRC = fileURLToPath(new URL('..', import.meta.url));

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

describe('i18n catalogs (ARCHITECTURE §7)', () => {
  it('have the same keys in zh and en', () => {
    expect(Object.keys(ZH).filter((k) => !(k in EN))).toEqual([]);
    expect(Object.keys(EN).filter((k) => !(k in ZH))).toEqual([]);
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

  it('give the sign-in and error pages and the layout all their strings in the shared catalog', () => {
    // These draw before (or without) the features' strings, which come with the console's pages.
    const shared = [flatten(zhPack.catalog), flatten(enPack.catalog)];
    const early = ['features/auth', 'features/errors', 'features/redirect', 'layout', 'router'].flatMap(
      (dir) => sourceFiles(join(SRC, dir)),
    );
    const used = keysUsedIn(early);
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => shared.some((catalog) => !(k in catalog)))).toEqual([]);
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
