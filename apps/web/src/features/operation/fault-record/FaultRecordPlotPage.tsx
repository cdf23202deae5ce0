import { useMemo } from 'react';
import { Alert, Card, Descriptions, Empty, Skeleton } from 'antd';
import type { FaultRecordData } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { Chart, type ChartOption } from '../../../components/chart/Chart.tsx';
import '../../../components/chart/echartsExtras.ts';
import { useFaultRecord } from '../alarm-shared/api.ts';

/** The plot of a record: voltage and current over time, or the current spectrum on a log scale. */
function plotOf(data: FaultRecordData, t: (k: string) => string): ChartOption {
  if (data.kind === 'waveform') {
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 60, right: 60, top: 40, bottom: 90 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', bottom: 8 }],
      xAxis: {
        type: 'value',
        max: 'dataMax',
        name: t('operation.records.timeMs'),
        nameLocation: 'middle',
        nameGap: 28,
      },
      yAxis: [
        { type: 'value', name: t('operation.records.voltageV') },
        { type: 'value', name: t('operation.records.currentA') },
      ],
      series: [
        {
          name: t('operation.records.voltageV'),
          type: 'line',
          showSymbol: false,
          data: data.samples.map((s) => [s.timeMs, s.voltage]),
        },
        {
          name: t('operation.records.currentA'),
          type: 'line',
          yAxisIndex: 1,
          showSymbol: false,
          data: data.samples.map((s) => [s.timeMs, s.current]),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 70, right: 30, top: 30, bottom: 60 },
    xAxis: {
      type: 'value',
      max: 'dataMax',
      name: t('operation.records.frequencyKHz'),
      nameLocation: 'middle',
      nameGap: 28,
    },
    yAxis: { type: 'log', name: t('operation.records.amplitude') },
    series: [
      {
        name: t('operation.records.amplitude'),
        type: 'line',
        showSymbol: false,
        areaStyle: { opacity: 0.2 },
        itemStyle: { color: '#ff4d4f' },
        data: data.points.map((p) => [p.frequencyHz / 1000, p.amplitude]),
        // UL 1699B detectors watch this band.
        markArea: {
          itemStyle: { color: 'rgba(250, 173, 20, 0.12)' },
          data: [[{ xAxis: 10, name: t('operation.records.arcBand') }, { xAxis: 100 }]],
        },
      },
    ],
  };
}

function RecordPlot({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const { data, isLoading, error } = useFaultRecord(id);
  const option = useMemo(() => (data ? plotOf(data.data, t) : undefined), [data, t]);
  if (!id) return <Empty />;
  if (isLoading) return <Skeleton active />;
  if (error || !data || !option) return <Alert type="error" showIcon title={errorMessage(error)} />;
  return (
    <Card data-testid={testId} title={`#${data.code} ${data.description}`}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('operation.alarms.plant')}>{data.plantName}</Descriptions.Item>
        <Descriptions.Item label={t('operation.alarms.deviceSn')}>{data.deviceSn}</Descriptions.Item>
        <Descriptions.Item label={t('operation.alarms.time')}>{formatDate(data.ts)}</Descriptions.Item>
      </Descriptions>
      <Chart option={option} height={420} testId="record-plot" />
    </Card>
  );
}

/** `machineFaultRecord`: a fault waveform (voltage and current around the fault), plotted. */
export function MachineFaultRecordPage() {
  return <RecordPlot testId="machineFaultRecord" />;
}

/** `arcDetectionDetail`: an arc-fault event's current spectrum, plotted. */
export function ArcDetectionDetailPage() {
  return <RecordPlot testId="arcDetectionDetail" />;
}
