import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ConsoleOrder } from '../renewal-shared/api.ts';
import { ProviderCashier } from './ProviderCashier.tsx';

const order = {
  orderNo: 'R20261125100000123456',
  provider: 'alipay',
  status: 'renewing',
  cardCount: 3,
  years: 1,
  amountMinor: 9000,
  currency: 'CNY',
} as unknown as ConsoleOrder;
const PAY_PAGE = 'https://openapi.alipay.com/gateway.do?method=alipay.trade.page.pay&sign=abc';

/** The server as the cashier calls it: the pay page's address, and the order as the provider reports it. */
function start(returned: boolean, serverStatus: string) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body });
      const data = url.includes('/pay-page') ? { url: PAY_PAGE } : { ...order, status: serverStatus };
      return new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const goTo = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProviderCashier order={order} returned={returned} goTo={goTo} />
    </QueryClientProvider>,
  );
  return { calls, goTo };
}

afterEach(() => vi.unstubAllGlobals());

describe('the pay step of an Alipay order', () => {
  it('sends the payer to the pay-page address the server signed', async () => {
    const { calls, goTo } = start(false, 'renewing');
    expect(screen.getByText('支付宝支付')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '前往支付宝支付' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(PAY_PAGE));
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual([
      `GET /prod-api/renew/order/${order.orderNo}/pay-page`,
    ]);
  });

  it('back from the pay page, asks the server, sends nothing of the return address, and says when nothing was paid', async () => {
    const { calls, goTo } = start(true, 'renewing');
    expect(await screen.findByText('支付宝尚未报告该订单的付款。')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url, 'http://x').pathname).toBe(
      `/prod-api/renew/order/${order.orderNo}/confirm`,
    );
    expect(calls[0]!.method).toBe('POST');
    expect(new URL(calls[0]!.url, 'http://x').search).toBe('');
    expect(calls[0]!.body ?? null).toBeNull();
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('the cashier’s buttons', () => {
  it('while the payment is being checked, paying and cancelling wait; once it is answered, cancel cancels the order', async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://x').pathname;
        calls.push(`${init?.method ?? 'GET'} ${path}`);
        const body = JSON.stringify({ code: 200, msg: 'success', data: { ...order, status: 'renewing' } });
        const response = new Response(body, { headers: { 'Content-Type': 'application/json' } });
        // The check hangs until the test answers it; any other call is answered at once.
        if (path.endsWith('/confirm')) return new Promise<Response>((resolve) => (answer = resolve));
        return Promise.resolve(response);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ProviderCashier order={order} returned={false} goTo={vi.fn()} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: '我已支付，查询结果' }));
    await waitFor(() => expect(screen.getByTestId('cashier-cancel')).toBeDisabled());
    expect(screen.getByTestId('provider-pay')).toBeDisabled();

    answer(
      new Response(JSON.stringify({ code: 200, msg: 'success', data: { ...order, status: 'renewing' } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('cashier-cancel')).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(calls).toContain(`POST /prod-api/renew/order/${order.orderNo}/cancel`));
  });
});
