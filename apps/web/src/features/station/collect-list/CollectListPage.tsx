import '../station-shared/station.css';
import { Button, Card, Table, Tag } from 'antd';
import type { FollowRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useFollowMutations, useFollows } from '../station-shared/api.ts';
import { pathOf } from '../../../router/paths.ts';

/** `collectList`: the user's followed plants and collectors, opened or removed from here. */
export function CollectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const follows = useFollows();
  const { unfollow } = useFollowMutations();
  const rows = follows.data ?? [];
  return (
    <div className="app-container station-page">
      <Card title={<span data-testid="page-title">{t('menu.collectList')}</span>}>
        <QueryState
          isLoading={follows.isLoading}
          error={follows.error}
          isEmpty={rows.length === 0}
          onRetry={() => void follows.refetch()}
          emptyText={t('station.follow.empty')}
        >
          <Table<FollowRow>
            rowKey={(r) => `${r.kind}:${r.target}`}
            size="middle"
            pagination={false}
            dataSource={rows}
            data-testid="follow-table"
            columns={[
              {
                title: t('station.follow.kind'),
                dataIndex: 'kind',
                render: (k: FollowRow['kind']) => <Tag>{t(`station.follow.${k}`)}</Tag>,
              },
              {
                title: t('station.follow.target'),
                key: 'target',
                render: (_: unknown, r) =>
                  r.kind === 'plant' ? (
                    <a onClick={() => void navigate(pathOf('details', { id: r.target }))}>
                      {r.name ?? r.target}
                    </a>
                  ) : (
                    <a onClick={() => void navigate(pathOf('dialogcollectinfor', { sn: r.target }))}>
                      {r.target}
                    </a>
                  ),
              },
              { title: t('station.device.plant'), dataIndex: 'name' },
              {
                title: t('station.device.status'),
                dataIndex: 'online',
                render: (v: boolean) => (
                  <Tag color={v ? 'success' : 'default'}>
                    {t(v ? 'station.status.online' : 'station.status.offline')}
                  </Tag>
                ),
              },
              {
                title: t('station.follow.since'),
                dataIndex: 'followedAt',
                render: (v: string) => formatZoned(v, browserTimeZone()),
              },
              {
                title: t('common.operation'),
                key: 'op',
                render: (_: unknown, r) => (
                  <Button
                    size="small"
                    danger
                    onClick={() => unfollow.mutate({ kind: r.kind, target: r.target })}
                  >
                    {t('station.follow.remove')}
                  </Button>
                ),
              },
            ]}
          />
        </QueryState>
      </Card>
    </div>
  );
}
