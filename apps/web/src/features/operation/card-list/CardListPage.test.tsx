import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CardRow } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { stubPagedList } from '../../../test/pagedListServer.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { CardListPage } from './CardListPage.tsx';

/** Card 1 was renewed ten minutes ago, card 2 a year ago; both may be renewed. */
function start() {
  const now = Date.now();
  stubPagedList(2, (n): CardRow => ({
    id: n,
    iccid: `8986040000000000000${n}`,
    msisdn: `144000000000${n}`,
    operator: 'chinaMobile',
    status: 'normal',
    carrierState: 'active',
    shutdownReason: null,
    renewableUntil: null,
    renewable: true,
    activatedAt: '2025-01-01T00:00:00.000Z',
    expiresOn: '2027-11-29',
    usedMb: 10,
    remainingMb: 1014,
    totalMb: 1024,
    collectorSerial: `SC00${n}`,
    plantId: 1,
    plantName: 'Plant A',
    renewedAt: new Date(n === 1 ? now - 10 * 60_000 : now - 365 * 86_400_000).toISOString(),
  }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CardListPage />
      </MemoryRouter>
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

// Ant Design tables render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the card list after a renewal', { timeout: 60_000 }, () => {
  it('says which card was renewed in the last hour, and hands ticked cards to the renewal without keeping them ticked', async () => {
    start();
    expect(await screen.findByTestId('card-renewed-1')).toHaveTextContent(/^已于 .+ 续费$/);
    expect(screen.queryByTestId('card-renewed-2')).toBeNull();
    const table = screen.getByTestId('card-table');
    const row = within(table).getByText('89860400000000000001').closest('tr')!;
    await userEvent.click(within(row).getByRole('checkbox'));
    const renew = screen.getByTestId('card-renew');
    expect(renew).toBeEnabled();
    await userEvent.click(renew);
    expect(within(row).getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByTestId('card-renew')).toBeDisabled();
  });

  it('says so in English', async () => {
    await changeLanguage('en');
    start();
    expect(await screen.findByTestId('card-renewed-1')).toHaveTextContent(/^Renewed .+$/);
  });
});
