import enUS from 'antd/es/locale/en_US';
import type { ComponentLocales } from '../catalogTypes.ts';

// dayjs speaks English without a locale file.
export const locales: ComponentLocales = { antdLocale: enUS, dayjsLocale: 'en' };
