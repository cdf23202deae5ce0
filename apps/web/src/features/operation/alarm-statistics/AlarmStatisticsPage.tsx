import { useState } from 'react';
import { Card, Col, DatePicker, Row, Skeleton, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/chart/Chart.tsx';
import '../../../components/chart/echartsExtras.ts';
import { useAlarmStatistics } from '../alarm-shared/api.ts';
import { useStatisticsCharts } from '../alarm-shared/useStatisticsCharts.ts';

/** `alarmstatistics`: counts by level, code, plant and day over a date range, with charts. */
export function AlarmStatisticsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const { data } = useAlarmStatistics({
    startDate: range[0].format('YYYY-MM-DD'),
    endDate: range[1].format('YYYY-MM-DD'),
  });
  const charts = useStatisticsCharts(data, range);
  return (
    <div className="app-container" data-testid="alarmstatistics">
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
              <Chart option={charts.level} empty={charts.empty} testId="chart-level" />
            </Card>
          </Col>
          <Col xs={24} lg={16}>
            <Card title={t('operation.alarms.byDay')}>
              <Chart option={charts.day} empty={charts.empty} testId="chart-day" />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('operation.alarms.byCode')}>
              <Chart option={charts.code} empty={charts.empty} height={340} testId="chart-code" />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title={t('operation.alarms.byPlant')}>
              <Chart option={charts.plant} empty={charts.empty} height={340} testId="chart-plant" />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
