import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RECONNECT_MS } from '../api/eventStream.ts';
import { session } from '../api/session.ts';
import { fakeEventStreams } from '../test/fakeEventStreams.ts';
import { ALARM_DIALOG_SEEN_KEY, AlarmDialog } from './AlarmDialog.tsx';
import { useNoticeOpen } from './layoutDialogs.ts';
import { AlarmTicker } from './AlarmTicker.tsx';
import { ALARM_REFRESH_MS } from '../api/alarms.ts';
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

/**
 * The server's alarm calls as the top bar makes them: `total` (the open alarms' count unless given), `confirmed`
 * collects the confirmations, `calls` counts the calls of a path, `raise` opens an alarm. The push stream is
 * `streams`, or refused (the 30 s refresh still works).
 */
function fakeAlarmServer({
  total,
  open = [row],
  streams,
}: { total?: number; open?: (typeof row)[]; streams?: ReturnType<typeof fakeEventStreams> } = {}) {
  const confirmed: string[] = [];
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      asked.push(url.pathname.replace(/^.*\/alarm\/manager\//, ''));
      if (url.pathname.endsWith('/alarm/manager/total'))
        return json({ code: 200, msg: 'ok', data: total ?? open.length });
      if (url.pathname.endsWith('/alarm/manager/list'))
        return json({ code: 200, msg: 'ok', total: 2, rows: [row, { ...row, alarmId: 42 }] });
      if (url.pathname.endsWith('/alarm/manager/verify'))
        return json({ code: 200, msg: 'ok', total: open.length, rows: open });
      if (url.pathname.endsWith('/alarm/manager/update/verify')) {
        confirmed.push(url.searchParams.get('alarmId') ?? '');
        open = [];
        return json({ code: 200, msg: 'ok', data: null });
      }
      if (url.pathname.endsWith('/alarm/manager/stream') && streams) return streams.answer(init?.signal);
      return new Response(null, { status: 204 });
    }),
  );
  return {
    confirmed,
    /** How many times `path` (under /alarm/manager/) was called. */
    calls: (path: string) => asked.filter((p) => p === path).length,
    raise: (alarm: typeof row) => (open = [alarm, ...open]),
  };
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
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows 99+ beyond 99 and opens the alarm list from the counter', async () => {
    fakeAlarmServer({ total: 150 });
    const router = renderAt(<AlarmTicker />);
    const counter = await screen.findByTestId('alarm-counter');
    await waitFor(() => expect(within(counter).getByText('99+')).toBeVisible());
    expect(await screen.findAllByText(/DC series arc detected/)).toHaveLength(2);
    await userEvent.click(counter);
    expect(router.state.location.pathname).toBe('/operation/alarmlist');
  });

  it('opens the dialog by itself with an unconfirmed alarm, confirms it by id and reloads', async () => {
    const server = fakeAlarmServer({ total: 1 });
    renderAt(<AlarmDialog />);
    const cell = await screen.findByText('DC series arc detected');
    const dialogRow = cell.closest('tr')!;
    expect(within(dialogRow).getByText('SOC0001')).toBeInTheDocument();
    expect(dialogRow.querySelector('.ant-tag-error')).not.toBeNull();
    await userEvent.click(within(dialogRow).getByRole('button'));
    await waitFor(() => expect(server.confirmed).toEqual(['41']));
    await waitFor(() => expect(screen.queryByText('DC series arc detected')).toBeNull());
  });

  it('waits for the 2G notice to close, and stays closed after a reload until a newer alarm comes', async () => {
    fakeAlarmServer({ total: 1 });
    useNoticeOpen.getState().set(true);
    renderAt(<AlarmDialog />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => useNoticeOpen.getState().set(false));
    expect(await screen.findByText('DC series arc detected')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /关\s*闭/ }));
    // Closed on alarm 41, the newest it showed.
    await waitFor(() => expect(sessionStorage.getItem(ALARM_DIALOG_SEEN_KEY)).toBe('41'));

    // The page is loaded again in the same session: the same alarms do not open the dialog again.
    cleanup();
    fakeAlarmServer({ total: 1 });
    renderAt(<AlarmDialog />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();
    // A newer alarm does.
    fakeAlarmServer({ total: 2, open: [{ ...row, alarmId: 43, description: 'Low insulation' }, row] });
    renderAt(<AlarmDialog />);
    expect(await screen.findByText('Low insulation')).toBeInTheDocument();
  });

  it('shows an alarm raised while the push stream was down as soon as it reconnects, not at the 30 s refresh', async () => {
    // The clock is the test's: the 30 s refresh cannot come unless the test moves time that far.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const start = Date.now();
    const streams = fakeEventStreams();
    const server = fakeAlarmServer({ open: [], streams });
    renderAt(
      <>
        <AlarmTicker />
        <AlarmDialog />
      </>,
    );
    // A busy machine renders slowly: each check moves the clock by 50 ms only, far from the 30 s refresh.
    const settled = { timeout: 10_000 };
    await vi.waitFor(() => expect(streams.opened).toBe(1), settled);
    await vi.waitFor(() => expect(server.calls('verify')).toBe(1), settled);
    // The stream's first open fetches nothing more: the figures were just fetched.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect([server.calls('total'), server.calls('verify')]).toEqual([1, 1]);
    expect(screen.queryByText('DC series arc detected')).toBeNull();

    // The server restarts: the stream ends, and the alarm is raised before the console reconnects.
    streams.drop();
    server.raise(row);
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_MS));
    await vi.waitFor(() => expect(streams.opened).toBe(2), settled);

    // Reconnected: the counter and the dialog fetch again at once and show it, long before the 30 s refresh.
    await vi.waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('SOC0001'), settled);
    expect(within(screen.getByRole('dialog')).getByText('DC series arc detected')).toBeInTheDocument();
    const counter = screen.getByTestId('alarm-counter');
    await vi.waitFor(() => expect(within(counter).getByText('1')).toBeInTheDocument(), settled);
    expect([server.calls('total'), server.calls('verify')]).toEqual([2, 2]);
    expect(Date.now() - start).toBeLessThan(ALARM_REFRESH_MS);
  });
});
