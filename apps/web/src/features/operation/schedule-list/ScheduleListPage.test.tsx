import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { RolloutDeviceRow, RolloutRow } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { fakeEventStreams } from '../../../test/fakeEventStreams.ts';
import { ScheduleListPage } from './ScheduleListPage.tsx';

const rollout: RolloutRow = {
  id: 'r1',
  packageId: 1,
  packageName: 'SC-4G-3.0.0.bin',
  version: '3.0.0',
  state: 'cancelled',
  halt: null,
  deviceCount: 3,
  groupSizes: [1, 2],
  currentGroup: 0,
  successPct: 95,
  errorPct: 5,
  minFinished: 1,
  ratePerMinute: null,
  installWindow: 'any',
  createdBy: 'admin',
  createdAt: '2026-11-25T06:00:00.000Z',
  approvedBy: null,
  canApprove: false,
  partialView: false,
  counts: {
    queued: 0,
    downloading: 0,
    downloaded: 0,
    verifying: 0,
    installing: 0,
    rebooting: 0,
    done: 1,
    failed: 0,
    cancelled: 2,
  },
};
const device = (serial: string, group: number, stage: RolloutDeviceRow['stage']): RolloutDeviceRow => ({
  serial,
  plantName: 'Plant A',
  group,
  commandId: null,
  stage,
  progress: stage === 'done' ? 100 : 0,
  lastError: null,
  updatedAt: null,
});

/** The server holds one cancelled rollout: one device done before the cancel, two that never started. */
function start() {
  const streams = fakeEventStreams();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/stream')) return streams.answer(init?.signal);
      const data = {
        rollout,
        devices: [device('SC1', 0, 'done'), device('SC2', 1, 'cancelled'), device('SC3', 1, 'cancelled')],
      };
      return new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/operation/scheduleList?id=r1']}>
        <ScheduleListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

// Ant Design tables render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('a cancelled rollout’s progress', { timeout: 60_000 }, () => {
  it('shows the devices that never start as cancelled, and the groups, in Chinese', async () => {
    start();
    expect(await screen.findByTestId('count-cancelled')).toHaveTextContent('已取消: 2');
    expect(screen.getByTestId('count-queued')).toHaveTextContent('排队中: 0');
    expect(screen.getByTestId('rollout-groups')).toHaveTextContent('分组：1, 2');
    const table = screen.getByTestId('rollout-devices');
    expect(await within(table).findAllByText('已取消')).toHaveLength(2);
  });

  it('and in English', async () => {
    await changeLanguage('en');
    start();
    expect(await screen.findByTestId('count-cancelled')).toHaveTextContent('Cancelled: 2');
    expect(screen.getByTestId('rollout-groups')).toHaveTextContent('Groups: 1, 2');
    const table = screen.getByTestId('rollout-devices');
    expect(await within(table).findAllByText('Cancelled')).toHaveLength(2);
  });
});
