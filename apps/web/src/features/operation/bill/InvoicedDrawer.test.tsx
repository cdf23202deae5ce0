import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { InvoicedDrawer } from './InvoicedDrawer.tsx';

/** The drawer of order R1 open; the server records what is posted. */
function start() {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body) posted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ code: 200, msg: 'success', data: null }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvoicedDrawer orderNo="R1" onClose={() => undefined} />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
  return posted;
}

afterEach(() => vi.unstubAllGlobals());

describe('recording an invoice as drawn', { timeout: 60_000 }, () => {
  it('picks the day from a calendar, today by default; not typed into a box that keeps today in front', async () => {
    const posted = start();
    const day = await screen.findByTestId('invoiced-on');
    const input = day.querySelector('input') ?? (day as HTMLInputElement);
    expect(input).toHaveValue(dayjs().format('YYYY-MM-DD'));
    // The first of this month, picked on the calendar that opens (a day to come cannot be picked).
    const first = dayjs().startOf('month').format('YYYY-MM-DD');
    await userEvent.click(input);
    await userEvent.click(await screen.findByTitle(first));
    expect(input).toHaveValue(first);
    await userEvent.type(screen.getByTestId('invoiced-drawer-name'), 'Wang Fang');
    await userEvent.type(screen.getByTestId('invoiced-company'), 'SF Express');
    await userEvent.type(screen.getByTestId('invoiced-no'), 'SF1234567890');
    await userEvent.click(screen.getByTestId('invoiced-save'));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          invoicedOn: first,
          drawer: 'Wang Fang',
          deliveryCompany: 'SF Express',
          deliveryNo: 'SF1234567890',
        },
      ]),
    );
  });
});
