import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AbnormalReport } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { AbnormalReportPage } from './AbnormalReportPage.tsx';

/** A day on which nothing was silent or dark, but one fault stayed open past midnight. */
const REPORT: AbnormalReport = {
  date: '2026-11-28',
  windowFrom: '2026-11-22',
  plantCount: 30,
  counts: { offline: 0, noOutput: 0, underperforming: 0, unrecoveredFault: 1 },
  rows: [
    {
      kind: 'unrecoveredFault',
      plantId: 7,
      plantName: 'Freiburg PV + Storage 5',
      timeZone: 'Europe/Berlin',
      deviceId: 3,
      deviceSerial: 'INV0003',
      alarmId: 88,
      from: '2026-11-28T08:00:00.000Z',
      to: '2026-11-28T23:00:00.000Z',
      hours: 15,
      irradianceSource: null,
      specificYield: null,
      referenceYield: null,
      basis: null,
    },
  ],
};

function start() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 200, msg: 'success', data: REPORT }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AbnormalReportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

describe('the abnormal report on a day with an unrecovered fault', { timeout: 60_000 }, () => {
  it('lists the fault instead of saying no plant needs a look (Chinese)', async () => {
    start();
    const rows = await screen.findByTestId('abnormal-rows');
    expect(within(rows).getByText('故障未恢复')).toBeInTheDocument();
    expect(rows).toHaveTextContent('当日结束时仍未恢复，已持续 15 小时');
    expect(screen.getByTestId('abnormal-counts')).toHaveTextContent('故障未恢复 1');
    expect(screen.queryByText('当天没有需要关注的电站')).toBeNull();
  });

  it('and in English', async () => {
    await changeLanguage('en');
    start();
    const rows = await screen.findByTestId('abnormal-rows');
    expect(within(rows).getByText('Fault not recovered')).toBeInTheDocument();
    expect(rows).toHaveTextContent('Still open at the end of the day, 15 h after it occurred');
    expect(screen.getByTestId('abnormal-counts')).toHaveTextContent('1 faults not recovered');
  });
});
