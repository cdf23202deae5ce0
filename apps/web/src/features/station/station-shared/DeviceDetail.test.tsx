import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DeviceHistory, DeviceRow } from '@solarops/contracts';
import type { ChartOption } from '../../../components/chart/Chart.tsx';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { DeviceDetail } from './DeviceDetail.tsx';

/** 03:49 UTC: 11:49 in Shanghai, where the plant is. */
const READ_AT = '2026-11-29T03:49:00.000Z';

// jsdom has no canvas: the chart stands in as its first time label and its tooltip, as the chart would draw them.
vi.mock('../../../components/chart/Chart.tsx', () => ({
  Chart: ({ option }: { option: ChartOption }) => {
    const axis = option.xAxis as { axisLabel: { formatter: (v: number) => string } };
    const tooltip = option.tooltip as { formatter: (params: unknown) => string };
    const series = option.series as { name: string; data: [string, number | null][] }[];
    const params = series.map((s) => ({ marker: '', seriesName: s.name, value: s.data[0]! }));
    return (
      <figure data-testid="history-chart">
        {`${axis.axisLabel.formatter(Date.parse(READ_AT))} | ${tooltip.formatter(params).split('<br/>')[0]}`}
      </figure>
    );
  },
}));

const device: DeviceRow = {
  id: 1,
  serial: 'MTR0001',
  name: 'Grid meter',
  kind: 'meter',
  model: 'DTSU666',
  armVersion: '1.0',
  dspVersion: '1.0',
  ratedPowerW: 0,
  pvStrings: 0,
  plantId: 7,
  plantName: 'Hangzhou roof',
  timeZone: 'Asia/Shanghai',
  collectorSerial: 'SC0001',
  viaAgent: false,
  signal: -70,
  online: true,
  status: 'online',
  lastSeenAt: READ_AT,
  latest: null,
};

function start({ historyLoading = false } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://console.test');
      const data: DeviceRow | DeviceHistory = url.pathname.endsWith('/history')
        ? {
            sn: device.serial,
            timeZone: device.timeZone,
            date: '2026-11-29',
            from: '2026-11-28T16:00:00.000Z',
            to: '2026-11-29T16:00:00.000Z',
            fields: url.searchParams.get('fields')!.split(','),
            bucketSeconds: null,
            points: [
              {
                ts: READ_AT,
                values: url.searchParams
                  .get('fields')!
                  .split(',')
                  .map(() => 1),
              },
            ],
            historyLoading,
          }
        : device;
      return new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeviceDetail sn={device.serial} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

describe('a device’s history', { timeout: 60_000 }, () => {
  it('runs in the plant’s local time, on the charts and in the running data, and says so (Chinese)', async () => {
    start();
    expect(await screen.findByTestId('device-zone')).toHaveTextContent('时间为电站当地时间（Asia/Shanghai）');
    const charts = await screen.findAllByTestId('history-chart');
    expect(charts[0]).toHaveTextContent('11:49 | 2026-11-29 11:49:00');
    await userEvent.click(screen.getByRole('tab', { name: '运行数据' }));
    expect(await within(screen.getByRole('tabpanel')).findByText('2026-11-29 11:49:00')).toBeInTheDocument();
  });

  it('says while the day’s history is still being written, in Chinese and English', async () => {
    start({ historyLoading: true });
    expect(await screen.findByTestId('history-loading')).toHaveTextContent('历史数据加载中');
    cleanup();
    await changeLanguage('en');
    start({ historyLoading: true });
    expect(await screen.findByTestId('history-loading')).toHaveTextContent('History loading');
  });

  it('says nothing of loading once the history is written', async () => {
    start();
    await screen.findAllByTestId('history-chart');
    expect(screen.queryByTestId('history-loading')).toBeNull();
  });

  it('says so in English', async () => {
    await changeLanguage('en');
    start();
    expect(await screen.findByTestId('device-zone')).toHaveTextContent(
      "Times in the plant's local time (Asia/Shanghai)",
    );
  });
});
