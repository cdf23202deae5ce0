import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { pathOf, REDIRECT_PREFIX } from '../router/paths.ts';
import { useTabsStore } from '../store/tabsStore.ts';
import { TagsView } from './TagsView.tsx';

const dashboard = pathOf('dashboard');
const alarmList = pathOf('alarmlist');
const card = pathOf('card');

/**
 * The tags bar over routes that draw nothing, starting at `at`, with the dashboard (affix), the alarm list and the
 * card list open. The redirect route does not go on to its target, as a refresh waits while the page's code loads:
 * the tests look at the bar during that wait.
 */
function setup(at: string) {
  const tabs = useTabsStore.getState();
  tabs.addView({ path: dashboard, name: 'dashboard', title: 'menu.dashboard', affix: true, noCache: false });
  tabs.addView({ path: alarmList, name: 'alarmlist', title: 'menu.alarmlist', affix: false, noCache: false });
  tabs.addView({ path: card, name: 'card', title: 'menu.card', affix: false, noCache: false });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <TagsView />
            <Outlet />
          </>
        ),
        children: [dashboard, alarmList, card, `${REDIRECT_PREFIX}/*`].map((path) => ({
          path,
          element: null,
        })),
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tab = (path: string) =>
  screen.getAllByTestId('tag').find((el) => el.getAttribute('data-path') === path) as HTMLElement;
const openTabs = () => screen.getAllByTestId('tag').map((el) => el.getAttribute('data-path'));

describe('the tags bar', () => {
  beforeEach(() => useTabsStore.getState().reset());

  it('closing the active tab moves to the last remaining one', async () => {
    const router = setup(card);
    await userEvent.click(within(tab(card)).getByRole('img', { name: '关闭' }));
    expect(openTabs()).toEqual([dashboard, alarmList]);
    await waitFor(() => expect(router.state.location.pathname).toBe(alarmList));
  });

  it('closing another tab stays on the page', async () => {
    const router = setup(card);
    await userEvent.click(within(tab(alarmList)).getByRole('img', { name: '关闭' }));
    expect(openTabs()).toEqual([dashboard, card]);
    expect(router.state.location.pathname).toBe(card);
  });

  it('a tab being refreshed is the active one: closing it then leaves its page', async () => {
    const router = setup(`${REDIRECT_PREFIX}${alarmList}`);
    expect(tab(alarmList)).toHaveClass('active');
    await userEvent.click(within(tab(alarmList)).getByRole('img', { name: '关闭' }));
    expect(openTabs()).toEqual([dashboard, card]);
    await waitFor(() => expect(router.state.location.pathname).toBe(card));
  });
});
