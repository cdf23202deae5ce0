import '../station/station.css';
import { Card, Col, List, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { FleetFigures } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../components/format/formatDate.ts';
import { formatEnergy, formatPower } from '../../components/format/units.ts';
import type { AlarmRow } from '../../layout/alarmApi.ts';
import { EChart } from '../station/components/EChart.tsx';
import { QueryState } from '../station/components/QueryState.tsx';
import { useFleetFigures, useRecentAlarms } from './api.ts';

const LEVEL_COLORS: Record<number, string> = { 1: 'success', 2: 'warning', 3: 'error' };
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
const formatTimeIn = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
const co2 = (kg: number) => (kg >= 1000 ? `${(kg / 1000).toFixed(2)} t` : `${kg.toFixed(1)} kg`);

function Figures({ f }: { f: FleetFigures }) {
  const { t } = useTranslation();
  const items: [string, string | number, string?][] = [
    ['dashboard.plants', f.plants],
    ['dashboard.online', f.devicesOnline, 'station-figure-ok'],
    ['dashboard.offline', f.devicesOffline, 'station-figure-muted'],
    ['dashboard.inAlarm', f.devicesInAlarm, 'station-figure-bad'],
    ['dashboard.power', formatPower(f.powerW) || '0 W'],
    ['dashboard.energyToday', formatEnergy(f.energyTodayKwh) || '0 kWh'],
    ['dashboard.energyMonth', formatEnergy(f.energyMonthKwh) || '0 kWh'],
    ['dashboard.energyYear', formatEnergy(f.energyYearKwh) || '0 kWh'],
    ['dashboard.energyTotal', formatEnergy(f.energyTotalKwh) || '0 kWh'],
    ['dashboard.incomeToday', money(f.incomeTodayMinor, f.currency)],
    ['dashboard.incomeTotal', money(f.incomeTotalMinor, f.currency)],
    ['dashboard.co2', co2(f.co2AvoidedKg)],
  ];
  return (
    <Row gutter={[16, 16]} data-testid="fleet-figures">
      {items.map(([key, value, cls]) => (
        <Col key={key} xs={12} md={8} xl={4}>
          <Card size="small" className={`dashboard-figure ${cls ?? ''}`}>
            <Statistic title={t(key)} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function RecentAlarms() {
  const { t } = useTranslation();
  const alarms = useRecentAlarms();
  const rows = alarms.data?.rows ?? [];
  return (
    <Card title={t('dashboard.recentAlarms')} data-testid="recent-alarms">
      <QueryState
        isLoading={alarms.isLoading}
        error={alarms.error}
        isEmpty={rows.length === 0}
        onRetry={() => void alarms.refetch()}
        emptyText={t('dashboard.noAlarms')}
      >
        <Table<AlarmRow>
          size="small"
          rowKey={(r) => String(r.alarmId)}
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: t('alarm.level'),
              dataIndex: 'level',
              render: (v: number | undefined) => (v ? <Tag color={LEVEL_COLORS[v]}>{v}</Tag> : null),
            },
            { title: t('alarm.collectorSn'), dataIndex: 'deviceId' },
            {
              title: t('alarm.description'),
              key: 'd',
              render: (_: unknown, r) => r.description ?? r.message ?? '',
            },
            { title: t('alarm.time'), dataIndex: 'saveTime', render: (v?: string) => formatDate(v) },
          ]}
        />
      </QueryState>
    </Card>
  );
}

/**
 * The dashboard (fixed tab): fleet figures (each plant's own day), the fleet power curve of the viewer's day in the
 * viewer's zone, 30 days of energy, top plants, recent alarms.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fleet = useFleetFigures();
  const f = fleet.data;
  return (
    <div className="app-container station-page" data-testid="dashboard">
      <QueryState
        isLoading={fleet.isLoading}
        error={fleet.error}
        isEmpty={!f}
        onRetry={() => void fleet.refetch()}
      >
        {f ? (
          <>
            <Figures f={f} />
            <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
              <Col xs={24} xl={12}>
                <Card title={t('dashboard.powerToday', { zone: f.timeZone })}>
                  <EChart
                    testId="fleet-power"
                    option={{
                      tooltip: { trigger: 'axis' },
                      grid: { left: 64, right: 16, top: 24, bottom: 32 },
                      xAxis: {
                        type: 'category',
                        // The slots of the viewer's day, labelled in the zone the server drew them in.
                        data: f.powerCurve.map((p) => formatTimeIn(p.ts, f.timeZone)),
                      },
                      yAxis: { type: 'value', name: 'kW' },
                      series: [
                        {
                          name: t('dashboard.power'),
                          type: 'line',
                          showSymbol: false,
                          areaStyle: { opacity: 0.15 },
                          data: f.powerCurve.map((p) =>
                            p.powerW === null ? null : Math.round(p.powerW) / 1000,
                          ),
                        },
                      ],
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card title={t('dashboard.energy30')}>
                  <EChart
                    testId="fleet-energy"
                    option={{
                      tooltip: { trigger: 'axis' },
                      grid: { left: 64, right: 16, top: 24, bottom: 32 },
                      xAxis: { type: 'category', data: f.energyDays.map((d) => d.label.slice(5)) },
                      yAxis: { type: 'value', name: 'kWh' },
                      series: [
                        {
                          name: t('dashboard.energyToday'),
                          type: 'bar',
                          itemStyle: { color: '#009cff' },
                          data: f.energyDays.map((d) => d.energyKwh),
                        },
                      ],
                    }}
                  />
                </Card>
              </Col>
              <Col xs={24} xl={10}>
                <Card title={t('dashboard.topPlants')} data-testid="top-plants">
                  {f.topPlants.length === 0 ? (
                    <QueryState isLoading={false} error={null} isEmpty emptyText={t('dashboard.noPlants')}>
                      {null}
                    </QueryState>
                  ) : (
                    <List
                      dataSource={f.topPlants}
                      renderItem={(p, i) => (
                        <List.Item
                          actions={[<span key="p">{formatPower(p.powerW) || '0 W'}</span>]}
                          onClick={() => void navigate(`/details?id=${p.id}`)}
                          className="dashboard-top-item"
                        >
                          <List.Item.Meta
                            avatar={<span className="dashboard-rank">{i + 1}</span>}
                            title={<Typography.Link>{p.name}</Typography.Link>}
                            description={formatEnergy(p.energyTodayKwh) || '0 kWh'}
                          />
                        </List.Item>
                      )}
                    />
                  )}
                </Card>
              </Col>
              <Col xs={24} xl={14}>
                <RecentAlarms />
              </Col>
            </Row>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
