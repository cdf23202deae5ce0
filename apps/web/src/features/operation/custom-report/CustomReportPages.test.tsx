import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { AddCustomReportPage } from './CustomReportPages.tsx';

/** The server's refusal of a template whose report would read too much, in the language asked. */
const REFUSAL = {
  en: 'This report would read 109,500 device-days of readings (devices × days), more than the 100,000 one report may read. Choose fewer plants or a shorter period.',
  zh: '该报表需读取 109,500 设备·天的数据（设备数 × 天数），超过单个报表的上限 100,000。请减少电站或缩短周期。',
};

/** The server holds no template and refuses every save for its cost; the saves sent are recorded. */
function serve(lang: 'en' | 'zh') {
  const saves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://console.test').pathname.replace(/^.*\/prod-api/, '');
      const answer = (status: number, body: object) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (path === '/report/custom/templates' && init?.method === 'POST') {
        saves.push(JSON.parse(String(init.body)));
        return answer(422, { code: 422, msg: REFUSAL[lang] });
      }
      if (path === '/report/custom/templates') return answer(200, { code: 200, msg: 'success', data: [] });
      return answer(404, { code: 404, msg: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/operation/addCustomReport']}>
        <AddCustomReportPage />
      </MemoryRouter>
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
  return saves;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

// Ant Design forms render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('a template refused for its cost (addCustomReport)', { timeout: 120_000 }, () => {
  for (const lang of ['en', 'zh'] as const)
    it(`shows the server’s message naming the limit and stays on the builder (${lang})`, async () => {
      await changeLanguage(lang);
      const user = userEvent.setup();
      const saves = serve(lang);
      await user.type(await screen.findByTestId('custom-name'), 'Fleet year');
      await user.click(screen.getByTestId('custom-save'));
      expect(await screen.findByText(REFUSAL[lang])).toBeInTheDocument();
      expect(saves).toHaveLength(1);
      // Nothing was saved: the builder stays open with what the user entered.
      expect(screen.getByTestId('custom-builder')).toBeInTheDocument();
      expect(screen.getByTestId('custom-name')).toHaveValue('Fleet year');
    });
});
