import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPagedList } from '../../../test/pagedListServer.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { RolloutsTab } from './RolloutsTab.tsx';

/** The server holds `total` finished rollouts, of versions 3.0.1 (the newest) on; answers the pages asked for. */
function start(total: number) {
  const asked = stubPagedList(total, (n) => ({
    id: `r${n}`,
    packageId: n,
    packageName: `SC-4G-3.0.${n}.bin`,
    version: `3.0.${n}`,
    state: 'done',
    halt: null,
    deviceCount: 4,
    groupSizes: [1, 3],
    currentGroup: 1,
    successPct: 95,
    errorPct: 3,
    minFinished: 1,
    ratePerMinute: null,
    installWindow: 'any',
    createdBy: 'admin',
    createdAt: '2026-11-25T06:00:00.000Z',
    approvedBy: 'operator',
    canApprove: false,
    partialView: false,
    counts: { queued: 0, downloading: 0, downloaded: 0, installing: 0, done: 4, failed: 0 },
  }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RolloutsTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

// Ant Design tables render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the rollouts tab', { timeout: 60_000 }, () => {
  it('asks the server for ten rollouts at a time, shows how many there are and the next page on request', async () => {
    const asked = start(12);
    const table = await screen.findByTestId('firmware-rollouts');
    await within(table).findByText('3.0.1');
    expect(within(table).getAllByText('已完成')).toHaveLength(10);
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('12');

    await userEvent.click(screen.getByTitle('2'));
    await within(table).findByText('3.0.11');
    expect(within(table).queryByText('3.0.1')).toBeNull();
    expect(within(table).getAllByText('已完成')).toHaveLength(2);
    expect(asked).toEqual(['/firmware/rollout/list 1/10', '/firmware/rollout/list 2/10']);
  });

  it('shows the states and the total in English', async () => {
    await changeLanguage('en');
    start(3);
    const table = await screen.findByTestId('firmware-rollouts');
    await within(table).findByText('3.0.3');
    expect(within(table).getAllByText('Done')).not.toHaveLength(0);
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('3');
  });

  it('says so when there is no rollout', async () => {
    start(0);
    expect(await screen.findByTestId('state-empty')).toBeInTheDocument();
  });
});
