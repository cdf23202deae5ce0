import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_CO2_FACTORS, type SystemSettings } from '@solarops/contracts';
import { SettingsForm } from './SettingsForm.tsx';
import { MessageProvider } from '../../../components/MessageProvider.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const SETTINGS: SystemSettings = {
  platformName: 'SolarOps',
  logo: null,
  defaultLanguage: 'zh',
  notice: { enabled: false, textZh: '', textEn: '' },
  accessTokenTtlSeconds: 1800,
  refreshTokenTtlSeconds: 604_800,
  passwordPolicy: { minLength: 8, requireDigit: true, requireLetter: true, requireSymbol: false },
  currencyConversion: { displayCurrency: null, rates: [] },
  co2Factors: DEFAULT_CO2_FACTORS,
  cardRenewal: { pricePerYearMinor: 3000, currency: 'CNY' },
};

/** The settings form over a stubbed API; answers what each save sent. */
function start() {
  const saved: SystemSettings[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname.endsWith('/system/settings')) {
        if (init?.method === 'POST') saved.push(JSON.parse(String(init.body)) as SystemSettings);
        return json({ code: 200, msg: 'ok', data: saved.at(-1) ?? SETTINGS });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsForm />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
  return saved;
}

afterEach(() => vi.unstubAllGlobals());

describe('CO₂ factors on the system settings', () => {
  it('shows the factors with their sources, refuses a repeated country and saves a corrected one', async () => {
    const saved = start();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getAllByTestId('co2-country')).toHaveLength(4));
    expect(screen.getByTestId<HTMLInputElement>('co2-default-source').value).toBe(
      'IEA 2023, world grid average',
    );

    await user.click(screen.getByTestId('co2-add-country'));
    const row = screen.getAllByTestId('co2-country').at(-1)!;
    const [country, factor, source] = row.querySelectorAll('input');
    await user.type(country!, 'cn');
    await user.type(factor!, '0.6');
    await user.type(source!, '测试来源 2024');
    await user.click(screen.getByTestId('system-save'));
    expect(await screen.findByText('每个国家只设一个系数')).toBeTruthy();
    expect(saved).toHaveLength(0);

    await user.clear(country!);
    await user.type(country!, 'fr');
    // A factor without its source is refused too.
    await user.clear(screen.getByTestId('co2-default-source'));
    await user.click(screen.getByTestId('system-save'));
    expect(await screen.findByText('请填写来源（1 到 200 个字符）')).toBeTruthy();
    expect(saved).toHaveLength(0);

    await user.type(screen.getByTestId('co2-default-source'), 'IEA 2024');
    await user.clear(screen.getByTestId('co2-default-factor'));
    await user.type(screen.getByTestId('co2-default-factor'), '0.45');
    await user.click(screen.getByTestId('system-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.co2Factors.default).toEqual({ kgPerKwh: 0.45, source: 'IEA 2024' });
    expect(saved[0]!.co2Factors.countries.at(-1)).toEqual({
      country: 'FR',
      kgPerKwh: 0.6,
      source: '测试来源 2024',
    });
  }, 120_000);
});
