import { useMemo } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { Chart, type ChartOption } from '../../../components/chart/Chart.tsx';
import '../../../components/chart/echartsExtras.ts';
import { CreateWorkOrderButton } from '../work-order-shared/CreateWorkOrderButton.tsx';
import { useAlarmDetail } from '../alarm-shared/api.ts';
import { LevelTag, StatusTag } from '../alarm-shared/LevelTag.tsx';
import { pathOf } from '../../../router/paths.ts';

/** `alarmdetails`: an alarm, its solution, and the device's readings two hours either side of it. */
export function AlarmDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const { data, isLoading, error } = useAlarmDetail(id);

  const option = useMemo<ChartOption | undefined>(() => {
    if (!data || data.readings.length === 0) return undefined;
    const at = new Date(data.alarm.warningTime).getTime();
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 56, top: 40, bottom: 40 },
      xAxis: { type: 'time' },
      yAxis: [
        { type: 'value', name: t('operation.alarms.powerW') },
        { type: 'value', name: t('operation.alarms.tempC') },
      ],
      series: [
        {
          name: t('operation.alarms.powerW'),
          type: 'line',
          showSymbol: false,
          data: data.readings.map((r) => [r.ts, r.acPowerW]),
          markLine: {
            symbol: 'none',
            data: [{ xAxis: at }],
            label: { formatter: t('operation.alarms.alarmTime') },
          },
        },
        {
          name: t('operation.alarms.tempC'),
          type: 'line',
          yAxisIndex: 1,
          showSymbol: false,
          data: data.readings.map((r) => [r.ts, r.tempC]),
        },
      ],
    };
  }, [data, t]);

  if (!id) return <Empty description={t('operation.alarms.noAlarm')} />;
  if (isLoading) return <Skeleton active />;
  if (error || !data) return <Alert type="error" showIcon title={errorMessage(error)} />;
  const a = data.alarm;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="alarmdetails">
      <Card title={`#${a.code} ${a.description}`}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label={t('alarm.level')}>
            <LevelTag level={a.level} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operation.alarms.statusLabel')}>
            <StatusTag status={a.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('operation.alarms.plant')}>{a.plantName}</Descriptions.Item>
          <Descriptions.Item label={t('alarm.collectorSn')}>{a.deviceId}</Descriptions.Item>
          <Descriptions.Item label={t('operation.alarms.deviceSn')}>{a.deviceSn}</Descriptions.Item>
          <Descriptions.Item label={t('operation.alarms.detail')}>{a.message}</Descriptions.Item>
          <Descriptions.Item label={t('alarm.time')}>
            {formatZoned(a.warningTime, browserTimeZone())}
          </Descriptions.Item>
          <Descriptions.Item label={t('operation.alarms.recoveryTime')}>
            {formatZoned(a.recoveryTime, browserTimeZone())}
          </Descriptions.Item>
          <Descriptions.Item label={t('operation.alarms.confirmedBy')}>
            {a.confirmedBy ? `${a.confirmedBy} ${formatZoned(a.confirmedAt, browserTimeZone())}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('operation.alarms.solution')} span={3}>
            <div style={{ whiteSpace: 'pre-wrap' }} data-testid="alarm-solution">
              {a.solutions}
            </div>
          </Descriptions.Item>
        </Descriptions>
        <Space wrap style={{ marginTop: 12 }}>
          <CreateWorkOrderButton alarmId={a.alarmId} />
          {a.deviceSn && (
            // Remote debugging of the device that raised the alarm (issue 16: faultRemote opens from an alarm).
            <Button
              data-testid="open-fault-remote"
              onClick={() => void navigate(pathOf('faultRemote', { sn: a.deviceSn }))}
            >
              {t('menu.faultRemote')}
            </Button>
          )}
          {data.records.map((r) => (
            <Button
              key={r}
              onClick={() =>
                void navigate(
                  pathOf(a.code >= 500 && a.code < 600 ? 'arcDetectionDetail' : 'machineFaultRecord', {
                    id: r,
                  }),
                )
              }
            >
              {t('operation.alarms.openRecord')}
            </Button>
          ))}
        </Space>
      </Card>
      <Card title={t('operation.alarms.readingsAround')}>
        {option ? (
          <Chart option={option} height={320} testId="alarm-readings-chart" />
        ) : (
          <Empty description={t('operation.alarms.noReadings')} />
        )}
      </Card>
    </Space>
  );
}
