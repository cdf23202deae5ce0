import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPagedList } from '../../../test/pagedListServer.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { KeysTab } from './KeysTab.tsx';

/** The server trusts `total` makers' keys, Maker 1 the oldest; answers the pages it was asked for. */
function start(total: number) {
  const asked = stubPagedList(total, (n) => ({
    id: n,
    name: `Maker ${n}`,
    publicKey: `key-${n}`,
    createdAt: '2026-11-25T06:00:00.000Z',
  }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageProvider>
        <KeysTab />
      </MessageProvider>
    </QueryClientProvider>,
  );
  return asked;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

// Ant Design tables render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the trusted keys tab', { timeout: 60_000 }, () => {
  it('asks the server for ten keys at a time, shows how many there are and the next page on request', async () => {
    await changeLanguage('en');
    const asked = start(11);
    const table = await screen.findByTestId('firmware-keys-table');
    await within(table).findByText('Maker 1');
    expect(within(table).getAllByText(/^key-/)).toHaveLength(10);
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('11');
    expect(screen.getByRole('button', { name: /Trust a key/ })).toBeInTheDocument();

    await userEvent.click(screen.getByTitle('2'));
    await within(table).findByText('Maker 11');
    expect(within(table).queryByText('Maker 1')).toBeNull();
    expect(asked).toEqual(['/firmware/key/list 1/10', '/firmware/key/list 2/10']);
  });

  it('says so when no key is trusted (zh)', async () => {
    start(0);
    expect(await screen.findByTestId('state-empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /添加受信任密钥/ })).toBeInTheDocument();
  });
});
