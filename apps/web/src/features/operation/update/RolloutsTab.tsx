import { Button, Space, Tag } from 'antd';
import type { RolloutRow, RolloutState } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { useRollouts } from '../update-shared/api.ts';
import { RolloutActions } from '../update-shared/RolloutActions.tsx';
import { ROLLOUT_COLOURS } from '../update-shared/rolloutColours.ts';
import { pathOf } from '../../../router/paths.ts';

/**
 * The rollouts of the caller's devices, newest first, 10 to a page: state, counts, and the decisions a person
 * takes on them.
 */
export function RolloutsTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState<object>({}, 10);
  const rollouts = useRollouts(list.page, list.limit);
  return (
    <ListPage<RolloutRow, object>
      layout="single"
      list={list}
      query={rollouts}
      table={{
        rowKey: 'id',
        size: 'small',
        'data-testid': 'firmware-rollouts',
        scroll: { x: 1100 },
        columns: [
          { title: t('operation.update.name'), dataIndex: 'packageName', ellipsis: true },
          { title: t('operation.update.version'), dataIndex: 'version' },
          {
            title: t('operation.update.rolloutState'),
            dataIndex: 'state',
            render: (v: RolloutState) => (
              <Tag color={ROLLOUT_COLOURS[v]}>{t(`operation.update.states.${v}`)}</Tag>
            ),
          },
          { title: t('operation.update.devices'), dataIndex: 'deviceCount' },
          {
            title: t('operation.update.stages.done'),
            key: 'done',
            render: (_: unknown, r) => r.counts.done,
          },
          {
            title: t('operation.update.stages.failed'),
            key: 'failed',
            render: (_: unknown, r) => r.counts.failed,
          },
          { title: t('operation.update.createdBy'), dataIndex: 'createdBy' },
          {
            title: t('operation.update.createdAt'),
            dataIndex: 'createdAt',
            render: (v: string) => formatDate(v),
          },
          {
            title: t('common.operation'),
            key: 'op',
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => void navigate(pathOf('scheduleList', { id: r.id }))}
                >
                  {t('operation.update.progress')}
                </Button>
                <RolloutActions rollout={r} />
              </Space>
            ),
          },
        ],
      }}
    />
  );
}
