import type { Locale } from 'antd/es/locale';
import type { Language } from './language.ts';

export type Catalog = { [key: string]: string | Catalog };

/** What the console needs to speak one language: its strings and Ant Design's and dayjs's locales. */
export interface LanguagePack {
  /** The shared strings: the sign-in pages, the layout, the menu and what several features use. */
  catalog: Catalog;
  antdLocale: Locale;
  dayjsLocale: string;
  /**
   * A feature group may keep its own strings beside its code in `features/<group>/locales/{zh,en}.json` (keys
   * still `feature.area.phrase`), so that engineers building different screens do not edit one file at once.
   * Each file is its own chunk, loaded with the console's pages (never by the sign-in pages, whose download
   * stays small): file path → loader.
   */
  features: Record<string, () => Promise<Catalog>>;
}

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

/** Every string of a language: the shared catalog and all its features' files (a key defined twice throws). */
export async function fullCatalog(pack: LanguagePack): Promise<Catalog> {
  const files = await Promise.all(
    Object.entries(pack.features).map(async ([file, load]) => [file, await load()] as const),
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
