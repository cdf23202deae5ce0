import { Button, Popconfirm, Typography } from 'antd';
import type { RolloutRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useRolloutMutations, type RolloutAction } from './api.ts';

/**
 * The decisions a rollout's state allows: approve (another user), pause, resume, cancel (confirmed); none when
 * part of it lies outside the caller's scope (the server refuses them), saying so instead.
 */
export function RolloutActions({ rollout }: { rollout: RolloutRow }) {
  const { t } = useTranslation();
  const { act } = useRolloutMutations();
  const run = (action: RolloutAction) => act.mutateAsync({ id: rollout.id, action }).catch(() => undefined);
  const button = (action: RolloutAction) => (
    <Button key={action} type="link" size="small" loading={act.isPending} onClick={() => void run(action)}>
      {t(`operation.update.actions.${action}`)}
    </Button>
  );
  const s = rollout.state;
  // Some of its devices lie outside the caller's scope: the whole is decided by someone who sees all of it.
  if (rollout.partialView && s !== 'cancelled' && s !== 'done')
    return (
      <Typography.Text type="secondary" data-testid="rollout-partial-view">
        {t('operation.update.partialView')}
      </Typography.Text>
    );
  return (
    <>
      {rollout.canApprove && button('approve')}
      {s === 'running' && button('pause')}
      {(s === 'paused' || s === 'stopped') && button('resume')}
      {s !== 'cancelled' && s !== 'done' && (
        <Popconfirm
          title={t('operation.update.confirmCancel')}
          okText={t('set.common.ok')}
          cancelText={t('set.common.cancel')}
          onConfirm={() => run('cancel')}
        >
          <Button type="link" size="small" danger>
            {t('operation.update.actions.cancel')}
          </Button>
        </Popconfirm>
      )}
    </>
  );
}
