import { Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrderPriority, WorkOrderSla, WorkOrderState } from '@solarops/contracts';

const STATE_COLOURS: Record<WorkOrderState, string> = {
  new: 'blue',
  assigned: 'geekblue',
  inProgress: 'processing',
  onHold: 'warning',
  resolved: 'cyan',
  pendingApproval: 'purple',
  closed: 'success',
  cancelled: 'default',
};
const PRIORITY_COLOURS: Record<WorkOrderPriority, string> = {
  urgent: 'red',
  high: 'volcano',
  normal: 'gold',
  low: 'default',
};

export function StateTag({ state }: { state: WorkOrderState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="workorder-state">
      {t(`operation.workOrders.states.${state}`)}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: WorkOrderPriority }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLOURS[priority]}>{t(`operation.workOrders.priorities.${priority}`)}</Tag>;
}

/** Share of the resolution target used: orange from 80 %, red once breached; "paused" while on hold or resolved. */
export function SlaBar({ sla }: { sla: WorkOrderSla }) {
  const { t } = useTranslation();
  const hours = (m: number) => (m / 60).toFixed(1);
  return (
    <div>
      <Progress
        percent={Math.min(100, sla.percent)}
        size="small"
        showInfo={false}
        status={sla.percent >= 100 ? 'exception' : 'normal'}
        strokeColor={sla.percent >= 80 && sla.percent < 100 ? '#fa8c16' : undefined}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('operation.workOrders.sla', {
          used: hours(sla.elapsedMinutes),
          target: hours(sla.targetMinutes),
          percent: sla.percent,
        })}
        {sla.businessHours ? ` · ${t('operation.workOrders.businessHours')}` : ''}
        {sla.paused ? ` · ${t('operation.workOrders.paused')}` : ''}
      </Typography.Text>
    </div>
  );
}
