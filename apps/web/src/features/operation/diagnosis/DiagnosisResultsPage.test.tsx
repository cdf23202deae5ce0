import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { IvStringRow, IvTask } from '@solarops/contracts';
import { i18n } from '../../../i18n/i18n.ts';
import { DiagnosisResultsPage } from './DiagnosisResultsPage.tsx';
import { MessageProvider } from '../../../components/MessageProvider.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const TASK = {
  id: 2,
  name: 'Roof check',
  plantId: 7,
  plantName: 'Hill PV',
  templateName: 'Example 400 W',
  state: 'complete',
  inverters: 2,
  failedInverters: 0,
  strings: 3,
  classes: { normal: 1, insufficient: 2 },
  createdAt: '2026-11-25T02:00:00.000Z',
} as unknown as IvTask;

const row = (id: number, serial: string, stringNo: number, diagnosed: boolean): IvStringRow => ({
  id,
  taskId: 2,
  serial,
  stringNo,
  poaWm2: diagnosed ? 850 : 120,
  moduleTempC: 30,
  poaChangePct: 0.4,
  faultClass: diagnosed ? 'normal' : null,
  insufficient: diagnosed ? null : 'lowIrradiance',
  confidence: diagnosed ? 0.95 : null,
  secondClass: diagnosed ? 'soiling' : null,
  secondConfidence: diagnosed ? 0.03 : null,
  lowConfidence: diagnosed ? false : null,
  performanceFactor: diagnosed ? 0.99 : null,
  pmpStcW: diagnosed ? 6300 : null,
  ffStc: diagnosed ? 0.78 : null,
  energyLostKwhPerDay: diagnosed ? 0 : null,
  modulesInSeries: 16,
  scannedAt: '2026-11-25T02:00:05.000Z',
});

const ROWS = [row(11, 'SIN0001', 1, true), row(12, 'SIN0001', 2, false), row(13, 'SIN0002', 1, false)];

function open() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://console.test').pathname;
      if (path.endsWith('/iv/tasks/2'))
        return json({ code: 200, msg: 'ok', data: { task: TASK, inverters: [] } });
      if (path.endsWith('/iv/tasks/2/strings')) return json({ code: 200, msg: 'ok', data: ROWS });
      return new Response('{}', { status: 404 });
    }),
  );
  const router = createMemoryRouter([{ path: '/r', element: <DiagnosisResultsPage /> }], {
    initialEntries: ['/r?taskId=2'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('a task’s results (diagnosisResults)', () => {
  it('lists every string the task answered, and says why some were not diagnosed', async () => {
    await i18n.changeLanguage('en');
    open();
    const table = await screen.findByTestId('iv-strings');
    await within(table).findByText('SIN0002');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Normal',
      'Conditions insufficient (below 400 W/m²)',
      'Conditions insufficient (below 400 W/m²)',
    ]);
    expect(screen.getByTestId('iv-not-diagnosed')).toHaveTextContent(
      '2 strings were not diagnosed: the light in the array plane was below 400 W/m², or changed more than 5 % during their sweep, or their curves had too few points.',
    );
  });

  it('in zh too', async () => {
    open();
    expect(await screen.findByTestId('iv-not-diagnosed')).toHaveTextContent('2 个组串未诊断');
  });
});
