import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { FleetFigures, PlantPerformance } from '@solarops/contracts';
import { changeLanguage } from '../../i18n/i18n.ts';
import { DashboardPage } from './DashboardPage.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const PIN = { latitude: 30, longitude: 120, powerW: 0, capacityKw: 10, openAlarms: 0 };

const FLEET: FleetFigures = {
  timeZone: 'UTC',
  today: '2026-11-22',
  plants: 2,
  devicesOnline: 3,
  devicesOffline: 1,
  devicesInAlarm: 1,
  powerW: 1370,
  capacityKw: 20,
  energyTodayKwh: 12.5,
  energyMonthKwh: 100,
  energyYearKwh: 100,
  energyTotalKwh: 100,
  incomes: [
    {
      currency: 'CNY',
      plants: 1,
      energyTodayKwh: 12.5,
      energyTotalKwh: 137.5,
      incomeTodayMinor: 700,
      incomeTotalMinor: 7700,
    },
  ],
  convertedIncome: null,
  co2AvoidedKg: 65.7,
  powerCurve: [],
  energyDays: [],
  topPlants: [
    { id: 7, name: 'Hill PV', energyTodayKwh: 11.36, powerW: 1370 },
    { id: 8, name: 'Lake PV', energyTodayKwh: 1.2, powerW: 0 },
  ],
  map: {
    counts: { normal: 1, alarm: 0, offline: 1 },
    plants: [
      { ...PIN, id: 7, name: 'Hill PV', state: 'normal', status: 'online', devices: 3, devicesOnline: 3 },
      { ...PIN, id: 8, name: 'Lake PV', state: 'offline', status: 'offline', devices: 1, devicesOnline: 0 },
    ],
  },
  historyLoading: { powerCurve: false, energyDays: false },
};

const ALARM = {
  alarmId: 41,
  level: 3,
  description: 'DC series arc detected',
  message: '',
  deviceId: 'SOC0001',
  saveTime: '2026-11-21 08:00:00',
};

/** Hill PV (7) measures its irradiance; Lake PV (8) has no sensor: its figures are modelled. */
const performanceOf = (plantId: number): PlantPerformance => {
  const period = (p: 'day' | 'month' | 'year', start: string, pr: number) => ({
    period: p,
    start,
    energyKwh: 40,
    poaKwhM2: 5,
    expectedEnergyKwh: 42.5,
    referenceYieldH: 5,
    finalYieldH: 4,
    performanceRatio: pr,
    temperatureCorrectedPr: pr,
    cloudFactor: null,
  });
  return {
    plantId,
    date: '2026-11-22',
    irradianceSource: plantId === 7 ? 'sensor' : 'model',
    periods: [
      period('day', '2026-11-22', 0.8),
      period('month', '2026-11-01', 0.812),
      period('year', '2026-01-01', 0.7),
    ],
  };
};

function start(fleet: FleetFigures = FLEET) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname.endsWith('/plant/fleet')) return json({ code: 200, msg: 'ok', data: fleet });
      const performance = /\/plant\/(\d+)\/performance$/.exec(url.pathname);
      if (performance) return json({ code: 200, msg: 'ok', data: performanceOf(Number(performance[1])) });
      if (url.pathname.endsWith('/alarm/manager/list'))
        return json({ code: 200, msg: 'ok', total: 1, rows: [ALARM] });
      return new Response('{}', { status: 404 });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/details', element: <p>details page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('dashboard lists', () => {
  it('says over the 30 days of energy, not over today’s curve, that their history is still loading, in zh and en', async () => {
    const filling = { ...FLEET, historyLoading: { powerCurve: false, energyDays: true } };
    start(filling);
    const energy = await screen.findByTestId('fleet-energy-card');
    expect(within(energy).getByTestId('history-loading')).toHaveTextContent('历史数据加载中');
    expect(within(screen.getByTestId('fleet-power-card')).queryByTestId('history-loading')).toBeNull();

    cleanup();
    await changeLanguage('en');
    try {
      start(filling);
      const en = await screen.findByTestId('fleet-energy-card');
      expect(within(en).getByTestId('history-loading')).toHaveTextContent('History loading');
    } finally {
      await changeLanguage('zh');
    }
  });
  it('shows the recent alarms as a table: level, collector, description and time', async () => {
    start();
    const alarms = await screen.findByTestId('recent-alarms');
    const cells = await within(alarms).findAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '3',
      'SOC0001',
      'DC series arc detected',
      '2026-11-21 08:00:00',
    ]);
    expect(
      within(alarms)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['告警等级', '采集器序列号', '告警描述', '告警时间']);
  });

  it('shows the map of the same moment as the device counts, with no second request', async () => {
    start();
    const map = await screen.findByTestId('fleet-map');
    expect(within(map).getByTestId('map-state-normal').textContent).toContain('1');
    expect(within(map).getByTestId('map-state-offline').textContent).toContain('1');
    const figures = screen.getByTestId('fleet-figures');
    expect(within(figures).getByText('在线设备').closest('.ant-card')?.textContent).toContain('3');
    const calls = (fetch as unknown as { mock: { calls: [RequestInfo | URL][] } }).mock.calls;
    expect(calls.some(([input]) => String(input).includes('/plant/map'))).toBe(false);
  });

  it('shows the income converted at the administrator’s rate with its date, beside the amounts per currency', async () => {
    start({
      ...FLEET,
      incomes: [
        FLEET.incomes[0]!,
        { ...FLEET.incomes[0]!, currency: 'BRL', incomeTodayMinor: 1000, incomeTotalMinor: 20000 },
      ],
      convertedIncome: {
        currency: 'CNY',
        incomeTodayMinor: 2000,
        incomeTotalMinor: 33700,
        rates: [{ currency: 'BRL', rate: 1.3, date: '2026-11-20' }],
        missing: [],
      },
    });
    const figures = await screen.findByTestId('fleet-figures');
    const total = within(figures).getByText('累计收益').closest('.ant-card')!;
    expect(within(total as HTMLElement).getByTestId('income-converted').textContent).toBe(
      '≈ 337.00 CNY1 BRL = 1.3 CNY（2026-11-20）',
    );
    // The amounts of each currency stay.
    expect(total.textContent).toContain('77.00 CNY');
    expect(total.textContent).toContain('200.00 BRL');
  });

  it('keeps an income card one figure tall with seven currencies: two amounts and all of them on request, in zh and en', async () => {
    const seven = ['CNY', 'EUR', 'USD', 'BRL', 'INR', 'JPY', 'AUD'].map((currency, i) => ({
      ...FLEET.incomes[0]!,
      currency,
      incomeTodayMinor: 100 * (i + 1),
    }));
    start({ ...FLEET, incomes: seven });
    const figures = await screen.findByTestId('fleet-figures');
    const today = within(figures).getByText('今日收益').closest('.ant-card') as HTMLElement;
    expect(today.querySelectorAll('.income-amount')).toHaveLength(2);
    expect(today.textContent).toContain('1.00 CNY');
    expect(today.textContent).not.toContain('AUD');
    // The link's code loads where it is first shown.
    const all = await within(today).findByTestId('income-all');
    expect(all).toHaveTextContent('全部 7 种货币');
    await userEvent.hover(all);
    expect(await screen.findByText('7.00 AUD')).toBeInTheDocument();

    cleanup();
    await changeLanguage('en');
    try {
      start({ ...FLEET, incomes: seven });
      const en = await screen.findByTestId('fleet-figures');
      const card = within(en).getByText('Income today').closest('.ant-card') as HTMLElement;
      expect(await within(card).findByTestId('income-all')).toHaveTextContent('All 7 currencies');
    } finally {
      await changeLanguage('zh');
    }
  });

  it('writes yen without decimals and yuan with two, converted or not', async () => {
    start({
      ...FLEET,
      incomes: [
        FLEET.incomes[0]!,
        { ...FLEET.incomes[0]!, currency: 'JPY', incomeTodayMinor: 372, incomeTotalMinor: 105400 },
      ],
      convertedIncome: {
        currency: 'JPY',
        incomeTodayMinor: 1845,
        incomeTotalMinor: 272_600,
        rates: [{ currency: 'CNY', rate: 21.7, date: '2026-11-20' }],
        missing: [],
      },
    });
    const figures = await screen.findByTestId('fleet-figures');
    const today = within(figures).getByText('今日收益').closest('.ant-card')!;
    expect(within(today as HTMLElement).getByTestId('income-converted').textContent).toMatch(
      /^≈ 1,845 JPY1 CNY/,
    );
    expect(today.textContent).toContain('7.00 CNY');
    expect(today.textContent).toContain('372 JPY');
    expect(today.textContent).not.toContain('3.72');
  });

  it('ranks the top plants with their energy and power, and opens a plant from its row', async () => {
    const router = start();
    const top = await screen.findByTestId('top-plants');
    const rows = await within(top).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1Hill PV11.36 kWh1.37 kW', '2Lake PV1.2 kWh0 W']);
    await userEvent.click(within(top).getByText('Lake PV'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/details?id=8');
  });

  it('shows the top plants’ PR today, this month and this year, marking the one without a sensor as estimated', async () => {
    start();
    const card = await screen.findByTestId('fleet-performance');
    await within(card).findAllByText('80.0 %');
    expect(within(card).getByTestId('performance-7').textContent).toBe('Hill PV 42.5 kWh80.0 %81.2 %70.0 %');
    expect(within(card).getByTestId('performance-8').textContent).toBe(
      'Lake PV 估算（模型辐照度）42.5 kWh80.0 %81.2 %70.0 %',
    );
  });
});
