import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Chart } from '../../../components/chart/Chart.tsx';
import '../../../components/chart/echartsExtras.ts';
import { LEVEL_CHART_COLORS } from '../alarm-shared/levelColors.ts';
import { useAlarmList, useAlarmStatistics } from '../alarm-shared/api.ts';
import { AlarmTable } from '../alarm-shared/AlarmTable.tsx';
import { useStatisticsCharts } from '../alarm-shared/useStatisticsCharts.ts';
import { pathOf } from '../../../router/paths.ts';

/** `alarm`: the overview by level and status, and the newest open alarms. */
export function AlarmOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useAlarmStatistics({});
  const charts = useStatisticsCharts(data);
  const { data: open, isFetching } = useAlarmList({ status: 0 }, 1, 10);
  const count = (level: number) => data?.byLevel.find((r) => r.key === level)?.count ?? 0;
  return (
    <div className="app-container" data-testid="alarm-overview">
      <Row gutter={[16, 16]}>
        {[3, 2, 1].map((level) => (
          <Col xs={12} md={6} key={level}>
            <Card>
              <Statistic
                title={t(`alarm.levels.${level}`)}
                value={count(level)}
                styles={{ content: { color: LEVEL_CHART_COLORS[level] } }}
              />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={6}>
          <Card hoverable onClick={() => void navigate(pathOf('alarmlist'))}>
            <Statistic title={t('operation.alarms.open')} value={data?.open ?? 0} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('operation.alarms.byLevel')}>
            {charts && <Chart option={charts.level} empty={charts.empty} height={260} />}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('operation.alarms.byDay')}>
            {charts && <Chart option={charts.day} empty={charts.empty} height={260} />}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('operation.alarms.newestOpen')}>
            <AlarmTable rows={open?.rows ?? []} loading={isFetching && !open} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
