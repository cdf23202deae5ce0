import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DisplayLink } from '@solarops/contracts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { MessageProvider } from '../../components/MessageProvider.tsx';
import { formatDate } from '../../components/format/formatDate.ts';
import { DisplayLinksDrawer } from './DisplayLinksDrawer.tsx';

const DAY = 86_400_000;
const link = (id: number, name: string, expiresAt: number, revokedAt: string | null = null): DisplayLink => ({
  id,
  name,
  userCode: 'demo-distributor',
  createdBy: 'admin',
  createdAt: '2026-11-01T08:00:00.000Z',
  revokedAt,
  expiresAt: new Date(expiresAt).toISOString(),
  lastSeenAt: null,
  lastSeenIp: null,
});

/** The server holds a live link, one past its expiry and a revoked one; a new link is recorded and answered. */
function serve() {
  const now = Date.now();
  const links = [
    link(3, 'Lobby wall', now + 20 * DAY),
    link(2, 'Old wall', now - DAY),
    link(1, 'Gone wall', now + 5 * DAY, '2026-11-20T08:00:00.000Z'),
  ];
  const created: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const answer = (data: unknown) =>
        new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
          headers: { 'Content-Type': 'application/json' },
        });
      if ((init?.method ?? 'GET') === 'GET') return answer(links);
      const body = JSON.parse(String(init!.body)) as { name: string; expiresInDays: number };
      created.push(body);
      return answer({ ...link(4, body.name, now + body.expiresInDays * DAY), token: 'a'.repeat(43) });
    }),
  );
  return { links, created };
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DisplayLinksDrawer open onClose={() => undefined} />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );

const row = (name: string) => screen.getByText(name).closest('tr')!;

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

// Ant Design drawers, tables and selects render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the display links drawer', { timeout: 120_000 }, () => {
  it('shows when each link expires, says which have expired, and makes a link for the chosen time (en)', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    const { links, created } = serve();
    show();
    await screen.findByText('Lobby wall');
    expect(screen.getByRole('columnheader', { name: 'Expires' })).toBeInTheDocument();
    expect(within(row('Lobby wall')).getByTestId('link-expires')).toHaveTextContent(
      formatDate(links[0]!.expiresAt),
    );
    expect(within(row('Lobby wall')).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
    expect(within(row('Old wall')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('Old wall')).queryByRole('button')).toBeNull();
    expect(within(row('Gone wall')).getByText('Revoked')).toBeInTheDocument();

    // A new link lasts 30 days unless another time is chosen; the choices run from a day to a year.
    const lifetime = screen.getByTestId('link-lifetime');
    expect(lifetime).toHaveTextContent('30 days');
    await user.click(within(lifetime).getByRole('combobox'));
    const option = '.ant-select-item-option-content';
    await waitFor(() => expect(document.querySelectorAll(option)).toHaveLength(4));
    expect([...document.querySelectorAll(option)].map((o) => o.textContent)).toEqual([
      '1 day',
      '7 days',
      '30 days',
      '1 year',
    ]);
    await user.click(screen.getByText('7 days', { selector: option }));
    await user.type(screen.getByTestId('link-name'), 'Control room');
    await user.type(screen.getByTestId('link-account'), 'demo-distributor');
    await user.click(screen.getByTestId('link-create'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ name: 'Control room', userCode: 'demo-distributor', expiresInDays: 7 });
    expect(await screen.findByTestId('link-url')).toHaveTextContent(/\/display\/a{43}$/);
  });

  it('says the same in Chinese and sends the 30 days it offers first (zh)', async () => {
    const user = userEvent.setup();
    const { created } = serve();
    show();
    await screen.findByText('Lobby wall');
    expect(screen.getByRole('columnheader', { name: '到期时间' })).toBeInTheDocument();
    expect(within(row('Old wall')).getByText('已过期')).toBeInTheDocument();
    expect(within(row('Gone wall')).getByText('已撤销')).toBeInTheDocument();
    expect(screen.getByTestId('link-lifetime')).toHaveTextContent('30 天');
    await user.type(screen.getByTestId('link-name'), '大厅');
    await user.type(screen.getByTestId('link-account'), 'demo-distributor');
    await user.click(screen.getByTestId('link-create'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ name: '大厅', userCode: 'demo-distributor', expiresInDays: 30 });
  });
});
