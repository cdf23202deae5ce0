import en from './en.json';
import zh from './zh.json';
import type { Language } from './language.ts';

export type Catalog = { [key: string]: string | Catalog };

/**
 * A feature group may keep its own strings beside its code in `features/<group>/locales/{zh,en}.json` (keys
 * still `feature.area.phrase`), so that engineers building different screens do not edit one file at once.
 */
const featureFiles = import.meta.glob<Catalog>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

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

function build(lang: Language, base: Catalog): Catalog {
  const out = merge({}, base, '');
  for (const [file, catalog] of Object.entries(featureFiles))
    if (file.endsWith(`/${lang}.json`)) merge(out, catalog, '');
  return out;
}

/** Every string of the console, per language: the shared catalogs plus the features' own. */
export const CATALOGS: Record<Language, Catalog> = { zh: build('zh', zh), en: build('en', en) };

/** Feature catalog files found, for the parity test. */
export const FEATURE_CATALOG_FILES: readonly string[] = Object.keys(featureFiles);
