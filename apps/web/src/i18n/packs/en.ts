import enUS from 'antd/es/locale/en_US';
import type { Catalog, LanguagePack } from '../catalogTypes.ts';
import base from '../en.json';

// dayjs speaks English without a locale file.
export const pack: LanguagePack = {
  catalog: base,
  antdLocale: enUS,
  dayjsLocale: 'en',
  features: import.meta.glob<Catalog>('../../features/*/locales/en.json', { import: 'default' }),
};
