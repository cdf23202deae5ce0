import type { Locale } from 'antd/es/locale';
import type { Language } from './language.ts';

export type Catalog = { [key: string]: string | Catalog };

/** What the console needs to speak one language: its strings and Ant Design's and dayjs's locales. */
export interface LanguagePack {
  catalog: Catalog;
  antdLocale: Locale;
  dayjsLocale: string;
  /**
   * A feature group may keep its own strings beside its code in `features/<group>/locales/{zh,en}.json` (keys
   * still `feature.area.phrase`), so that engineers building different screens do not edit one file at once.
   * The files found, for the parity test.
   */
  featureFiles: readonly string[];
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

/**
 * Each language is its own chunk, loaded on demand: the console downloads only the one it speaks (the sign-in
 * page's first download stays small) and fetches the other when the user switches.
 */
export const LANGUAGE_PACKS: Record<Language, () => Promise<LanguagePack>> = {
  zh: () => import('./packs/zh.ts').then((m) => m.pack),
  en: () => import('./packs/en.ts').then((m) => m.pack),
};
