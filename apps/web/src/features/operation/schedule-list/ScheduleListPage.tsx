import { Card, Empty, Flex, Progress, Space, Table, Tag, Typography } from 'antd';
import {
  FIRMWARE_CALLS,
  ROLLOUT_DEVICE_STAGES,
  endpointPath,
  type RolloutDeviceRow,
  type RolloutDeviceStage,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEventStream } from '../../../api/eventStream.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { useRollout } from '../update-shared/api.ts';
import { RolloutActions } from '../update-shared/RolloutActions.tsx';
import { ROLLOUT_COLOURS } from '../update-shared/rolloutColours.ts';

const STAGE_COLOURS: Record<RolloutDeviceStage, string> = {
  queued: 'default',
  downloading: 'processing',
  downloaded: 'cyan',
  verifying: 'geekblue',
  installing: 'purple',
  rebooting: 'magenta',
  done: 'green',
  failed: 'red',
  cancelled: 'default',
};

/**
 * `scheduleList` (upgrade progress, opened from the `update` screen): a rollout's devices with their stage,
 * percentage and last error, and the counts by stage. The server's push says when a device reported; the page
 * then reads the rollout again, so that every figure is the database's; so it does when the push reconnects after a
 * drop, for what was reported meanwhile.
 */
export function ScheduleListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useRollout(id);
  useEventStream(
    id ? endpointPath(FIRMWARE_CALLS.rolloutStream, { id }) : null,
    () => void query.refetch(),
    () => void query.refetch(),
  );
  if (!id) return <Empty description={t('operation.update.noRollout')} />;
  const rollout = query.data?.rollout;
  return (
    // The console's page frame (its margins), the summary and the devices as two cards one above the other.
    <Flex vertical gap={16} className="app-container" data-testid="page-scheduleList">
      <Card size="small" loading={!rollout}>
        {rollout && (
          <Flex vertical gap={8}>
            <Space wrap>
              <Typography.Text strong>
                {rollout.packageName} · {rollout.version}
              </Typography.Text>
              <Tag color={ROLLOUT_COLOURS[rollout.state]} data-testid="rollout-state">
                {t(`operation.update.states.${rollout.state}`)}
              </Tag>
              {rollout.halt && <Tag color="warning">{t(`operation.update.halts.${rollout.halt}`)}</Tag>}
              <Typography.Text type="secondary">
                {t('operation.update.groupOf', {
                  group: rollout.currentGroup + 1,
                  groups: rollout.groupSizes.length,
                })}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid="rollout-groups">
                {t('operation.update.groupSizesAre', { sizes: rollout.groupSizes.join(', ') })}
              </Typography.Text>
              <RolloutActions rollout={rollout} />
            </Space>
            <Space wrap data-testid="rollout-counts">
              {ROLLOUT_DEVICE_STAGES.map((s) => (
                <Tag key={s} color={STAGE_COLOURS[s]} data-testid={`count-${s}`}>
                  {t(`operation.update.stages.${s}`)}: {rollout.counts[s]}
                </Tag>
              ))}
            </Space>
          </Flex>
        )}
      </Card>
      <Card size="small">
        <Table<RolloutDeviceRow>
          rowKey="serial"
          size="small"
          data-testid="rollout-devices"
          loading={query.isLoading}
          dataSource={query.data?.devices ?? []}
          pagination={{ defaultPageSize: 50, showSizeChanger: true }}
          scroll={{ x: 900 }}
          columns={[
            { title: t('operation.update.serial'), dataIndex: 'serial' },
            { title: t('operation.update.plant'), dataIndex: 'plantName', ellipsis: true },
            { title: t('operation.update.group'), dataIndex: 'group', render: (g: number) => g + 1 },
            {
              title: t('operation.update.stage'),
              dataIndex: 'stage',
              render: (s: RolloutDeviceStage) => (
                <Tag color={STAGE_COLOURS[s]}>{t(`operation.update.stages.${s}`)}</Tag>
              ),
            },
            {
              title: t('operation.update.percent'),
              dataIndex: 'progress',
              width: 180,
              render: (p: number, r) => (
                <Progress
                  percent={Math.round(p)}
                  size="small"
                  status={r.stage === 'failed' ? 'exception' : undefined}
                />
              ),
            },
            { title: t('operation.update.lastError'), dataIndex: 'lastError', ellipsis: true },
            {
              title: t('operation.update.updatedAt'),
              dataIndex: 'updatedAt',
              render: (v: string | null) => (v ? formatDate(v) : ''),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
