import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './LoginPage.tsx';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { PageNavigationContext } from '../../../router/pageNavigation.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function start(status = 200) {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(init?.body as FormData);
      return json({ code: status === 200 ? 500 : status, msg: '用户名或密码错误', data: null }, status);
    }),
  );
  const navigation = { search: '', go: vi.fn(async () => undefined) };
  render(
    <PageNavigationContext value={navigation}>
      <LoginPage />
    </PageNavigationContext>,
    { wrapper: MessageProvider },
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

// The refusal's alert loads with Ant Design's theme when first shown: a loaded machine takes its time for it.
describe('sign-in form (spec §4, §5)', { timeout: 60_000 }, () => {
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
    expect(await screen.findByTestId('login-error', {}, { timeout: 30_000 })).toHaveTextContent(
      '用户名或密码错误',
    );
  });

  it('says the account may be locked from the 5th refusal in a row of one name, whatever the name', async () => {
    start(400);
    const attempt = async (name: string) => {
      await userEvent.clear(screen.getByTestId('login-username'));
      await userEvent.type(screen.getByTestId('login-username'), name);
      await userEvent.click(screen.getByTestId('login-submit'));
      await waitFor(() => expect(screen.getByTestId('login-submit')).not.toHaveAttribute('aria-busy'));
      return screen.findByTestId('login-error', {}, { timeout: 30_000 });
    };
    await userEvent.type(screen.getByTestId('login-password'), 'wrong');
    for (let i = 0; i < 4; i++) expect(await attempt('someone')).not.toHaveTextContent('锁定');
    const fifth = await attempt('Someone');
    expect(fifth).toHaveTextContent('用户名或密码错误');
    expect(fifth).toHaveTextContent('登录失败次数过多：账号可能已被暂时锁定');
    // Another name starts its own count.
    expect(await attempt('another')).not.toHaveTextContent('锁定');
  });
});
