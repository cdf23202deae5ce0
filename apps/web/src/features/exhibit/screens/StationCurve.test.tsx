import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PowerCurve } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { StationCurve } from './StationCurve.tsx';

// jsdom has no canvas: the chart stands in as the count of its points.
vi.mock('../../../components/chart/Chart.tsx', () => ({
  Chart: ({ testId, option }: { testId: string; option: { series: { data: unknown[] }[] } }) => (
    <figure data-testid={testId}>{option.series[0]!.data.length} points</figure>
  ),
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const curve = (historyLoading: boolean): PowerCurve => ({
  date: '2026-11-22',
  timeZone: 'Asia/Shanghai',
  stepMinutes: 5,
  hasWeather: false,
  historyLoading,
  points: [{ ts: '2026-11-21T16:00:00Z', powerW: null, irradianceWm2: null, moduleTempC: null }],
});

function show(c: PowerCurve) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ code: 200, msg: 'ok', data: c })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StationCurve plantId={7} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

describe('the station wall’s power curve', () => {
  it('says beside its title that the day’s history is still loading, in zh and en', async () => {
    show(curve(true));
    const panel = screen.getByTestId('wall-station-curve');
    expect(await within(panel).findByTestId('history-loading')).toHaveTextContent('历史数据加载中');
    expect(within(panel).getByTestId('wall-station-chart')).toBeInTheDocument();
  });

  it('and in English', async () => {
    await changeLanguage('en');
    show(curve(true));
    const panel = screen.getByTestId('wall-station-curve');
    expect(await within(panel).findByTestId('history-loading')).toHaveTextContent('History loading');
  });

  it('says nothing of it once the day is written', async () => {
    show(curve(false));
    const panel = screen.getByTestId('wall-station-curve');
    expect(await within(panel).findByTestId('wall-station-chart')).toBeInTheDocument();
    expect(within(panel).queryByTestId('history-loading')).toBeNull();
  });
});
