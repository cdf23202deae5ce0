import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LoginPage } from './LoginPage.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function start() {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.body as FormData);
      return json({ code: 500, msg: '用户名或密码错误', data: null });
    }),
  );
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: ['/login'],
  });
  render(<RouterProvider router={router} />);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-in form (spec §4, §5)', () => {
  it('asks for both fields before it sends anything, a blank username counting as none', async () => {
    const sent = start();
    await userEvent.type(screen.getByTestId('login-username'), '   ');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeVisible();
    expect(screen.getByText('请输入密码')).toBeVisible();
    expect(screen.getByTestId('login-username')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await userEvent.type(screen.getByTestId('login-password'), 'x');
    expect(screen.queryByText('请输入密码')).toBeNull();
    expect(screen.getByText('请输入用户名')).toBeVisible();
  });

  it('sends the trimmed username and the password as typed, and shows the server refusal', async () => {
    const sent = start();
    await userEvent.type(screen.getByTestId('login-username'), ' admin ');
    await userEvent.type(screen.getByTestId('login-password'), ' secret ');
    expect(screen.getByTestId('login-password')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('username')).toBe('admin');
    expect(sent[0]?.get('password')).toBe(' secret ');
    expect(await screen.findByTestId('login-error', {}, { timeout: 5000 })).toHaveTextContent(
      '用户名或密码错误',
    );
  });
});
