import { type ReactNode, useMemo } from 'react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { i18n, loadedComponentLocales } from '../i18n/i18n.ts';
import { useLayoutStore } from '../store/layoutStore.ts';
import { consoleTheme } from './themeVariables.ts';
// Every Ant Design component's rules, written when the console is built (apps/web/antdStyles.ts, decision 0035).
import 'virtual:antd-styles.css';

/**
 * Ant Design's theme and locale of the console (spec §1, §3): the settings' theme colour and the language's
 * locales, dayjs's included. It is not at the root of the console: the sign-in page draws without Ant Design, so
 * that its first download carries none of it. Whatever draws Ant Design's components sits inside it: the routes of
 * every other page (`ConsoleThemeOutlet`) and the few parts that load on demand above them (notices, the re-login
 * dialog, the guard's spinner, the sign-in page's refusal).
 */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  const { i18n: i18nInstance } = useTranslation(undefined, { i18n });
  const themeColor = useLayoutStore((s) => s.settings.themeColor);
  // The locales load with the theme's route and before every later switch (createAppRouter, changeLanguage).
  const locales = loadedComponentLocales(i18nInstance.language === 'en' ? 'en' : 'zh');
  if (locales) dayjs.locale(locales.dayjsLocale);
  // One object per theme colour: a new one on every render would have the provider compare the theme again.
  const theme = useMemo(() => consoleTheme(themeColor), [themeColor]);
  return (
    <ConfigProvider locale={locales?.antdLocale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/** The route that puts every page below it under the console's theme (router/createAppRouter.tsx). */
export function ConsoleThemeOutlet() {
  return (
    <ConsoleTheme>
      <Outlet />
    </ConsoleTheme>
  );
}
