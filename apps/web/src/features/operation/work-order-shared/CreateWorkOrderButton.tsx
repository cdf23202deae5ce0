import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanUseWorkOrders, useCreateWorkOrder } from './api.ts';
import { pathOf } from '../../../router/paths.ts';

/**
 * Opens a work order for an alarm and shows it; for users with the work-order screen only. When the alarm already
 * has an open order the server's message names it.
 */
export function CreateWorkOrderButton({ alarmId, size }: { alarmId: number; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWorkOrder();
  if (!useCanUseWorkOrders()) return null;
  return (
    <Button
      type={size === 'small' ? 'link' : 'default'}
      size={size}
      loading={create.isPending}
      data-testid={`create-workorder-${alarmId}`}
      onClick={async () => {
        const id = await create.mutateAsync(alarmId);
        void navigate(pathOf('question', { id }));
      }}
    >
      {t('operation.workOrders.create')}
    </Button>
  );
}
