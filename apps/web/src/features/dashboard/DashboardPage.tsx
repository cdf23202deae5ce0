import './dashboard.css';
import { type ReactNode, Suspense, lazy } from 'react';
import { Card, Col, Row, Statistic, Tag } from 'antd';
import type { AlarmRow, FleetFigures } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatInZone } from '../../components/format/formatDate.ts';
import { LEVEL_COLOR } from '../../components/format/levelColor.ts';
import { formatEnergy, formatPower } from '../../components/format/units.ts';
import { HistoryLoading } from '../../components/chart/HistoryLoading.tsx';
import { SvgChart } from '../../components/chart/SvgChart.tsx';
import { IncomeLines } from '../../components/IncomeLines.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useFleetFigures, useRecentAlarms } from './api.ts';
import { PerformanceCard } from './PerformanceCard.tsx';
import { pathOf } from '../../router/paths.ts';

const FleetMapCard = lazy(() => import('./FleetMapCard.tsx').then((m) => ({ default: m.FleetMapCard })));

const co2 = (kg: number) => (kg >= 1000 ? `${(kg / 1000).toFixed(2)} t` : `${kg.toFixed(1)} kg`);

function Figures({ f }: { f: FleetFigures }) {
  const { t } = useTranslation();
  const items: [string, ReactNode, string?][] = [
    ['dashboard.plants', f.plants],
    ['dashboard.online', f.devicesOnline, 'station-figure-ok'],
    ['dashboard.offline', f.devicesOffline, 'station-figure-muted'],
    ['dashboard.inAlarm', f.devicesInAlarm, 'station-figure-bad'],
    ['dashboard.power', formatPower(f.powerW) || '0 W'],
    ['dashboard.energyToday', formatEnergy(f.energyTodayKwh) || '0 kWh'],
    ['dashboard.energyMonth', formatEnergy(f.energyMonthKwh) || '0 kWh'],
    ['dashboard.energyYear', formatEnergy(f.energyYearKwh) || '0 kWh'],
    ['dashboard.energyTotal', formatEnergy(f.energyTotalKwh) || '0 kWh'],
    [
      'dashboard.incomeToday',
      <IncomeLines
        compact
        incomes={f.incomes}
        converted={f.convertedIncome}
        pick={(i) => i.incomeTodayMinor}
      />,
    ],
    [
      'dashboard.incomeTotal',
      <IncomeLines
        compact
        incomes={f.incomes}
        converted={f.convertedIncome}
        pick={(i) => i.incomeTotalMinor}
      />,
    ],
    ['dashboard.co2', co2(f.co2AvoidedKg)],
  ];
  return (
    <Row gutter={[16, 16]} data-testid="fleet-figures">
      {items.map(([key, value, cls]) => (
        <Col key={key} xs={12} md={8} xl={4}>
          <Card size="small" className={`dashboard-figure ${cls ?? ''}`}>
            {typeof value === 'string' || typeof value === 'number' ? (
              <Statistic title={t(key)} value={value} />
            ) : (
              <Statistic title={t(key)} valueRender={() => value} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

// A plain table: the dashboard shows a handful of rows, and Ant Design's Table (sorting, filters, pagination) would
// be the largest part of the dashboard's download after the charts.
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
        <div className="dashboard-alarms-wrap">
          <table className="dashboard-alarms">
            <thead>
              <tr>
                <th>{t('alarm.level')}</th>
                <th>{t('alarm.collectorSn')}</th>
                <th>{t('alarm.description')}</th>
                <th>{t('alarm.time')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r: AlarmRow) => (
                <tr key={r.alarmId}>
                  <td>{r.level ? <Tag color={LEVEL_COLOR[r.level]}>{r.level}</Tag> : null}</td>
                  <td>{r.deviceId}</td>
                  <td>{r.description ?? r.message ?? ''}</td>
                  <td>{formatDate(r.saveTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
    <div className="app-container dashboard-page" data-testid="dashboard">
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
              <Col span={24}>
                {/* The map and its land outline load after the figures (their own chunks). */}
                <Suspense fallback={<Card loading title={t('dashboard.map.title')} />}>
                  <FleetMapCard map={f.map} />
                </Suspense>
              </Col>
              <Col xs={24} xl={12}>
                <Card title={t('dashboard.powerToday', { zone: f.timeZone })} data-testid="fleet-power-card">
                  <HistoryLoading loading={f.historyLoading.powerCurve} />
                  <SvgChart
                    testId="fleet-power"
                    kind="line"
                    unit="kW"
                    // The slots of the viewer's day, labelled in the zone the server drew them in.
                    points={f.powerCurve.map((p) => ({
                      label: formatInZone(p.ts, f.timeZone, true),
                      value: p.powerW === null ? null : Math.round(p.powerW) / 1000,
                    }))}
                  />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card title={t('dashboard.energy30')} data-testid="fleet-energy-card">
                  <HistoryLoading loading={f.historyLoading.energyDays} />
                  <SvgChart
                    testId="fleet-energy"
                    kind="bar"
                    unit="kWh"
                    points={f.energyDays.map((d) => ({ label: d.label.slice(5), value: d.energyKwh }))}
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
                    <ul className="dashboard-top">
                      {f.topPlants.map((p, i) => (
                        <li
                          key={p.id}
                          onClick={() => void navigate(pathOf('details', { id: p.id }))}
                          className="dashboard-top-item"
                        >
                          <span className="dashboard-rank">{i + 1}</span>
                          <div className="dashboard-top-content">
                            <div className="dashboard-top-name">{p.name}</div>
                            <div className="dashboard-top-energy">
                              {formatEnergy(p.energyTodayKwh) || '0 kWh'}
                            </div>
                          </div>
                          <span className="dashboard-top-power">{formatPower(p.powerW) || '0 W'}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </Card>
              </Col>
              <Col xs={24} xl={14}>
                <RecentAlarms />
              </Col>
              {f.topPlants.length > 0 && (
                <Col span={24}>
                  <PerformanceCard plants={f.topPlants} />
                </Col>
              )}
            </Row>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
