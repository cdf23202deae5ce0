import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EnergySeries } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { EnergyChart } from './EnergyChart.tsx';

// jsdom has no canvas: the chart stands in as the count of its bars.
vi.mock('../../../components/chart/Chart.tsx', () => ({
  Chart: ({ testId, option }: { testId: string; option: { series: { data: unknown[] }[] } }) => (
    <figure data-testid={testId}>{option.series[0]!.data.length} bars</figure>
  ),
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function show(series: EnergySeries) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ code: 200, msg: 'ok', data: series })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EnergyChart plantId={7} />
    </QueryClientProvider>,
  );
}

/** A month of which nothing is written yet: the first start writes a plant's past after it goes live. */
const nothingYet = (historyLoading: boolean): EnergySeries => ({
  period: 'month',
  currency: 'CNY',
  points: [],
  totalKwh: 0,
  historyLoading,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

describe('the plant energy chart', () => {
  it('says the history is still loading when nothing of the range is written yet, instead of "no data"', async () => {
    show(nothingYet(true));
    const card = await screen.findByTestId('energy-card');
    expect(await within(card).findByTestId('history-loading')).toHaveTextContent('历史数据加载中');
    expect(within(card).getByTestId('energy-chart')).toHaveTextContent('0 bars');
  });

  it('and in English', async () => {
    await changeLanguage('en');
    show(nothingYet(true));
    const card = await screen.findByTestId('energy-card');
    expect(await within(card).findByTestId('history-loading')).toHaveTextContent('History loading');
  });

  it('is empty, without the note, when the written history has nothing', async () => {
    show(nothingYet(false));
    const card = await screen.findByTestId('energy-card');
    expect(await within(card).findByTestId('state-empty')).toHaveTextContent('暂无数据');
    expect(within(card).queryByTestId('history-loading')).toBeNull();
    expect(within(card).queryByTestId('energy-chart')).toBeNull();
  });
});
