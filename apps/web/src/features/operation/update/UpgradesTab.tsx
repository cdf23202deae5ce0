import { Progress, Tag } from 'antd';
import type { CommandRow, CommandState } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { useUpgrades } from '../update-shared/api.ts';

/** The spec's three upgrade states (§4): under way, done, failed. */
type UpgradeState = 'upgrading' | 'done' | 'failed';
const stateOf = (s: CommandState): UpgradeState =>
  s === 'applied' ? 'done' : ['queued', 'sent', 'acked'].includes(s) ? 'upgrading' : 'failed';
const COLOURS: Record<UpgradeState, string> = { upgrading: 'processing', done: 'green', failed: 'red' };

interface Progressed {
  stage?: string;
  progress?: number;
}

/** Single-device upgrades of the caller's devices: their state, stage and percentage, read while under way. */
export function UpgradesTab() {
  const { t } = useTranslation();
  // No filters: the pages of the caller's upgrades, newest first, 10 to a page.
  const list = useListState<object>({}, 10);
  const upgrades = useUpgrades(list.page, list.limit);
  return (
    <ListPage<CommandRow, object>
      layout="single"
      list={list}
      query={upgrades}
      table={{
        rowKey: 'id',
        size: 'small',
        'data-testid': 'firmware-upgrades',
        scroll: { x: 1000 },
        columns: [
          { title: t('operation.update.serial'), dataIndex: 'deviceSerial' },
          { title: t('operation.update.plant'), dataIndex: 'plantName', ellipsis: true },
          {
            title: t('operation.update.version'),
            key: 'version',
            render: (_: unknown, r) => (r.params as { version?: string }).version ?? '',
          },
          {
            title: t('operation.update.rolloutState'),
            dataIndex: 'state',
            render: (s: CommandState) => (
              <Tag color={COLOURS[stateOf(s)]}>{t(`operation.update.upgradeStates.${stateOf(s)}`)}</Tag>
            ),
          },
          {
            title: t('operation.update.percent'),
            key: 'progress',
            width: 180,
            render: (_: unknown, r) => (
              <Progress
                percent={Math.round((r.result as Progressed | null)?.progress ?? 0)}
                size="small"
                status={stateOf(r.state) === 'failed' ? 'exception' : undefined}
              />
            ),
          },
          {
            title: t('operation.update.lastError'),
            key: 'error',
            ellipsis: true,
            render: (_: unknown, r) =>
              r.failure ? (r.failure.detail ?? t(`commands.reason.${r.failure.reason}`)) : '',
          },
          { title: t('operation.update.createdBy'), dataIndex: 'createdBy' },
          {
            title: t('operation.update.createdAt'),
            dataIndex: 'createdAt',
            render: (v: string) => formatZoned(v, browserTimeZone()),
          },
        ],
      }}
    />
  );
}
