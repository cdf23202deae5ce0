import zhCN from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import type { ComponentLocales } from '../catalogTypes.ts';

export const locales: ComponentLocales = { antdLocale: zhCN, dayjsLocale: 'zh-cn' };
