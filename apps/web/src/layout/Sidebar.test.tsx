import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { pathOf } from '../router/paths.ts';
import { useLayoutStore } from '../store/layoutStore.ts';
import { useUserStore } from '../store/userStore.ts';
import { Sidebar } from './Sidebar.tsx';
import { testUserInfo } from '../test/userInfo.ts';

const USER = testUserInfo({ menuList: ['dashboard', 'list', 'manual'] });

/** The sidebar of a user who may see the dashboard, the plant list and the manuals, open or collapsed. */
function drawSidebar(open: boolean) {
  useUserStore.getState().setInfo(USER);
  useLayoutStore.setState({ sidebarOpen: open, device: 'desktop' });
  const router = createMemoryRouter([{ path: '*', element: <Sidebar /> }], {
    initialEntries: [pathOf('dashboard')],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  useUserStore.getState().setInfo(null);
  useLayoutStore.setState({ sidebarOpen: true });
});

describe('the sidebar menu', () => {
  it('collapsed to icons, names an entry in a tooltip when the user points at it', async () => {
    drawSidebar(false);
    const entry = document.querySelector<HTMLElement>('.ant-menu-item');
    expect(entry).not.toBeNull();
    await userEvent.hover(entry!);
    expect(await screen.findByRole('tooltip', {}, { timeout: 5_000 })).toHaveTextContent('首页');
  });

  it('open, shows every entry by name and no tooltip over them', async () => {
    drawSidebar(true);
    const entry = await screen.findByTestId('menu-dashboard');
    expect(entry).toHaveTextContent('首页');
    await userEvent.hover(entry);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
