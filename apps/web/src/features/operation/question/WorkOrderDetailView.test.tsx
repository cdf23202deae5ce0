import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { WorkOrderDetail } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { WorkOrderDetailView } from './WorkOrderDetailView.tsx';

const order = (alarmRecovered: boolean): WorkOrderDetail => ({
  id: 5,
  state: 'inProgress',
  priority: 'normal',
  plantId: 7,
  plantName: '西湖屋顶电站',
  deviceSerial: 'INV001',
  code: 501,
  level: 2,
  description: 'Grid over-voltage',
  assigneeId: 3,
  assigneeName: 'installer',
  occurrences: 1,
  alarmRecovered,
  createdBy: 'distributor',
  createdAt: '2026-11-25T06:00:00.000Z',
  updatedAt: '2026-11-25T06:00:00.000Z',
  sla: { targetMinutes: 480, businessHours: false, elapsedMinutes: 48, percent: 10, paused: false },
  timeZone: 'Asia/Shanghai',
  collectorSerial: 'SC001',
  events: [],
  evidence: [],
  occurrenceList: [],
  moves: ['resolve'],
  canAddEvidence: false,
});

/** The server holds order 5 in progress, its alarm recovered or not; records the moves posted. */
function start(alarmRecovered: boolean) {
  const moves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') moves.push(JSON.parse(String(init.body)));
      const data = init?.method === 'POST' ? { state: 'resolved' } : order(alarmRecovered);
      return new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <WorkOrderDetailView id={5} />
      </MemoryRouter>
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
  return moves;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

describe('resolving a work order', { timeout: 60_000 }, () => {
  it('warns, and asks first, while the order’s alarm has not recovered (Chinese)', async () => {
    const moves = start(false);
    await userEvent.click(await screen.findByTestId('move-resolve'));
    expect(await screen.findByTestId('alarm-unrecovered-warning')).toHaveTextContent(
      '该工单的告警尚未恢复：请确认故障已排除后再继续',
    );
    expect(moves).toEqual([]);
    await userEvent.click(screen.getByTestId('move-ok'));
    await waitFor(() => expect(moves).toEqual([{ move: 'resolve' }]));
  });

  it('warns in English', async () => {
    await changeLanguage('en');
    start(false);
    await userEvent.click(await screen.findByTestId('move-resolve'));
    expect(await screen.findByTestId('alarm-unrecovered-warning')).toHaveTextContent(
      'The alarm of this order has not recovered: go on only if the fault is fixed',
    );
  });

  it('resolves at once when the alarm has recovered', async () => {
    const moves = start(true);
    await userEvent.click(await screen.findByTestId('move-resolve'));
    await waitFor(() => expect(moves).toEqual([{ move: 'resolve' }]));
    expect(screen.queryByTestId('alarm-unrecovered-warning')).toBeNull();
  });
});

describe('a work order’s times', { timeout: 60_000 }, () => {
  it('reads them in the plant’s local time, as its service report does, and names the zone (zh and en)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      await changeLanguage(lang);
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(
              JSON.stringify({
                code: 200,
                msg: 'success',
                data: {
                  ...order(false),
                  createdAt: '2026-11-25T03:49:00.000Z',
                  occurrenceList: [{ alarmId: 9, occurredAt: '2026-11-25T03:41:00.000Z', recoveredAt: null }],
                  events: [
                    {
                      id: 1,
                      move: 'create',
                      fromState: null,
                      toState: 'new',
                      actor: 'Administrator',
                      note: '',
                      at: '2026-11-25T03:50:00.000Z',
                    },
                  ],
                },
              }),
              { headers: { 'Content-Type': 'application/json' } },
            ),
        ),
      );
      const view = render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <WorkOrderDetailView id={5} />
          </MemoryRouter>
        </QueryClientProvider>,
        { wrapper: MessageProvider },
      );
      // 03:49 UTC is 11:49 in Hangzhou: the plant's clock, whatever the browser's zone, with its offset.
      expect(await screen.findByText('2026-11-25 11:49:00 UTC+8')).toBeVisible();
      // Each time keeps its zone on its line: at 375 px "UTC+8" wrapped alone onto the next one.
      const occurred = screen.getByText('2026-11-25 11:41:00 UTC+8');
      expect(occurred).toBeVisible();
      expect(occurred).toHaveStyle({ whiteSpace: 'nowrap' });
      const timeline = screen.getByTestId('workorder-timeline');
      expect(within(timeline).getByText('2026-11-25 11:50:00 UTC+8')).toHaveStyle({ whiteSpace: 'nowrap' });
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});
