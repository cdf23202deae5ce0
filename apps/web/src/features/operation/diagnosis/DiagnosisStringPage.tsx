import { Card, Col, Descriptions, Empty, Row, Space, Tag } from 'antd';
import type { IvStringDetail } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Chart, type ChartOption } from '../../../components/chart/Chart.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useIvString } from './api.ts';
import { CLASS_COLORS } from './ClassTags.tsx';

type Curve = [number, number][];

/** The I-V (or, with `power`, P-V) chart of the measured curve against the model's, at the conditions and at STC. */
function curveOption(d: IvStringDetail, power: boolean, names: string[]): ChartOption {
  const y = (c: Curve) => c.map(([v, a]) => [v, power ? v * a : a]);
  const curves: Curve[] = [d.points, d.expectedPoints, d.stcPoints, d.expectedStcPoints];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 60, right: 20, top: 40, bottom: 40 },
    xAxis: { type: 'value', name: 'V' },
    yAxis: { type: 'value', name: power ? 'W' : 'A' },
    series: curves.map((c, i) => ({
      type: 'line',
      name: names[i],
      showSymbol: false,
      lineStyle: i % 2 === 1 ? { type: 'dashed' } : undefined,
      data: y(c),
    })),
  };
}

/** `diagnosisResults1`: one string's curves measured and expected, its key figures and what to do. */
export function DiagnosisStringPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('stringId') ?? 0);
  const detail = useIvString(id);
  const d = detail.data;
  if (!id) return <Empty description={t('iv.noString')} />;
  const names = [t('iv.measured'), t('iv.expected'), t('iv.measuredStc'), t('iv.expectedStc')];
  const figures = (k: 'measured' | 'expected' | 'stc' | 'expectedStc') => d?.diagnosis?.[k];
  return (
    <QueryState
      isLoading={detail.isLoading}
      error={detail.error}
      isEmpty={!d}
      onRetry={() => void detail.refetch()}
    >
      {d && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="diagnosis-string">
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
          </Card>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Card title={t('iv.ivCurve')}>
                <Chart option={curveOption(d, false, names)} testId="iv-chart-iv" />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('iv.pvCurve')}>
                <Chart option={curveOption(d, true, names)} testId="iv-chart-pv" />
              </Card>
            </Col>
          </Row>
          {d.diagnosis && (
            <Card title={t('iv.figures')}>
              <Descriptions bordered size="small" column={5} data-testid="iv-figures">
                {(['measured', 'expected', 'stc', 'expectedStc'] as const).map((k) => {
                  const f = figures(k)!;
                  return [
                    <Descriptions.Item key={`${k}-h`} label={t(`iv.figureRows.${k}`)}>
                      {t('iv.symbols.isc')} {f.iscA.toFixed(2)} A
                    </Descriptions.Item>,
                    <Descriptions.Item key={`${k}-v`} label={t('iv.symbols.voc')}>
                      {f.vocV.toFixed(1)} V
                    </Descriptions.Item>,
                    <Descriptions.Item key={`${k}-mp`} label={t('iv.symbols.mpp')}>
                      {f.impA.toFixed(2)} A / {f.vmpV.toFixed(1)} V
                    </Descriptions.Item>,
                    <Descriptions.Item key={`${k}-p`} label={t('iv.symbols.pmp')}>
                      {f.pmpW.toFixed(0)} W
                    </Descriptions.Item>,
                    <Descriptions.Item key={`${k}-ff`} label={t('iv.symbols.ff')}>
                      {f.ff.toFixed(3)}
                    </Descriptions.Item>,
                  ];
                })}
                <Descriptions.Item label={t('iv.performanceFactor')}>
                  {d.diagnosis.performanceFactor.toFixed(3)}
                </Descriptions.Item>
                <Descriptions.Item label={t('iv.confidence')}>
                  {(d.diagnosis.confidence * 100).toFixed(0)} %
                </Descriptions.Item>
                <Descriptions.Item label={t('iv.symbols.rs')}>
                  {d.diagnosis.rsOhm.toFixed(2)} Ω
                </Descriptions.Item>
                <Descriptions.Item label={t('iv.symbols.rsh')}>
                  {d.diagnosis.rshOhm === null ? '∞' : `${d.diagnosis.rshOhm.toFixed(0)} Ω`}
                </Descriptions.Item>
                <Descriptions.Item label={t('iv.energyLost')}>
                  {d.diagnosis.energyLostKwhPerDay.toFixed(2)}
                </Descriptions.Item>
              </Descriptions>
            </Card>
          )}
        </Space>
      )}
    </QueryState>
  );
}
