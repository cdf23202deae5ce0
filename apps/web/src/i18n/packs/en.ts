import type { Catalog, LanguagePack } from '../catalogTypes.ts';
import base from '../en.json';

export const pack: LanguagePack = {
  catalog: base,
  locales: () => import('./enLocales.ts').then((m) => m.locales),
  features: import.meta.glob<Catalog>('../../features/*/locales/en.json', { import: 'default' }),
};
