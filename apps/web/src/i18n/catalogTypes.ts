// The shape of a language's strings, apart from the catalogs that load the packs: each pack is typed by it, so a
// type import of catalogs.ts would close a circle of imports.
import type { Locale } from 'antd/es/locale';

export type Catalog = { [key: string]: string | Catalog };

/** Ant Design's and dayjs's locales of one language. */
export interface ComponentLocales {
  antdLocale: Locale;
  dayjsLocale: string;
}

/** What the console needs to speak one language: its strings and Ant Design's and dayjs's locales. */
export interface LanguagePack {
  /** The shared strings: the sign-in pages, the layout, the menu and what several features use. */
  catalog: Catalog;
  /**
   * Ant Design's and dayjs's locales, a chunk of their own: loaded with the console's theme (the pages drawn with
   * Ant Design), never by the sign-in page, which draws without either.
   */
  locales: () => Promise<ComponentLocales>;
  /**
   * A feature group may keep its own strings beside its code in `features/<group>/locales/{zh,en}.json` (keys
   * still `feature.area.phrase`), so that engineers building different screens do not edit one file at once.
   * Each file is its own chunk, loaded with the pages that name its group (route meta `strings`), never by the
   * sign-in pages, whose download stays small: group (stringGroups.ts) → loader.
   */
  features: Partial<Record<string, () => Promise<Catalog>>>;
}
