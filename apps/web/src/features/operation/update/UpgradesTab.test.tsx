import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPagedList } from '../../../test/pagedListServer.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UpgradesTab } from './UpgradesTab.tsx';

/** The server holds `total` finished upgrades, TC1 the newest; answers the pages it was asked for. */
function start(total: number, over: (n: number) => object = () => ({})) {
  const asked = stubPagedList(total, (n) => ({
    id: `c${n}`,
    deviceSerial: `TC${n}`,
    plantName: 'Hangzhou',
    params: { version: '3.0.0' },
    state: 'applied',
    result: { progress: 100 },
    failure: null,
    createdBy: 'admin',
    createdAt: '2026-11-25T06:00:00.000Z',
    finishedAt: '2026-11-25T06:05:00.000Z',
    ...over(n),
  }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UpgradesTab />
    </QueryClientProvider>,
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('the device upgrades tab', () => {
  it('lists the caller’s upgrades ten to a page, with the total and the next page on request', async () => {
    const asked = start(12);
    const table = await screen.findByTestId('firmware-upgrades');
    await within(table).findByText('TC1');
    expect(within(table).getAllByText('完成')).toHaveLength(10);
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('12');

    await userEvent.click(screen.getByTitle('2'));
    await within(table).findByText('TC11');
    expect(within(table).queryByText('TC1')).toBeNull();
    expect(within(table).getAllByText('完成')).toHaveLength(2);
    expect(asked).toEqual(['/firmware/upgrade/list 1/10', '/firmware/upgrade/list 2/10']);
  });

  it('says why an upgrade failed in words when the device gave none', async () => {
    start(2, (n) =>
      n === 1 ? { state: 'expired', result: null, failure: { reason: 'expired' }, finishedAt: null } : {},
    );
    const table = await screen.findByTestId('firmware-upgrades');
    expect(await within(table).findByText('设备接收前已过期')).toBeInTheDocument();
  });

  it('says so when there is no upgrade', async () => {
    start(0);
    await waitFor(() => expect(screen.getByTestId('state-empty')).toBeInTheDocument());
  });
});
