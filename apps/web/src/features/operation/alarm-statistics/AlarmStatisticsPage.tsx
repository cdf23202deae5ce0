import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Row, Skeleton, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { AlarmStatistics } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { AlarmChart, LEVEL_CHART_COLORS, type ChartOption } from '../alarm-shared/AlarmChart.tsx';
import { useAlarmStatistics } from '../alarm-shared/api.ts';

/** The figures and charts of the statistics screen, from one statistics answer. */
export function useStatisticsCharts(s: AlarmStatistics | undefined) {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!s) return undefined;
    const bar = (rows: { label: string; count: number }[], name: string): ChartOption => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 24, bottom: 80 },
      xAxis: {
        type: 'category',
        data: rows.map((r) => r.label),
        axisLabel: { rotate: 30, width: 120, overflow: 'truncate' },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name, type: 'bar', data: rows.map((r) => r.count), itemStyle: { color: '#009cff' } }],
    });
    return {
      level: {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: s.byLevel.map((r) => ({
              name: t(`alarm.levels.${r.key}`),
              value: r.count,
              itemStyle: { color: LEVEL_CHART_COLORS[r.key] },
            })),
          },
        ],
      } satisfies ChartOption,
      code: bar(
        s.byCode.map((r) => ({ label: `#${r.key} ${r.label}`, count: r.count })),
        t('operation.alarms.count'),
      ),
      plant: bar(s.byPlant, t('operation.alarms.count')),
      day: {
        tooltip: { trigger: 'axis' },
        grid: { left: 48, right: 16, top: 24, bottom: 32 },
        xAxis: { type: 'category', data: s.byDay.map((r) => r.key) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            name: t('operation.alarms.count'),
            type: 'line',
            data: s.byDay.map((r) => r.count),
            areaStyle: {},
          },
        ],
      } satisfies ChartOption,
    };
  }, [s, t]);
}

/** `alarmstatistics`: counts by level, code, plant and day over a date range, with charts. */
export function AlarmStatisticsPage() {
  const { t } = useTranslation();
  // Days are each plant's local days (ARCHITECTURE §6): the range ends tomorrow so that plants ahead of the
  // browser's time zone show their today too.
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs().add(1, 'day')]);
  const { data } = useAlarmStatistics({
    startDate: range[0].format('YYYY-MM-DD'),
    endDate: range[1].format('YYYY-MM-DD'),
  });
  const charts = useStatisticsCharts(data);
  return (
    <div data-testid="alarmstatistics">
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16} align="middle">
          <Col>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            />
          </Col>
          <Col>
            <Statistic title={t('operation.alarms.total')} value={data?.total ?? 0} />
          </Col>
          <Col>
            <Statistic title={t('operation.alarms.open')} value={data?.open ?? 0} />
          </Col>
          <Col>
            <Statistic title={t('operation.alarms.unconfirmed')} value={data?.unconfirmed ?? 0} />
          </Col>
        </Row>
      </Card>
      {!charts ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={8}>
            <Card title={t('operation.alarms.byLevel')}>
              <AlarmChart option={charts.level} testId="chart-level" />
            </Card>
          </Col>
          <Col xs={24} lg={16}>
            <Card title={t('operation.alarms.byDay')}>
              <AlarmChart option={charts.day} testId="chart-day" />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('operation.alarms.byCode')}>
              <AlarmChart option={charts.code} height={340} testId="chart-code" />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('operation.alarms.byPlant')}>
              <AlarmChart option={charts.plant} height={340} testId="chart-plant" />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
