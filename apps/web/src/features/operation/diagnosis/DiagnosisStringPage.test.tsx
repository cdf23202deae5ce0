import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { IvDiagnosisResult, IvStringDetail } from '@solarops/contracts';
import { i18n } from '../../../i18n/i18n.ts';
import type { ChartOption } from '../../../components/chart/Chart.tsx';
import { DiagnosisStringPage } from './DiagnosisStringPage.tsx';

// jsdom has no canvas to draw on: the chart stands in as the names of its axes and curves.
vi.mock('../../../components/chart/Chart.tsx', () => ({
  Chart: ({ option, testId }: { option: ChartOption; testId?: string }) => {
    const name = (axis: unknown) => (axis as { name: string }).name;
    const series = option.series as { name: string }[];
    return (
      <figure data-testid={testId}>
        {`${name(option.xAxis)} | ${name(option.yAxis)} | ${series.map((s) => s.name).join(', ')}`}
      </figure>
    );
  },
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const curve: [number, number][] = [
  [0, 9.4],
  [300, 9.3],
  [500, 8],
  [560, 0],
];
const keyPoints = (pmpW: number) => ({ iscA: 9.45, vocV: 556.8, impA: 8.9, vmpV: 458.4, pmpW, ff: 0.775 });

const DIAGNOSIS = {
  faultClass: 'soiling',
  confidence: 0.52,
  secondClass: 'partial_shading',
  secondConfidence: 0.41,
  lowConfidence: true,
  parameters: {
    lightCurrentA: { value: 8.12, stdError: 0.03 },
    seriesOhm: { value: 6.5, stdError: 0.41 },
    shuntOhm: { value: null, stdError: null },
    ideality: { value: 1.18, stdError: 0.05 },
  },
  measured: keyPoints(2200),
  expected: keyPoints(2450),
  stc: keyPoints(3650),
  expectedStc: keyPoints(4080),
  performanceFactor: 0.894,
  rsOhm: 6.5,
  rshOhm: null,
  energyLostKwhPerDay: 1.85,
  advice: 'Clean the modules.',
} as unknown as IvDiagnosisResult;

const detail = (insufficient: IvStringDetail['row']['insufficient']): IvStringDetail => ({
  row: {
    id: 5,
    taskId: 2,
    serial: 'SIN240100025',
    stringNo: 3,
    poaWm2: insufficient === 'lowIrradiance' ? 12 : 850,
    moduleTempC: 31.5,
    poaChangePct: insufficient === 'unstableIrradiance' ? 7.4 : 0.3,
    faultClass: insufficient ? null : 'soiling',
    insufficient,
    confidence: insufficient ? null : 0.52,
    secondClass: insufficient ? null : 'partial_shading',
    secondConfidence: insufficient ? null : 0.41,
    lowConfidence: insufficient ? null : true,
    performanceFactor: insufficient ? null : 0.894,
    pmpStcW: insufficient ? null : 3650,
    ffStc: insufficient ? null : 0.775,
    energyLostKwhPerDay: insufficient ? null : 1.85,
    modulesInSeries: 16,
    scannedAt: '2026-11-25T02:00:00.000Z',
  },
  modulesInSeries: 12,
  points: curve,
  diagnosis: insufficient ? null : DIAGNOSIS,
  expectedPoints: curve,
  expectedStcPoints: curve,
  stcPoints: insufficient ? [] : curve,
});

async function open(answer: IvStringDetail, lang: 'zh' | 'en') {
  await i18n.changeLanguage(lang);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://console.test').pathname.endsWith('/iv/strings/5')
        ? json({ code: 200, msg: 'ok', data: answer })
        : new Response('{}', { status: 404 }),
    ),
  );
  const router = createMemoryRouter([{ path: '/r', element: <DiagnosisStringPage /> }], {
    initialEntries: ['/r?stringId=5'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.findByTestId('diagnosis-string');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('one string’s curves (diagnosisResults1)', () => {
  it('shows a diagnosed string’s advice and its key points in a table with units in the headers', async () => {
    const page = await open(detail(null), 'en');
    expect(within(page).getByTestId('iv-advice')).toHaveTextContent('Advice: Clean the modules.');
    expect(within(page).queryByTestId('iv-not-diagnosed')).toBeNull();
    const figures = within(page).getByTestId('iv-figures');
    expect(
      within(figures)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Isc (A)', 'Voc (V)', 'Imp (A)', 'Vmp (V)', 'Pmp (W)', 'FF']);
    const stc = within(figures).getByRole('row', { name: /^Measured at STC/ });
    expect(
      within(stc)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Measured at STC', '9.45', '556.8', '8.90', '458.4', '3650', '0.775']);
    expect(within(page).getByTestId('iv-chart-iv')).toHaveTextContent(
      'Voltage (V) | Current (A) | Measured, Expected (same conditions), Measured at STC, Expected at STC',
    );
    expect(within(page).getByTestId('iv-chart-pv')).toHaveTextContent(/^Voltage \(V\) \| Power \(W\)/);
  });

  it('names the second likeliest class and flags a close call, with the parameters read from the curve', async () => {
    const en = await open(detail(null), 'en');
    expect(within(en).getByTestId('iv-second-class')).toHaveTextContent('Partial shading 41 %');
    expect(within(en).getByTestId('iv-low-confidence')).toHaveTextContent('Close call');
    const parameters = within(en).getByTestId('iv-parameters');
    expect(parameters).toHaveTextContent('Series resistance Rs (Ω)6.50 ± 0.41');
    expect(parameters).toHaveTextContent('Shunt resistance Rsh (Ω)∞');
    cleanup();
    const zh = await open(detail(null), 'zh');
    expect(within(zh).getByTestId('iv-second-class')).toHaveTextContent('局部阴影 41 %');
    expect(within(zh).getByTestId('iv-low-confidence')).toHaveTextContent('诊断接近');
    expect(within(zh).getByTestId('iv-parameters')).toHaveTextContent('理想因子 n1.18 ± 0.05');
  });

  it('does not name a second class of 0 % beside a sure diagnosis, in either language', async () => {
    const sure = detail(null);
    sure.row = { ...sure.row, confidence: 0.998, secondConfidence: 0.002, lowConfidence: false };
    sure.diagnosis = { ...DIAGNOSIS, confidence: 0.998, secondConfidence: 0.002, lowConfidence: false };
    for (const [lang, label] of [
      ['en', 'Second likeliest'],
      ['zh', '次可能诊断'],
    ] as const) {
      const page = await open(sure, lang);
      expect(within(page).queryByTestId('iv-second-class')).toBeNull();
      expect(within(page).getByText(label).closest('tr')).toHaveTextContent(`${label}-`);
      cleanup();
    }
  });

  it('says why a string was not diagnosed (too little light) and still draws its curves', async () => {
    const page = await open(detail('lowIrradiance'), 'zh');
    expect(within(page).getByTestId('iv-not-diagnosed')).toHaveTextContent(
      '未诊断：扫描时阵列面辐照度为 12 W/m²，诊断需要至少 400 W/m²',
    );
    expect(within(page).getByTestId('iv-string-class')).toHaveTextContent('条件不足（辐照低于 400 W/m²）');
    // The curves measured and expected; none translated to STC.
    expect(within(page).getByTestId('iv-chart-iv')).toHaveTextContent(
      '电压（V） | 电流（A） | 实测, 期望（同条件）, STC 期望',
    );
    expect(within(page).getByTestId('iv-chart-pv')).toHaveTextContent('电压（V） | 功率（W） |');
    expect(within(page).queryByTestId('iv-advice')).toBeNull();
    expect(within(page).queryByTestId('iv-figures')).toBeNull();
  });

  it('says why a string was not diagnosed (light changing during the sweep), in English', async () => {
    const page = await open(detail('unstableIrradiance'), 'en');
    expect(within(page).getByTestId('iv-not-diagnosed')).toHaveTextContent(
      'Not diagnosed: the irradiance changed by 7.4 % during the sweep, more than the 5 % a diagnosis allows.',
    );
  });

  it('says that a curve too short was not diagnosed, in both languages', async () => {
    const short = detail('tooFewPoints');
    const en = await open(short, 'en');
    expect(within(en).getByTestId('iv-string-class')).toHaveTextContent(
      'Insufficient data (fewer than 20 curve points)',
    );
    expect(within(en).getByTestId('iv-not-diagnosed')).toHaveTextContent(
      `Not diagnosed: the curve has ${short.points.length} points and a diagnosis needs at least 20.`,
    );
    cleanup();
    const zh = await open(short, 'zh');
    expect(within(zh).getByTestId('iv-string-class')).toHaveTextContent('数据不足（曲线点数少于 20）');
    expect(within(zh).getByTestId('iv-not-diagnosed')).toHaveTextContent(
      `未诊断：曲线只有 ${short.points.length} 个点，诊断需要至少 20 个点。`,
    );
  });
});
