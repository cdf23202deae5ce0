import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { resetSession } from '../api/accounts.ts';
import { installNotifier } from '../api/notifier.ts';
import { NavigationGuard } from './NavigationGuard.tsx';
import { findPage } from './routes.tsx';

/** The session key of the current page's name (spec §2: set on every navigation). */
export const PAGE_NAME_KEY = 'pageName';

/**
 * The root of every route: connects the request client to Ant Design's message and modal and to the router,
 * sets the page title, and runs the navigation guard.
 */
export function RootShell() {
  const { message, modal } = AntApp.useApp();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    installNotifier({
      error: (text, seconds) => void message.error(text, seconds),
      toLogin: () => void navigate('/login', { replace: true }),
      confirmRelogin: () =>
        new Promise<void>((resolve) => {
          modal.confirm({
            title: t('relogin.title'),
            content: t('relogin.content'),
            okText: t('relogin.ok'),
            cancelText: t('relogin.cancel'),
            onOk: () => {
              resetSession();
              window.location.reload();
              resolve();
            },
            onCancel: () => resolve(),
          });
        }),
    });
  }, [message, modal, navigate, t]);

  useEffect(() => {
    const page = findPage(pathname);
    const title = page ? t(page.meta.title) : '';
    document.title = title ? `${title} - ${t('app.name')}` : t('app.name');
    sessionStorage.setItem(PAGE_NAME_KEY, page?.name ?? pathname);
  }, [pathname, t, i18n.language]);

  return (
    <NavigationGuard>
      <Outlet />
    </NavigationGuard>
  );
}
