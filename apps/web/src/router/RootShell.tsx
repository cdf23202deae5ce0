import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { installNotifier } from '../api/notifier.ts';
import { useMessage } from '../components/MessageProvider.tsx';
import { useReloginStore } from '../layout/reloginStore.ts';
import { NavigationGuard } from './NavigationGuard.tsx';
import { type PageNavigation, PageNavigationContext } from './pageNavigation.tsx';
import { showPageName } from './pageName.ts';
import { findPage } from './routes.tsx';
import { pathOf } from './paths.ts';

// The dialog's code loads only when a session is revoked, not with the sign-in page.
const ReloginDialog = lazy(() =>
  import('../layout/ReloginDialog.tsx').then((m) => ({ default: m.ReloginDialog })),
);

/**
 * The root of every route: connects the request client to Ant Design's message and modal and to the router,
 * sets the page title, and runs the navigation guard.
 */
export function RootShell() {
  const message = useMessage();
  const reloginOpen = useReloginStore((s) => s.open);
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const { pathname, search } = useLocation();

  useEffect(() => {
    installNotifier({
      error: (text, seconds) => void message.error(text, seconds),
      toLogin: () => void navigate(pathOf('login'), { replace: true }),
      confirmRelogin: () => new Promise<void>((resolve) => useReloginStore.getState().show(resolve)),
    });
  }, [message, navigate]);

  useEffect(() => {
    const page = findPage(pathname);
    showPageName(page?.name ?? pathname, page?.meta.title);
  }, [pathname, i18n.language]);

  // The pages that may also draw before the router (sign-in) navigate through this.
  const navigation = useMemo<PageNavigation>(
    () => ({ search, go: async (to, options) => navigate(to, options) }),
    [navigate, search],
  );

  return (
    <PageNavigationContext value={navigation}>
      <NavigationGuard>
        <Outlet />
      </NavigationGuard>
      {reloginOpen && (
        <Suspense>
          <ReloginDialog />
        </Suspense>
      )}
    </PageNavigationContext>
  );
}
