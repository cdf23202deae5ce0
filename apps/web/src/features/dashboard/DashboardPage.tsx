import './dashboard.css';
import { type ReactNode, Suspense, lazy } from 'react';
import { Card, Col, Row, Statistic, Tag } from 'antd';
import type { FleetFigures } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../components/format/formatDate.ts';
import { formatEnergy, formatPower } from '../../components/format/units.ts';
import type { AlarmRow } from '../../layout/alarmApi.ts';
import { Chart } from '../../components/chart/Chart.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useFleetFigures, useRecentAlarms } from './api.ts';

const FleetMapCard = lazy(() => import('./FleetMapCard.tsx').then((m) => ({ default: m.FleetMapCard })));

const LEVEL_COLORS: Record<number, string> = { 1: 'success', 2: 'warning', 3: 'error' };
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
type Amounts = { incomeTodayMinor: number; incomeTotalMinor: number };

/**
 * Income of each currency on its own line: amounts of different currencies are never added up. With a display
 * currency set by an administrator, the converted sum comes first, with each rate and its date beside it and the
 * currencies that have no rate named.
 */
function IncomeLines({ f, pick }: { f: FleetFigures; pick: (i: Amounts) => number }) {
  const { t } = useTranslation();
  if (f.incomes.length === 0) return '0.00';
  const c = f.convertedIncome;
  return (
    <span className="dashboard-incomes">
      {c ? (
        <span className="dashboard-converted" data-testid="income-converted">
          <span className="dashboard-converted-sum">≈ {money(pick(c), c.currency)}</span>
          {c.rates.map((r) => (
            <span key={r.currency} className="dashboard-rate">
              {t('dashboard.rate', { from: r.currency, rate: r.rate, to: c.currency, date: r.date })}
            </span>
          ))}
          {c.missing.length > 0 ? (
            <span className="dashboard-rate">
              {t('dashboard.noRate', { currencies: c.missing.join(', ') })}
            </span>
          ) : null}
        </span>
      ) : null}
      {f.incomes.map((i) => (
        <span key={i.currency} style={{ display: 'block' }}>
          {money(pick(i), i.currency)}
        </span>
      ))}
    </span>
  );
}
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
    ['dashboard.incomeToday', <IncomeLines f={f} pick={(i) => i.incomeTodayMinor} />],
    ['dashboard.incomeTotal', <IncomeLines f={f} pick={(i) => i.incomeTotalMinor} />],
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
                  <td>{r.level ? <Tag color={LEVEL_COLORS[r.level]}>{r.level}</Tag> : null}</td>
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
                <Card title={t('dashboard.powerToday', { zone: f.timeZone })}>
                  <Chart
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
                  <Chart
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
                    <ul className="dashboard-top">
                      {f.topPlants.map((p, i) => (
                        <li
                          key={p.id}
                          onClick={() => void navigate(`/details?id=${p.id}`)}
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
            </Row>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
