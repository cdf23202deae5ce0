import { useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from './i18n/i18n.ts';
import { createAppRouter } from './router/createAppRouter.tsx';
import { useLayoutStore } from './store/layoutStore.ts';

/** Server state: the request client already refreshes tokens, so queries are not retried on their own. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** The console: theme and locale of Ant Design follow the settings and the language (spec §1, §3). */
export function App() {
  const { i18n: i18nInstance } = useTranslation(undefined, { i18n });
  const themeColor = useLayoutStore((s) => s.settings.themeColor);
  const router = useMemo(() => createAppRouter(), []);
  const lang = i18nInstance.language === 'en' ? 'en' : 'zh';
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={{ token: { colorPrimary: themeColor } }}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
