import type { Catalog, LanguagePack } from '../catalogTypes.ts';
import { catalogsByGroup } from '../stringGroups.ts';
import base from '../en.json';

export const pack: LanguagePack = {
  catalog: base,
  locales: () => import('./enLocales.ts').then((m) => m.locales),
  features: catalogsByGroup(
    import.meta.glob<Catalog>('../../features/*/locales/en.json', { import: 'default' }),
  ),
};
