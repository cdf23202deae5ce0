import enUS from 'antd/es/locale/en_US';
import { buildCatalog, type Catalog, type LanguagePack } from '../catalogs.ts';
import base from '../en.json';

const features = import.meta.glob<Catalog>('../../features/*/locales/en.json', {
  eager: true,
  import: 'default',
});

// dayjs speaks English without a locale file.
export const pack: LanguagePack = {
  catalog: buildCatalog(base, features),
  antdLocale: enUS,
  dayjsLocale: 'en',
  featureFiles: Object.keys(features),
};
