import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { installNotifier } from '../api/notifier.ts';
import { useMessage } from '../components/MessageProvider.tsx';
import { useReloginStore } from '../layout/reloginStore.ts';
import { NavigationGuard } from './NavigationGuard.tsx';
import { findPage } from './routes.tsx';
import { pathOf } from './paths.ts';

// The dialog's code loads only when a session is revoked, not with the sign-in page.
const ReloginDialog = lazy(() =>
  import('../layout/ReloginDialog.tsx').then((m) => ({ default: m.ReloginDialog })),
);

/** The session key of the current page's name (spec §2: set on every navigation). */
export const PAGE_NAME_KEY = 'pageName';

/**
 * The root of every route: connects the request client to Ant Design's message and modal and to the router,
 * sets the page title, and runs the navigation guard.
 */
export function RootShell() {
  const message = useMessage();
  const reloginOpen = useReloginStore((s) => s.open);
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    installNotifier({
      error: (text, seconds) => void message.error(text, seconds),
      toLogin: () => void navigate(pathOf('login'), { replace: true }),
      confirmRelogin: () => new Promise<void>((resolve) => useReloginStore.getState().show(resolve)),
    });
  }, [message, navigate]);

  useEffect(() => {
    const page = findPage(pathname);
    const title = page ? t(page.meta.title) : '';
    document.title = title ? `${title} - ${t('app.name')}` : t('app.name');
    sessionStorage.setItem(PAGE_NAME_KEY, page?.name ?? pathname);
  }, [pathname, t, i18n.language]);

  return (
    <>
      <NavigationGuard>
        <Outlet />
      </NavigationGuard>
      {reloginOpen && (
        <Suspense>
          <ReloginDialog />
        </Suspense>
      )}
    </>
  );
}
