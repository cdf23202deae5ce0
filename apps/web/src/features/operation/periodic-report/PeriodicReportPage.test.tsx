import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PeriodicReport, PlantReportRow } from '@solarops/contracts';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { PeriodicReportPage } from './PeriodicReportPage.tsx';

// ECharts draws on a canvas jsdom does not have; the figures beside the chart are what is read here.
vi.mock('../../../components/chart/Chart.tsx', () => ({
  Chart: ({ testId }: { testId: string }) => <figure data-testid={testId} />,
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's refusal of a report that would read too much, in the language asked. */
const REFUSAL = {
  en: 'This report would read 109,500 device-days of readings (devices × days), more than the 100,000 one report may read. Choose fewer plants or a shorter period.',
  zh: '该报表需读取 109,500 设备·天的数据（设备数 × 天数），超过单个报表的上限 100,000。请减少电站或缩短周期。',
};

const share = (present: number, expected: number) => ({ present, expected, ratio: present / expected });
const FIGURES = {
  energy: share(30, 30),
  peakPower: share(7776, 8640),
  performanceRatio: share(6912, 8640),
  income: share(30, 30),
};
const completeness = { received: 7776, expected: 8640, ratio: 0.9, gapDays: [] };
const alarms = { total: 0, level1: 0, level2: 0, level3: 0 };
const ROW: PlantReportRow = {
  plantId: 1,
  name: 'Freiburg PV + Storage 5',
  timeZone: 'Europe/Berlin',
  capacityKw: 30,
  from: '2026-10-01',
  to: '2026-10-31',
  energyKwh: 2400,
  peakPowerW: 24_000,
  equivalentHours: 80,
  irradiationKwhM2: 100,
  performanceRatio: 0.8,
  irradianceSource: 'sensor',
  currency: 'EUR',
  incomeMinor: 48_000,
  co2Kg: 900,
  co2Factor: { country: 'DE', kgPerKwh: 0.38, source: 'UBA' },
  alarms,
  completeness,
  figureCompleteness: FIGURES,
};
const REPORT: PeriodicReport = {
  period: 'month',
  date: '2026-10-01',
  plantName: null,
  plants: [ROW],
  totals: {
    plantCount: 1,
    capacityKw: 30,
    energyKwh: 2400,
    peakPowerW: 24_000,
    equivalentHours: 80,
    performanceRatio: 0.8,
    irradianceSource: 'sensor',
    income: [{ currency: 'EUR', incomeMinor: 48_000 }],
    co2: { co2Kg: 900, coalKg: 290, trees: 50 },
    alarms,
    completeness,
    figureCompleteness: FIGURES,
  },
  slices: [{ label: '2026-10-01', energyKwh: 80 }],
};

function open(lang: 'en' | 'zh', report?: PeriodicReport) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://console.test').pathname;
      if (path.endsWith('/report/plants')) return json(200, { code: 200, msg: 'ok', data: [] });
      if (path.endsWith('/report/periodic'))
        return report
          ? json(200, { code: 200, msg: 'ok', data: report })
          : json(422, { code: 422, msg: REFUSAL[lang] });
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

describe('each report figure with its completeness (form)', () => {
  it('says beside energy, peak power, PR and income how much of their data there was, in en', async () => {
    await i18n.changeLanguage('en');
    open('en', REPORT);
    expect(await screen.findByTestId('share-energy')).toHaveTextContent('data 100.00 %');
    expect(screen.getByTestId('share-peak')).toHaveTextContent('data 90.00 %');
    expect(screen.getByTestId('share-pr')).toHaveTextContent('data 80.00 %');
    expect(screen.getByTestId('share-income')).toHaveTextContent('data 100.00 %');
    // In the plants' table only what is short is flagged: the peak and the PR, not the whole energy.
    const table = screen.getByTestId('report-plants');
    expect(
      within(table)
        .getAllByText(/^data /)
        .map((e) => e.textContent),
    ).toEqual(['data 90.00 %', 'data 80.00 %']);
  });

  it('in zh too', async () => {
    open('zh', REPORT);
    expect(await screen.findByTestId('share-peak')).toHaveTextContent('数据 90.00 %');
    expect(screen.getByTestId('share-energy')).toHaveTextContent('数据 100.00 %');
  });
});

describe('the alarms of a report (form)', () => {
  const withAlarms = (a: typeof alarms): PeriodicReport => ({
    ...REPORT,
    plants: [{ ...ROW, alarms: a }],
    totals: { ...REPORT.totals, alarms: a },
  });

  it('counts each level with its noun in the number’s form, in en', async () => {
    await i18n.changeLanguage('en');
    open('en', withAlarms({ total: 3, level1: 1, level2: 1, level3: 1 }));
    expect(await screen.findByTestId('report-alarms')).toHaveTextContent(
      /^3 \(1 fault, 1 warning, 1 alert\)$/,
    );
  });

  it('in the plural where there are several or none', async () => {
    await i18n.changeLanguage('en');
    open('en', withAlarms({ total: 5, level1: 0, level2: 2, level3: 3 }));
    expect(await screen.findByTestId('report-alarms')).toHaveTextContent(
      /^5 \(3 faults, 2 warnings, 0 alerts\)$/,
    );
  });

  it('in zh too', async () => {
    open('zh', withAlarms({ total: 3, level1: 1, level2: 1, level3: 1 }));
    expect(await screen.findByTestId('report-alarms')).toHaveTextContent(/^3 条（故障 1，警告 1，提示 1）$/);
  });
});
