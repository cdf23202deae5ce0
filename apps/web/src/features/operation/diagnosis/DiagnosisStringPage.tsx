import { Alert, Card, Col, Descriptions, Empty, Row, Space, Table, Tag } from 'antd';
import type { IvDiagnosisResult, IvStringDetail } from '@solarops/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Chart, type ChartOption } from '../../../components/chart/Chart.tsx';
// The curves' legend tells the measured from the expected ones.
import '../../../components/chart/echartsExtras.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useIvString } from './api.ts';
import { CLASS_COLORS } from './ClassTags.tsx';
import { SecondClass } from './SecondClass.tsx';

type Curve = [number, number][];

/** The I-V (or, with `power`, P-V) chart of the measured curve against the model's, at the conditions and at STC. */
function curveOption(d: IvStringDetail, power: boolean, t: TFunction): ChartOption {
  const y = (c: Curve) => c.map(([v, a]) => [v, power ? v * a : a]);
  // Dashed: the model's. A scan not diagnosed has no curve translated to STC.
  const curves: [string, Curve, boolean][] = [
    [t('iv.measured'), d.points, false],
    [t('iv.expected'), d.expectedPoints, true],
    [t('iv.measuredStc'), d.stcPoints, false],
    [t('iv.expectedStc'), d.expectedStcPoints, true],
  ];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    // Room for a legend of two lines above the plot; both axis names beside their axis, clear of the legend.
    grid: { left: 72, right: 24, top: 64, bottom: 48 },
    xAxis: { type: 'value', name: t('iv.axis.voltage'), nameLocation: 'middle', nameGap: 28 },
    // From zero: a tracer's noise around Voc is no negative current worth an axis below zero.
    yAxis: {
      type: 'value',
      min: 0,
      name: t(power ? 'iv.axis.power' : 'iv.axis.current'),
      nameLocation: 'middle',
      nameGap: 52,
    },
    series: curves
      .filter(([, c]) => c.length > 0)
      .map(([name, c, model]) => ({
        type: 'line',
        name,
        showSymbol: false,
        lineStyle: model ? { type: 'dashed' } : undefined,
        data: y(c),
      })),
  };
}

type FigureRow = 'measured' | 'expected' | 'stc' | 'expectedStc';

/** The key points measured and expected, at the scan's conditions and at STC, and what the diagnosis derived. */
function FiguresCard({ diagnosis: g }: { diagnosis: IvDiagnosisResult }) {
  const { t } = useTranslation();
  const rows: FigureRow[] = ['measured', 'expected', 'stc', 'expectedStc'];
  const column = (key: 'iscA' | 'vocV' | 'impA' | 'vmpV' | 'pmpW' | 'ff', digits: number) => ({
    title: t(`iv.figureColumns.${key}`),
    align: 'right' as const,
    render: (_: unknown, row: FigureRow) => g[row][key].toFixed(digits),
  });
  return (
    <Card title={t('iv.figures')}>
      <Table<FigureRow>
        rowKey={(r) => r}
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="iv-figures"
        columns={[
          { title: '', render: (_, row) => t(`iv.figureRows.${row}`) },
          column('iscA', 2),
          column('vocV', 1),
          column('impA', 2),
          column('vmpV', 1),
          column('pmpW', 0),
          column('ff', 3),
        ]}
      />
      <Descriptions size="small" column={5} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('iv.performanceFactor')}>
          {g.performanceFactor.toFixed(3)}
        </Descriptions.Item>
        <Descriptions.Item label={t('iv.confidence')}>{(g.confidence * 100).toFixed(0)} %</Descriptions.Item>
        <Descriptions.Item label={t('iv.secondClass')}>
          <SecondClass
            first={g.faultClass}
            confidence={g.confidence}
            second={g.secondClass}
            secondConfidence={g.secondConfidence}
            lowConfidence={g.lowConfidence}
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('iv.symbols.rs')}>{g.rsOhm.toFixed(2)} Ω</Descriptions.Item>
        <Descriptions.Item label={t('iv.symbols.rsh')}>
          {g.rshOhm === null ? '∞' : `${g.rshOhm.toFixed(0)} Ω`}
        </Descriptions.Item>
        <Descriptions.Item label={t('iv.energyLost')}>{g.energyLostKwhPerDay.toFixed(2)}</Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" column={4} title={t('iv.parameters')} data-testid="iv-parameters">
        {PARAMETERS.map(([key, digits]) => (
          <Descriptions.Item key={key} label={t(`iv.parameterNames.${key}`)}>
            {withError(g.parameters[key], digits)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

const PARAMETERS = [
  ['lightCurrentA', 2],
  ['seriesOhm', 2],
  ['shuntOhm', 0],
  ['ideality', 2],
] as const;

/** "value ± error"; ∞ for a shunt the curve shows no tilt of, "-" for what could not be read. */
function withError(e: { value: number | null; stdError: number | null }, digits: number): string {
  if (e.value === null) return e.stdError === null ? '∞' : '-';
  return e.stdError === null
    ? e.value.toFixed(digits)
    : `${e.value.toFixed(digits)} ± ${e.stdError.toFixed(digits)}`;
}

/** `diagnosisResults1`: one string's curves measured and expected, its key figures and what to do. */
export function DiagnosisStringPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('stringId') ?? 0);
  const detail = useIvString(id);
  const d = detail.data;
  if (!id) return <Empty description={t('iv.noString')} />;
  return (
    <QueryState
      isLoading={detail.isLoading}
      error={detail.error}
      isEmpty={!d}
      onRetry={() => void detail.refetch()}
    >
      {d && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="diagnosis-string">
          <Card
            title={`${d.row.serial} · ${t('iv.stringNo')} ${d.row.stringNo}`}
            extra={
              <Tag
                color={CLASS_COLORS[d.row.faultClass ?? 'insufficient'] ?? 'warning'}
                data-testid="iv-string-class"
              >
                {d.row.insufficient
                  ? t(`iv.insufficient.${d.row.insufficient}`)
                  : t(`iv.classes.${d.row.faultClass ?? 'insufficient'}`)}
              </Tag>
            }
          >
            <Descriptions size="small" column={4}>
              <Descriptions.Item label={t('iv.poa')}>{d.row.poaWm2.toFixed(0)}</Descriptions.Item>
              <Descriptions.Item label={t('iv.moduleTemp')}>{d.row.moduleTempC.toFixed(1)}</Descriptions.Item>
              <Descriptions.Item label={t('iv.poaChange')}>
                {d.row.poaChangePct.toFixed(1)} %
              </Descriptions.Item>
              <Descriptions.Item label={t('iv.modulesPerString')}>{d.modulesInSeries}</Descriptions.Item>
            </Descriptions>
            {d.diagnosis && (
              <p data-testid="iv-advice">
                <b>{t('iv.advice')}:</b> {d.diagnosis.advice}
              </p>
            )}
            {d.row.insufficient && (
              <Alert
                type="info"
                showIcon
                data-testid="iv-not-diagnosed"
                title={t(`iv.notDiagnosed.${d.row.insufficient}`, {
                  poa: d.row.poaWm2.toFixed(0),
                  change: d.row.poaChangePct.toFixed(1),
                  points: d.points.length,
                })}
              />
            )}
          </Card>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Card title={t('iv.ivCurve')}>
                <Chart option={curveOption(d, false, t)} testId="iv-chart-iv" />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('iv.pvCurve')}>
                <Chart option={curveOption(d, true, t)} testId="iv-chart-pv" />
              </Card>
            </Col>
          </Row>
          {d.diagnosis && <FiguresCard diagnosis={d.diagnosis} />}
        </Space>
      )}
    </QueryState>
  );
}
