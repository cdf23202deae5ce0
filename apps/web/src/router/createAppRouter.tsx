import type { ReactElement } from 'react';
import {
  type DataRouter,
  Navigate,
  type RouteObject,
  RouterProvider,
  createBrowserRouter,
  createMemoryRouter,
} from 'react-router';
import { installNotifier } from '../api/notifier.ts';
import { loadComponentLocales, loadFeatureStrings } from '../i18n/i18n.ts';
import { RootShell } from './RootShell.tsx';
import { BARE_ROUTES, LAYOUT_PAGES } from './routes.tsx';
import type { PageRoute, RouteHandle } from './types.ts';
import { HOME_PATH, pathOf, REDIRECT_PREFIX } from './paths.ts';
import { prefetchPageData } from './prefetchPage.ts';

/**
 * A page's code and the strings of the feature groups it speaks, fetched together. A failed strings download
 * still shows the page rather than an error (as the first render does, main.tsx).
 */
const lazyPage = (route: PageRoute) => async () => {
  const groups = route.meta.strings ?? [];
  const strings = groups.length > 0 ? loadFeatureStrings(groups).catch(() => undefined) : undefined;
  const [Component] = await Promise.all([route.page(), strings]);
  return { Component };
};

/**
 * A page's route: its code loads lazily, and its loader starts the page's first data request at the same moment
 * (a loader declared on the route, not returned by `lazy`, runs in parallel with it). The loader returns at once:
 * the answer goes to the query cache, where the page's own query finds it.
 */
export const toRouteObject = (route: PageRoute): RouteObject => ({
  path: route.path,
  lazy: lazyPage(route),
  ...(route.data && {
    loader: () => {
      prefetchPageData(route);
      return null;
    },
  }),
  handle: { route } satisfies RouteHandle,
});

/**
 * Shown while the first page's code loads on a full load (the pages are lazy): a blank screen, as before the
 * console's script ran. Declaring it keeps the router from warning on every full load.
 */
const FirstLoad = () => null;

/**
 * The router's tree, derived from the route table: the pages drawn without Ant Design (sign-in), then, under the
 * console's theme (loaded with the first of them), bare pages and full-screen ones (the walls, still guarded by
 * the menu list), and the layout with every other page.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      HydrateFallback: FirstLoad,
      children: [
        ...BARE_ROUTES.filter((p) => p.meta.withoutAntDesign).map(toRouteObject),
        {
          // The theme's code and the language's Ant Design and dayjs locales, fetched together (a failed locale
          // download still shows the pages, in Ant Design's default English for its own few words).
          lazy: async () => {
            const [theme] = await Promise.all([
              import('../components/ConsoleTheme.tsx'),
              loadComponentLocales().catch(() => undefined),
            ]);
            return { Component: theme.ConsoleThemeOutlet };
          },
          children: [
            ...BARE_ROUTES.filter((p) => !p.meta.withoutAntDesign).map(toRouteObject),
            ...LAYOUT_PAGES.filter((p) => p.meta.fullScreen).map(toRouteObject),
            {
              lazy: async () => ({ Component: (await import('../layout/Layout.tsx')).Layout }),
              children: [
                { path: HOME_PATH, element: <Navigate to={pathOf('dashboard')} replace /> },
                {
                  path: `${REDIRECT_PREFIX}/*`,
                  lazy: async () => ({
                    Component: (await import('../features/redirect/RedirectPage.tsx')).RedirectPage,
                  }),
                },
                ...LAYOUT_PAGES.filter((p) => !p.meta.fullScreen).map(toRouteObject),
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={pathOf('notFound')} replace /> },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(appRoutes());

/** The console's router, started, and what draws it. */
export interface StartedConsole {
  router: DataRouter;
  view: ReactElement;
}

/**
 * Starts the console's router at the current address (it fetches that page's code at once), with the request
 * client's way back to the sign-in page. The router's provider is drawn from here, so that the sign-in page drawn
 * before it (`SignInFirst`) downloads nothing of React Router.
 */
export function startConsole(): StartedConsole {
  const router = createAppRouter();
  installNotifier({ toLogin: () => void router.navigate(pathOf('login'), { replace: true }) });
  return { router, view: <RouterProvider router={router} /> };
}

/** Tests drive the same tree from memory. */
export const createTestRouter = (initialPath: string) =>
  createMemoryRouter(appRoutes(), { initialEntries: [initialPath] });
