import zhCN from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { buildCatalog, type Catalog, type LanguagePack } from '../catalogs.ts';
import base from '../zh.json';

const features = import.meta.glob<Catalog>('../../features/*/locales/zh.json', {
  eager: true,
  import: 'default',
});

export const pack: LanguagePack = {
  catalog: buildCatalog(base, features),
  antdLocale: zhCN,
  dayjsLocale: 'zh-cn',
  featureFiles: Object.keys(features),
};
