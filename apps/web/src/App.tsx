import { useMemo } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { MessageProvider } from './components/MessageProvider.tsx';
import { i18n } from './i18n/i18n.ts';
import { createAppRouter } from './router/createAppRouter.tsx';
import { useLayoutStore } from './store/layoutStore.ts';

/** The console: theme and locale of Ant Design follow the settings and the language (spec §1, §3). */
export function App() {
  const { i18n: i18nInstance } = useTranslation(undefined, { i18n });
  const themeColor = useLayoutStore((s) => s.settings.themeColor);
  const router = useMemo(() => createAppRouter(), []);
  const lang = i18nInstance.language === 'en' ? 'en' : 'zh';
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={{ token: { colorPrimary: themeColor } }}>
      <MessageProvider>
        <RouterProvider router={router} />
      </MessageProvider>
    </ConfigProvider>
  );
}
