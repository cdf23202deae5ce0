import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PeriodPerformance, PlantPerformance } from '@solarops/contracts';
import { PerformanceCard } from './PerformanceCard.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const period = (p: PeriodPerformance['period'], start: string): PeriodPerformance => ({
  period: p,
  start,
  energyKwh: 800,
  poaKwhM2: 10,
  expectedEnergyKwh: 850,
  referenceYieldH: 10,
  finalYieldH: 8,
  performanceRatio: 0.8,
  temperatureCorrectedPr: 0.82,
  cloudFactor: null,
});

function show(performance: PlantPerformance) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ code: 200, msg: 'ok', data: performance })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PerformanceCard plantId={7} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the plant performance card', () => {
  it('says from which day a month and a year are counted when the plant’s data starts later', async () => {
    show({
      plantId: 7,
      date: '2026-11-22',
      irradianceSource: 'sensor',
      periods: [period('day', '2026-11-22'), period('month', '2026-11-20'), period('year', '2026-11-20')],
    });
    const card = await screen.findByTestId('plant-performance');
    expect(await within(card).findByTestId('performance-since-month')).toHaveTextContent('2026-11-20');
    expect(within(card).getByTestId('performance-since-year')).toHaveTextContent('2026-11-20');
    expect(within(card).queryByTestId('performance-since-day')).toBeNull();
    expect(within(card).getAllByText('80.0 %').length).toBe(3);
  });

  it('says nothing of it when the periods are whole', async () => {
    show({
      plantId: 7,
      date: '2026-11-22',
      irradianceSource: 'sensor',
      periods: [period('day', '2026-11-22'), period('month', '2026-11-01'), period('year', '2026-01-01')],
    });
    const card = await screen.findByTestId('plant-performance');
    await within(card).findAllByText('80.0 %');
    expect(within(card).queryByTestId('performance-since-month')).toBeNull();
    expect(within(card).queryByTestId('performance-since-year')).toBeNull();
  });
});
