import type { Catalog, LanguagePack } from './catalogTypes.ts';
import type { Language } from './language.ts';

function merge(target: Catalog, source: Catalog, path: string): Catalog {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'string' || typeof existing === 'string') {
      if (existing !== undefined) throw new Error(`i18n key ${path}${key} is defined twice`);
      target[key] = value;
    } else {
      target[key] = merge(existing ?? {}, value, `${path}${key}.`);
    }
  }
  return target;
}

/** Every string of the console in one language: the shared catalog plus the features' own. */
export function buildCatalog(base: Catalog, featureCatalogs: Record<string, Catalog>): Catalog {
  const out = merge({}, base, '');
  for (const catalog of Object.values(featureCatalogs)) merge(out, catalog, '');
  return out;
}

/**
 * Every string of a language: the shared catalog and all its feature groups' (a key defined twice throws). The
 * console loads a page's groups only; the catalogs' check reads them all.
 */
export async function fullCatalog(pack: LanguagePack): Promise<Catalog> {
  const files = await Promise.all(
    Object.entries(pack.features).map(async ([group, load]) => [group, (await load?.()) ?? {}] as const),
  );
  return buildCatalog(pack.catalog, Object.fromEntries(files));
}

/**
 * Each language is its own chunk, loaded on demand: the console downloads only the one it speaks (the sign-in
 * page's first download stays small) and fetches the other when the user switches.
 */
export const LANGUAGE_PACKS: Record<Language, () => Promise<LanguagePack>> = {
  zh: () => import('./packs/zh.ts').then((m) => m.pack),
  en: () => import('./packs/en.ts').then((m) => m.pack),
};
