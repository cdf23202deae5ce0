import type { WallOperation, WallSlaState, WallWorkOrder } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/format/formatDate.ts';
import { relativeTime } from '../../../components/format/relativeTime.ts';
import { WallFigure, WallPanel } from '../WallFrame.tsx';
import { AlarmTicker, LEVEL_TONES } from './OverviewScreen.tsx';

const SLA_TONES: Record<WallSlaState, 'good' | 'warn' | 'bad'> = {
  onTime: 'good',
  warned: 'warn',
  breached: 'bad',
};
/** The open states in the order an order passes them. */
const OPEN_STATES = ['new', 'assigned', 'inProgress', 'onHold', 'resolved', 'pendingApproval'] as const;

/** "3 h 20 min left" or "1 h 5 min overdue", in the minutes the order's SLA counts. */
function TimeLeft({ order }: { order: WallWorkOrder }) {
  const { t } = useTranslation();
  const m = Math.abs(order.minutesLeft);
  const span =
    m >= 60 ? t('exhibit.operation.hoursMinutes', { h: Math.floor(m / 60), m: m % 60 }) : `${m} min`;
  return (
    <>
      {t(order.minutesLeft < 0 ? 'exhibit.operation.overdue' : 'exhibit.operation.left', { span })}
      {order.paused ? ` · ${t('exhibit.operation.paused')}` : ''}
    </>
  );
}

/** The open work orders nearest their SLA deadline. */
function WorkOrderList({ orders }: { orders: WallWorkOrder[] }) {
  const { t } = useTranslation();
  if (orders.length === 0) return <div className="wall-empty">{t('exhibit.operation.noOrders')}</div>;
  return (
    <table className="wall-table wall-orders" data-testid="wall-orders">
      <thead>
        <tr>
          <th>{t('exhibit.operation.order')}</th>
          <th>{t('exhibit.operation.plant')}</th>
          <th>{t('exhibit.operation.alarm')}</th>
          <th>{t('exhibit.operation.assignee')}</th>
          <th>{t('exhibit.operation.state')}</th>
          <th>{t('exhibit.operation.timeLeft')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} className={`is-${SLA_TONES[o.slaState]}`}>
            <td>#{o.id}</td>
            <td>{o.plantName}</td>
            <td>
              <span className={`wall-order-level is-${LEVEL_TONES[o.level] ?? 'warn'}`}>
                {t('exhibit.level', { level: o.level })}
              </span>{' '}
              {o.description}
            </td>
            <td>{o.assigneeName ?? t('exhibit.operation.unassigned')}</td>
            <td>{t(`operation.workOrders.states.${o.state}`)}</td>
            <td className="wall-order-left" data-testid="wall-order-left">
              <TimeLeft order={o} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The operation wall: what needs people now: open alarms, and the work orders with where their SLA stands. */
export function OperationScreen({ data: o }: { data: WallOperation }) {
  const { t } = useTranslation();
  const w = o.workOrders;
  return (
    <div className="wall-operation">
      <WallPanel title={t('exhibit.operation.open')} className="wall-span-3">
        <div className="wall-grid-5">
          <WallFigure
            label={t('exhibit.level', { level: 3 })}
            value={o.openByLevel[3]}
            tone="bad"
            testId="wall-open-3"
          />
          <WallFigure label={t('exhibit.level', { level: 2 })} value={o.openByLevel[2]} tone="warn" />
          <WallFigure label={t('exhibit.level', { level: 1 })} value={o.openByLevel[1]} tone="good" />
          <WallFigure
            label={t('exhibit.operation.lastDay')}
            value={`+${o.raised24h} / −${o.recovered24h}`}
            note={t('exhibit.operation.lastDayNote')}
          />
          <WallFigure
            label={t('exhibit.operation.oldest')}
            value={o.oldestOpenAt ? relativeTime(o.oldestOpenAt, t) : '—'}
            note={o.oldestOpenAt ? formatDate(o.oldestOpenAt) : undefined}
          />
        </div>
      </WallPanel>
      <WallPanel title={t('exhibit.operation.newest')} className="wall-span-3">
        <AlarmTicker alarms={o.alarms} />
      </WallPanel>
      <WallPanel
        title={t('exhibit.operation.orders', { count: w.open })}
        className="wall-span-2"
        testId="wall-orders-by-state"
      >
        <div className="wall-grid-6">
          {OPEN_STATES.map((s) => (
            <WallFigure
              key={s}
              label={t(`operation.workOrders.states.${s}`)}
              value={w.byState[s]}
              testId={`wall-orders-${s}`}
            />
          ))}
        </div>
      </WallPanel>
      <WallPanel title={t('exhibit.operation.sla')} testId="wall-sla">
        <div className="wall-grid-3">
          {(['onTime', 'warned', 'breached'] as const).map((s) => (
            <WallFigure
              key={s}
              label={t(`exhibit.operation.slaStates.${s}`)}
              value={w.bySla[s]}
              tone={s === 'onTime' || w.bySla[s] > 0 ? SLA_TONES[s] : undefined}
              testId={`wall-sla-${s}`}
            />
          ))}
        </div>
      </WallPanel>
      <WallPanel title={t('exhibit.operation.nearest')} className="wall-span-3 wall-orders-panel">
        <WorkOrderList orders={w.nearest} />
      </WallPanel>
    </div>
  );
}
