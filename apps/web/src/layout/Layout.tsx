import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation, useMatches, useNavigationType } from 'react-router';
import type { RouteHandle } from '../router/types.ts';
import { deviceFor, useLayoutStore } from '../store/layoutStore.ts';
import { useTabsStore } from '../store/tabsStore.ts';
import { LAYOUT_PAGES } from '../router/routes.tsx';
import { queryClient } from '../api/queryClient.ts';
import { useUserStore } from '../store/userStore.ts';
import { AppMain } from './AppMain.tsx';
import { NOTICE_2G_KEY, useOnceTrue, useSettingsDrawer } from './layoutDialogs.ts';
import { isPageStep, type Shown } from './pageStep.ts';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';
import { TopBar } from './TopBar.tsx';

// The drawer and the dialogs load when they first open, not with every page.
const SettingsDrawer = lazy(() =>
  import('./SettingsDrawer.tsx').then((m) => ({ default: m.SettingsDrawer })),
);
const NoticeDialog = lazy(() => import('./NoticeDialog.tsx').then((m) => ({ default: m.NoticeDialog })));
const WeakPasswordDialog = lazy(() =>
  import('./WeakPasswordDialog.tsx').then((m) => ({ default: m.WeakPasswordDialog })),
);
import './layout.css';

const AFFIX_PAGES = LAYOUT_PAGES.filter((r) => r.meta.affix);

/** The signed-in console: sidebar, top bar, tags bar, page area and the notice dialogs (spec §2). */
export function Layout() {
  const { sidebarOpen, device, settings, setDevice, closeSidebar } = useLayoutStore();
  const addView = useTabsStore((s) => s.addView);
  const moveView = useTabsStore((s) => s.moveView);
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<Shown | null>(null);
  const matches = useMatches();
  const route = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.route;
  const settingsDrawer = useOnceTrue(useSettingsDrawer((s) => s.open));
  const weakPasswordDialog = useOnceTrue(useUserStore((s) => s.weakPassword));
  const [noticeDialog] = useState(() => localStorage.getItem(NOTICE_2G_KEY) !== '1');

  useEffect(() => {
    const onResize = () => setDevice(deviceFor(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice]);

  // Spec §2: on a mobile device the sidebar closes on every route change (and starts closed).
  useEffect(() => {
    if (useLayoutStore.getState().device === 'mobile' && useLayoutStore.getState().sidebarOpen)
      closeSidebar();
  }, [location.pathname, device, closeSidebar]);

  useEffect(() => {
    for (const page of AFFIX_PAGES)
      addView({ path: page.path, name: page.name, title: page.meta.title, affix: true, noCache: false });
  }, [addView]);

  useEffect(() => {
    if (!route) return;
    const view = {
      path: location.pathname + location.search,
      name: route.name,
      title: route.meta.title,
      affix: Boolean(route.meta.affix),
      noCache: Boolean(route.meta.noCache),
    };
    const from = shown.current;
    if (from && isPageStep(navigationType, from, view)) moveView(from.path, view);
    else addView(view);
    shown.current = { path: view.path, name: view.name };
  }, [route, location.pathname, location.search, navigationType, addView, moveView]);

  const classes = [
    'app-wrapper',
    sidebarOpen ? 'sidebar-open' : 'sidebar-closed',
    `device-${device}`,
    settings.fixedHeader ? 'fixed-header' : '',
  ].join(' ');

  return (
    <QueryClientProvider client={queryClient}>
      <div className={classes}>
        {device === 'mobile' && sidebarOpen && <div className="drawer-bg" onClick={closeSidebar} />}
        <Sidebar />
        <div className="main-container">
          <header className="app-header">
            <TopBar />
            {settings.tagsView && <TagsView />}
          </header>
          <AppMain />
        </div>
        <Suspense>{settingsDrawer && <SettingsDrawer />}</Suspense>
        <Suspense>{noticeDialog && <NoticeDialog />}</Suspense>
        <Suspense>{weakPasswordDialog && <WeakPasswordDialog />}</Suspense>
      </div>
    </QueryClientProvider>
  );
}
