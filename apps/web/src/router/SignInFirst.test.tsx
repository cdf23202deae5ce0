import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { App } from '../App.tsx';
import { session } from '../api/session.ts';
import type { StartedConsole } from './createAppRouter.tsx';
import { pathOf } from './paths.ts';
import { SignInFirst } from './SignInFirst.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A page of the console that says where it is. */
function Where() {
  const { pathname } = useLocation();
  return <p data-testid="console">{pathname}</p>;
}

/**
 * The sign-in page opened from outside at `address`, with a console that a memory router stands in for: it counts
 * how often it was started.
 */
function openSignIn(address: string) {
  window.history.replaceState(null, '', address);
  const router = createMemoryRouter([{ path: '*', element: <Where /> }], {
    initialEntries: [pathOf('login')],
  });
  let started: Promise<StartedConsole> | undefined;
  const startConsole = vi.fn(
    () => (started ??= Promise.resolve({ router, view: <RouterProvider router={router} /> })),
  );
  render(<App first={{ signIn: SignInFirst }} startConsole={startConsole} />);
  return { router, startConsole };
}

/** The server's answer to a sign-in of an administrator who may open the plant list, with this access token. */
function answerSignIn(accessToken: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({
        code: 200,
        msg: 'success',
        data: {
          username: 'admin',
          id: 1,
          roleId: 1,
          firstLogin: false,
          weakPassword: false,
          menuList: ['list'],
          token: { access_token: accessToken, refresh_token: 'r', token_type: 'bearer', expires_in: 600 },
        },
      }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in page before the router', () => {
  it('draws without the console, which starts once the user types', async () => {
    const { startConsole } = openSignIn(pathOf('login'));
    expect(await screen.findByTestId('login-username')).toBeVisible();
    expect(document.title).toBe('登录 - SolarOps');
    expect(startConsole).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('login-username'), 'a');
    expect(startConsole).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('console')).toBeNull();
  });

  it('signed in, hands over to the console at the page the address asked for', async () => {
    answerSignIn('a');
    openSignIn(`${pathOf('login')}?redirect=${encodeURIComponent(pathOf('list'))}`);
    await userEvent.type(await screen.findByTestId('login-username'), 'admin');
    await userEvent.type(screen.getByTestId('login-password'), 'secret-pw');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('console')).toHaveTextContent(pathOf('list'));
    expect(screen.queryByTestId('login-username')).toBeNull();
    expect(session.get('access_token')).toBe('a');
  });

  it('follows its links through the console', async () => {
    const { router } = openSignIn(pathOf('login'));
    await userEvent.click(await screen.findByTestId('link-register'));
    await waitFor(() => expect(router.state.location.pathname).toBe(pathOf('register')));
    expect(await screen.findByTestId('console')).toHaveTextContent(pathOf('register'));
  });

  it('signed in while the console cannot be fetched, loads the page it asked for whole', async () => {
    answerSignIn('b');
    window.history.replaceState(
      null,
      '',
      `${pathOf('login')}?redirect=${encodeURIComponent(pathOf('list'))}`,
    );
    const replace = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      search: window.location.search,
      replace,
      assign: vi.fn(),
    });
    const startConsole = vi.fn(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    render(<App first={{ signIn: SignInFirst }} startConsole={startConsole} />);
    await userEvent.type(await screen.findByTestId('login-username'), 'admin');
    await userEvent.type(screen.getByTestId('login-password'), 'secret-pw');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(pathOf('list')));
    expect(session.get('access_token')).toBe('b');
  });
});
