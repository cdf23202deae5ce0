import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import type { PageName } from '../router/paths.ts';
import type { PageRoute } from '../router/types.ts';
import { useTabsStore } from '../store/tabsStore.ts';
import { AppMain } from './AppMain.tsx';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

/** A page whose address carries its step, as the renewal's does. */
function StepCounter() {
  const [params] = useSearchParams();
  return <Counter label={`d${params.get('step') ?? ''}`} />;
}

// Pages of this test only, under names the route table does not have.
const page = (name: string, noCache = false): PageRoute => ({
  name: name as PageName,
  path: `/${name}`,
  page: async () => () => null,
  meta: { title: `menu.${name}`, noCache },
});

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <AppMain />,
        children: [
          { path: '/a', element: <Counter label="a" />, handle: { route: page('a') } },
          { path: '/b', element: <Counter label="b" />, handle: { route: page('b') } },
          { path: '/c', element: <Counter label="c" />, handle: { route: page('c', true) } },
          { path: '/d', element: <StepCounter />, handle: { route: page('d') } },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  for (const name of ['a', 'b', 'c', 'd'])
    useTabsStore
      .getState()
      .addView({ path: `/${name}`, name, title: name, affix: false, noCache: name === 'c' });
  render(<RouterProvider router={router} />);
  return router;
}

const go = (router: ReturnType<typeof setup>, path: string) => act(() => router.navigate(path));

describe('kept pages of the tabs (issue 3)', () => {
  beforeEach(() => useTabsStore.getState().reset());

  it('keeps a page’s state when the user leaves its tab and comes back', async () => {
    const router = setup();
    await userEvent.click(screen.getByRole('button', { name: 'a 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'a 1' }));
    await go(router, '/b');
    expect(screen.getByRole('button', { name: 'b 0' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'a 2' })).toBeNull();
    await go(router, '/a');
    expect(screen.getByRole('button', { name: 'a 2' })).toBeVisible();
  });

  it('starts a noCache page afresh on every visit', async () => {
    const router = setup();
    await go(router, '/c');
    await userEvent.click(screen.getByRole('button', { name: 'c 0' }));
    await go(router, '/a');
    await go(router, '/c');
    expect(screen.getByRole('button', { name: 'c 0' })).toBeVisible();
  });

  it('keeps one page, with its state, when the page replaces its own address', async () => {
    const router = setup();
    await go(router, '/d');
    await userEvent.click(screen.getByRole('button', { name: 'd 0' }));
    const pages = () => document.querySelectorAll('.app-page').length;
    const before = pages();
    await act(() => router.navigate('/d?step=2', { replace: true }));
    // The tab moves with it (Layout does so alike); the earlier address is no page of its own any more.
    act(() =>
      useTabsStore
        .getState()
        .moveView('/d', { path: '/d?step=2', name: 'd', title: 'd', affix: false, noCache: false }),
    );
    expect(screen.getByRole('button', { name: 'd2 1' })).toBeVisible();
    expect(pages()).toBe(before);
    // A push to another address of the same page is another visit: a page of its own beside the first.
    await go(router, '/d?step=3');
    expect(screen.getByRole('button', { name: 'd3 0' })).toBeVisible();
    expect(pages()).toBe(before + 1);
  });

  it('starts a page afresh after its tab was closed or refreshed', async () => {
    const router = setup();
    await userEvent.click(screen.getByRole('button', { name: 'a 0' }));
    await go(router, '/b');
    act(() => void useTabsStore.getState().closeView('/a'));
    act(() =>
      useTabsStore.getState().addView({ path: '/a', name: 'a', title: 'a', affix: false, noCache: false }),
    );
    await go(router, '/a');
    expect(screen.getByRole('button', { name: 'a 0' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'a 0' }));
    act(() => useTabsStore.getState().refreshView('/a'));
    expect(screen.getByRole('button', { name: 'a 0' })).toBeVisible();
  });
});
