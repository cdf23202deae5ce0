import zhCN from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import type { Catalog, LanguagePack } from '../catalogTypes.ts';
import base from '../zh.json';

export const pack: LanguagePack = {
  catalog: base,
  antdLocale: zhCN,
  dayjsLocale: 'zh-cn',
  features: import.meta.glob<Catalog>('../../features/*/locales/zh.json', { import: 'default' }),
};
