import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { queryClient } from '../api/queryClient.ts';
import { session } from '../api/session.ts';
import { usePlantList } from '../features/station/station-shared/api.ts';
import { stubPagedList } from '../test/pagedListServer.ts';
import { toRouteObject } from './createAppRouter.tsx';
import { pathOf } from './paths.ts';
import { findPage } from './routes.tsx';
import type { PageRoute } from './types.ts';

/** The plant list's first query, as the list page makes it on mount. */
function PlantNames() {
  const rows = usePlantList({}, 1, 5).data?.rows ?? [];
  return <p data-testid="names">{rows.map((r) => r.name).join(', ')}</p>;
}

/**
 * The route table's plant list with its code held back: `release()` lets the page's chunk "arrive". The router
 * is the console's own route object for that page, in a tree that starts elsewhere and navigates to it, as a
 * click in the menu does.
 */
function plantListRouter(Page: () => ReactNode = PlantNames) {
  const list = findPage(pathOf('list'))!;
  let release!: () => void;
  const code = new Promise<void>((resolve) => (release = resolve));
  const pageLoads = vi.fn(() => code.then(() => Page));
  const data = vi.fn(list.data!);
  const route: PageRoute = { ...list, page: pageLoads, data };
  const router = createMemoryRouter(
    [
      {
        element: (
          <QueryClientProvider client={queryClient}>
            <Outlet />
          </QueryClientProvider>
        ),
        children: [{ path: '/', element: <p>home</p> }, toRouteObject(route)],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, release, pageLoads, data };
}

const signIn = (menuList: string[]) => {
  session.set('access_token', 'token');
  session.set('menuList1', JSON.stringify(menuList));
};

describe("a page's data request starts beside its code", () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('asks for the plant list while the page code is still loading, and the page uses that answer', async () => {
    signIn(['list']);
    const asked = stubPagedList(2, (n) => ({ id: n, name: `Plant ${n}` }));
    const { router, release, pageLoads } = plantListRouter();

    void router.navigate(pathOf('list'));
    // (A ceiling for a busy machine: the wait ends as soon as the request is seen.)
    await vi.waitFor(() => expect(asked).toEqual(['/plant/list 1/5']), { timeout: 10_000 });
    // The request went out before the page's code arrived: nothing of the page is drawn yet.
    expect(pageLoads).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('names')).toBeNull();

    release();
    expect(await screen.findByText('Plant 1, Plant 2')).toBeInTheDocument();
    // The page's own query found the answer: no second call.
    expect(asked).toEqual(['/plant/list 1/5']);
  });

  it('asks nothing for a session that may not open the page, one still on its first password, or one signed out', async () => {
    const asked = stubPagedList(2, (n) => ({ id: n, name: `Plant ${n}` }));
    const sessions = [
      { menuList: ['dashboard'] },
      { menuList: ['list'], firstLogin: true },
      { menuList: null },
    ];
    for (const { menuList, firstLogin } of sessions) {
      session.clear();
      if (menuList) signIn(menuList);
      if (firstLogin) session.set('firstLogin', 'true');
      const { router, release, data } = plantListRouter(() => <p>page</p>);
      void router.navigate(pathOf('list'));
      release();
      // The navigation ends once the route's loader has run.
      expect(await screen.findByText('page')).toBeInTheDocument();
      expect(data).not.toHaveBeenCalled();
      cleanup();
    }
    expect(asked).toEqual([]);
  });
});
