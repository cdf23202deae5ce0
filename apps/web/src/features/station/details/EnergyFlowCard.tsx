import { Card, Col, Row, Statistic } from 'antd';
import type { EnergyFlow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useEnergyFlow } from '../station-shared/api.ts';
import { type FlowNode, type FlowPath, flowPaths } from './energyFlowPaths.ts';

/** Where each node sits in the 400 × 250 drawing; the inverter (hub) in the middle. */
const AT: Record<FlowNode | 'hub', { x: number; y: number }> = {
  pv: { x: 200, y: 38 },
  battery: { x: 62, y: 125 },
  grid: { x: 338, y: 125 },
  load: { x: 200, y: 212 },
  hub: { x: 200, y: 125 },
};
const COLOR: Record<FlowNode, string> = {
  pv: '#fa8c16',
  battery: '#52c41a',
  grid: '#1677ff',
  load: '#722ed1',
};
const NODE_R = 30;
// Wide enough for "Inverter" at the hub's 9 px type.
const HUB_R = 22;

/** The segment between a node's circle and the hub's, pointing the way power flows. */
function segment(p: FlowPath) {
  const a = AT[p.node];
  const b = AT.hub;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const start = { x: a.x + ux * (NODE_R + 4), y: a.y + uy * (NODE_R + 4) };
  const end = { x: b.x - ux * (HUB_R + 4), y: b.y - uy * (HUB_R + 4) };
  return p.direction === 'out' ? { from: end, to: start } : { from: start, to: end };
}

/**
 * A storage plant's live energy flow: PV, battery, grid and load around the inverter, each path with its power and
 * an arrow the way it flows (grey when idle, dashed when the plant cannot measure it), the battery's state of
 * charge, and the day's generation, charge, discharge, import and export. Shown for plants with storage only.
 */
export function EnergyFlowCard({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const flow = useEnergyFlow(plantId);
  if (!flow.isLoading && !flow.error && !flow.data?.hasStorage) return null;
  return (
    <Card
      title={t('station.flow.title')}
      style={{ marginTop: 16 }}
      data-testid="energy-flow"
      extra={
        flow.data?.asOf ? (
          <span className="station-flow-asof">
            {t('station.flow.asOf', { time: formatZoned(flow.data.asOf, flow.data.timeZone) })}
          </span>
        ) : null
      }
    >
      <QueryState
        isLoading={flow.isLoading}
        error={flow.error}
        isEmpty={!flow.data}
        onRetry={() => void flow.refetch()}
      >
        {flow.data ? <FlowBody flow={flow.data} /> : null}
      </QueryState>
    </Card>
  );
}

function FlowBody({ flow }: { flow: EnergyFlow }) {
  const { t } = useTranslation();
  const paths = flowPaths(flow);
  const figure = (p: FlowPath) => (p.powerW === null ? t('station.flow.notMeasured') : formatPower(p.powerW));
  const day: [string, number | null][] = [
    ['station.flow.generation', flow.generationTodayKwh],
    ['station.flow.charge', flow.chargeTodayKwh],
    ['station.flow.discharge', flow.dischargeTodayKwh],
    ['station.flow.import', flow.gridImportTodayKwh],
    ['station.flow.export', flow.gridExportTodayKwh],
  ];
  return (
    <Row gutter={[24, 16]} align="middle">
      <Col xs={24} lg={14}>
        <svg viewBox="0 0 400 250" className="station-flow" role="img" aria-label={t('station.flow.title')}>
          <defs>
            {(Object.keys(COLOR) as FlowNode[]).map((n) => (
              <marker
                key={n}
                id={`flow-arrow-${n}`}
                viewBox="0 0 10 10"
                refX="8"
                refY="5"
                markerWidth="5"
                markerHeight="5"
                orient="auto-start-reverse"
              >
                <path d="M0,0 L10,5 L0,10 z" fill={COLOR[n]} />
              </marker>
            ))}
          </defs>
          {paths.map((p) => {
            const s = segment(p);
            const active = p.direction !== 'idle';
            const measured = p.powerW !== null;
            const mid = { x: (s.from.x + s.to.x) / 2, y: (s.from.y + s.to.y) / 2 };
            const vertical = p.node === 'pv' || p.node === 'load';
            return (
              <g
                key={p.node}
                data-testid={`flow-path-${p.node}`}
                data-direction={p.direction}
                data-measured={measured}
              >
                {/* Dashed means "not measured" only (the legend says so); a measured path is a solid line, and
                    the dots running over it show that power flows. */}
                <line
                  x1={s.from.x}
                  y1={s.from.y}
                  x2={s.to.x}
                  y2={s.to.y}
                  stroke={active ? COLOR[p.node] : '#d9d9d9'}
                  strokeWidth={active ? 3 : 2}
                  strokeDasharray={measured ? undefined : '4 4'}
                  markerEnd={active ? `url(#flow-arrow-${p.node})` : undefined}
                  data-testid={`flow-line-${p.node}`}
                />
                {active ? (
                  <line
                    x1={s.from.x}
                    y1={s.from.y}
                    x2={s.to.x}
                    y2={s.to.y}
                    stroke="#fff"
                    strokeWidth={1.5}
                    strokeLinecap="round"
                    strokeDasharray="0.1 11.9"
                    className="station-flow-moving"
                  />
                ) : null}
                <text
                  x={vertical ? mid.x + 10 : mid.x}
                  y={vertical ? mid.y + 4 : mid.y - 10}
                  textAnchor={vertical ? 'start' : 'middle'}
                  className="station-flow-power"
                  data-testid={`flow-power-${p.node}`}
                >
                  {figure(p)}
                </text>
              </g>
            );
          })}
          <circle cx={AT.hub.x} cy={AT.hub.y} r={HUB_R} fill="#fff" stroke="#bfbfbf" strokeWidth="1.5" />
          <text x={AT.hub.x} y={AT.hub.y + 4} textAnchor="middle" className="station-flow-hub">
            {t('station.flow.inverterShort')}
          </text>
          {paths.map((p) => (
            <g key={p.node}>
              <circle
                cx={AT[p.node].x}
                cy={AT[p.node].y}
                r={NODE_R}
                fill="#fff"
                stroke={COLOR[p.node]}
                strokeWidth="2"
              />
              <text
                x={AT[p.node].x}
                y={AT[p.node].y + (p.node === 'battery' ? -3 : 5)}
                textAnchor="middle"
                className="station-flow-node"
              >
                {t(`station.flow.${p.node}`)}
              </text>
              {p.node === 'battery' && flow.batterySocPercent !== null ? (
                <text
                  x={AT.battery.x}
                  y={AT.battery.y + 13}
                  textAnchor="middle"
                  className="station-flow-soc"
                  data-testid="flow-soc"
                >
                  {`${Math.round(flow.batterySocPercent)} %`}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
        <div className="station-flow-legend">{t('station.flow.legend')}</div>
      </Col>
      <Col xs={24} lg={10}>
        <Row gutter={[16, 16]} data-testid="flow-day">
          {flow.batterySocPercent !== null ? (
            <Col span={12}>
              <Statistic title={t('station.flow.soc')} value={`${Math.round(flow.batterySocPercent)} %`} />
            </Col>
          ) : null}
          {day.map(([key, kwh]) => (
            <Col span={12} key={key}>
              <Statistic
                title={t(key)}
                value={kwh === null ? t('station.flow.notMeasured') : formatEnergy(kwh) || '0 kWh'}
              />
            </Col>
          ))}
        </Row>
      </Col>
    </Row>
  );
}
