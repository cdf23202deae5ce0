import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { PeriodicReportPage } from './PeriodicReportPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's refusal of a report that would read too much, in the language asked. */
const REFUSAL = {
  en: 'This report would read 109,500 device-days of readings (devices × days), more than the 100,000 one report may read. Choose fewer plants or a shorter period.',
  zh: '该报表需读取 109,500 设备·天的数据（设备数 × 天数），超过单个报表的上限 100,000。请减少电站或缩短周期。',
};

function open(lang: 'en' | 'zh') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://console.test').pathname;
      if (path.endsWith('/report/plants')) return json(200, { code: 200, msg: 'ok', data: [] });
      if (path.endsWith('/report/periodic')) return json(422, { code: 422, msg: REFUSAL[lang] });
      return new Response('{}', { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PeriodicReportPage />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('a report refused for its cost (form)', () => {
  it('shows the server’s message naming the limit, without a retry that would be refused again', async () => {
    await i18n.changeLanguage('en');
    open('en');
    const state = await screen.findByTestId('state-error');
    expect(state).toHaveTextContent(REFUSAL.en);
    expect(within(state).queryByRole('button')).toBeNull();
  });

  it('in zh too', async () => {
    open('zh');
    expect(await screen.findByTestId('state-error')).toHaveTextContent('超过单个报表的上限 100,000');
  });
});
