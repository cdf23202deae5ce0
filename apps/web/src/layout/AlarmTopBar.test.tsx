import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session } from '../api/session.ts';
import { AlarmDialog } from './AlarmDialog.tsx';
import { AlarmTicker } from './AlarmTicker.tsx';
import { MessageProvider } from '../components/MessageProvider.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const row = {
  alarmId: 41,
  level: 3,
  code: 501,
  status: 0,
  description: 'DC series arc detected',
  deviceId: 'SOC0001',
  collectName: 'Plant A',
  warningTime: '2026-11-21T08:00:00.000Z',
};

/** The server's alarm calls as the top bar makes them; `confirmed` collects the confirmations. */
function fakeAlarmServer(total: number) {
  const confirmed: string[] = [];
  let open = [row];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname.endsWith('/alarm/manager/total')) return json({ code: 200, msg: 'ok', data: total });
      if (url.pathname.endsWith('/alarm/manager/list'))
        return json({ code: 200, msg: 'ok', total: 2, rows: [row, { ...row, alarmId: 42 }] });
      if (url.pathname.endsWith('/alarm/manager/verify'))
        return json({ code: 200, msg: 'ok', total: open.length, rows: open });
      if (url.pathname.endsWith('/alarm/manager/update/verify')) {
        confirmed.push(url.searchParams.get('alarmId') ?? '');
        open = [];
        return json({ code: 200, msg: 'ok', data: null });
      }
      // The push stream: refused here, the 30 s refresh still works.
      return new Response(null, { status: 204 });
    }),
  );
  return { confirmed };
}

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element },
      { path: '/operation/alarmlist', element: <p>alarm list page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
  return router;
}

describe('the top bar’s alarms (spec §2, §4, §9)', () => {
  beforeEach(() => {
    session.set('access_token', 'token');
    session.set('token_type', 'bearer');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows 99+ beyond 99 and opens the alarm list from the counter', async () => {
    fakeAlarmServer(150);
    const router = renderAt(<AlarmTicker />);
    const counter = await screen.findByTestId('alarm-counter');
    await waitFor(() => expect(within(counter).getByText('99+')).toBeVisible());
    expect(await screen.findAllByText(/DC series arc detected/)).toHaveLength(2);
    await userEvent.click(counter);
    expect(router.state.location.pathname).toBe('/operation/alarmlist');
  });

  it('opens the dialog by itself with an unconfirmed alarm, confirms it by id and reloads', async () => {
    const server = fakeAlarmServer(1);
    renderAt(<AlarmDialog />);
    const cell = await screen.findByText('DC series arc detected');
    const dialogRow = cell.closest('tr')!;
    expect(within(dialogRow).getByText('SOC0001')).toBeInTheDocument();
    expect(dialogRow.querySelector('.ant-tag-error')).not.toBeNull();
    await userEvent.click(within(dialogRow).getByRole('button'));
    await waitFor(() => expect(server.confirmed).toEqual(['41']));
    await waitFor(() => expect(screen.queryByText('DC series arc detected')).toBeNull());
  });
});
