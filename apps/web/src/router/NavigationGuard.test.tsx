import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { MessageProvider } from '../components/MessageProvider.tsx';
import { useUserStore } from '../store/userStore.ts';
import { createTestRouter } from './createAppRouter.tsx';
import { testUserInfo } from '../test/userInfo.ts';

const USER = testUserInfo();

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function start(path: string, info: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => info(String(input))),
  );
  const router = createTestRouter(path);
  render(
    <MessageProvider>
      <RouterProvider router={router} />
    </MessageProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().setInfo(null);
});

describe('the guard in the router (spec §2)', () => {
  it('sends a signed-out visitor to the sign-in page, keeping where they were going', async () => {
    const router = start('/station/list', () => answer(404, {}));
    await screen.findByTestId('login-submit', {}, { timeout: 30_000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fstation%2Flist');
    await waitFor(() => expect(document.title).toBe('登录 - SolarOps'));
    expect(sessionStorage.getItem('pageName')).toBe('login');
  });

  it('loads user info, then shows the layout with the menu of that user', async () => {
    sessionStorage.setItem('access_token', 'token');
    sessionStorage.setItem('token_type', 'bearer');
    sessionStorage.setItem('roleId', '3');
    sessionStorage.setItem('menuList1', JSON.stringify(USER.menuList));
    localStorage.setItem('notice2gDismissed', '1');
    const router = start('/station/list', (url) =>
      url.endsWith('/user/manager/info')
        ? answer(200, { code: 200, msg: 'ok', data: USER })
        : answer(404, {}),
    );
    expect(await screen.findByTestId('menu-Station', {}, { timeout: 30_000 })).toHaveTextContent('电站管理');
    expect(screen.getByTestId('menu-manual')).toBeInTheDocument();
    expect(screen.queryByTestId('menu-Operation')).toBeNull();
    expect(screen.queryByTestId('menu-Set')).toBeNull();
    expect(router.state.location.pathname).toBe('/station/list');
    await waitFor(() => expect(document.title).toBe('电站列表 - SolarOps'));
  });

  it('refuses a page outside the user’s menu list', async () => {
    sessionStorage.setItem('access_token', 'token');
    sessionStorage.setItem('menuList1', JSON.stringify(USER.menuList));
    const router = start('/set/staff', (url) =>
      url.endsWith('/user/manager/info')
        ? answer(200, { code: 200, msg: 'ok', data: USER })
        : answer(404, {}),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'), { timeout: 30_000 });
  });

  it('resets the session and shows sign-in when user info cannot be loaded', async () => {
    sessionStorage.setItem('access_token', 'token');
    const router = start('/dashboard', () => answer(403, { code: 403, msg: 'forbidden', data: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 30_000 });
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });
});
