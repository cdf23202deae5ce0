import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type DataRouter, RouterProvider } from 'react-router';
import { MessageProvider } from './components/MessageProvider.tsx';
import { i18n, loadedPack } from './i18n/i18n.ts';
import { useLayoutStore } from './store/layoutStore.ts';

/** The console: theme and locale of Ant Design follow the settings and the language (spec §1, §3). */
export function App({ router }: { router: DataRouter }) {
  const { i18n: i18nInstance } = useTranslation(undefined, { i18n });
  const themeColor = useLayoutStore((s) => s.settings.themeColor);
  // The language's pack is loaded before the first render and before every switch (main.tsx, changeLanguage).
  const pack = loadedPack(i18nInstance.language === 'en' ? 'en' : 'zh');
  if (pack) dayjs.locale(pack.dayjsLocale);
  return (
    <ConfigProvider locale={pack?.antdLocale} theme={{ token: { colorPrimary: themeColor } }}>
      <MessageProvider>
        <RouterProvider router={router} />
      </MessageProvider>
    </ConfigProvider>
  );
}
