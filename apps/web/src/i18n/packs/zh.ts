import type { Catalog, LanguagePack } from '../catalogTypes.ts';
import { catalogsByGroup } from '../stringGroups.ts';
import base from '../zh.json';

export const pack: LanguagePack = {
  catalog: base,
  locales: () => import('./zhLocales.ts').then((m) => m.locales),
  features: catalogsByGroup(
    import.meta.glob<Catalog>('../../features/*/locales/zh.json', { import: 'default' }),
  ),
};
