import { useState } from 'react';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import { COMMAND_STATES, type CommandRow, type PointValues } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { type ListQuery, PagedRows } from '../../../components/list/PagedRows.tsx';
import { usePagedRows } from '../../../components/list/usePagedRows.ts';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { isLanguage } from '../../../i18n/language.ts';
import { commandApi, commandPage, useBatch, useCommandPush, useCommandsById, useProfiles } from './api.ts';
import { describePoint } from './settingsForm.ts';
import { CommandStateTag } from './CommandStateTag.tsx';

/** Commands shown per page of a batch's results. */
const PAGE_SIZE = 50;

/** What a command's results screen follows: a batch, or the commands a single write made. */
export type CommandSelection = { batchId: string } | { ids: string[] };

/** A selection from a results screen's address: `?batchId=` or `?ids=a,b`. */
export function selectionFromParams(params: URLSearchParams): CommandSelection | undefined {
  const batchId = params.get('batchId');
  if (batchId) return { batchId };
  const ids = params.get('ids')?.split(',').filter(Boolean) ?? [];
  return ids.length > 0 ? { ids } : undefined;
}

/** The address query of a selection. */
export const selectionQuery = (s: CommandSelection) =>
  'batchId' in s ? `batchId=${encodeURIComponent(s.batchId)}` : `ids=${s.ids.join(',')}`;

/**
 * Each device's command state, live by server push, with the device's reason on failure and the values before
 * and after. A batch shows its counts by state, its approval (with approve and reject for a second user while
 * it waits) and, when some failed, "retry the failed ones".
 */
export function CommandResults({
  selection,
  onRetryFailed,
}: {
  selection: CommandSelection;
  /** Called with the serials whose command failed or expired; absent: no retry button. */
  onRetryFailed?: (serials: string[]) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  useCommandPush();
  const batchId = 'batchId' in selection ? selection.batchId : undefined;
  const ids = 'ids' in selection ? selection.ids : [];
  const batch = useBatch(batchId);
  const { query: listed, paging } = usePagedRows(
    (page, limit) => commandPage({ batchId }, page, limit, batchId !== undefined),
    { pageSize: PAGE_SIZE },
  );
  const single = useCommandsById(ids);
  // A batch's commands come a page at a time; a single write's few are all on one.
  const shown: ListQuery<CommandRow> = batchId
    ? listed
    : {
        data: single.data && { rows: single.data, total: single.data.length },
        isLoading: single.isLoading,
        isFetching: single.isFetching,
        error: single.error,
        refetch: single.refetch,
      };
  const rows = shown.data?.rows ?? [];
  const [deciding, setDeciding] = useState(false);
  const counts = batch.data?.counts;
  const failedCount = batchId
    ? (counts?.failed ?? 0) + (counts?.expired ?? 0)
    : rows.filter((r) => r.state === 'failed' || r.state === 'expired').length;

  const decide = async (approve: boolean) => {
    if (!batchId) return;
    setDeciding(true);
    try {
      await commandApi.decide(batchId, approve);
      void message.success(t(approve ? 'commands.results.approved' : 'commands.results.rejected'));
      await batch.refetch();
      await listed.refetch();
    } catch (e) {
      // The request module has shown the server's reason (e.g. the author cannot approve its own batch).
      void errorMessage(e);
    } finally {
      setDeciding(false);
    }
  };

  const retry = async () => {
    if (!onRetryFailed) return;
    // A batch's failures may span pages: fetch them all (pages of 200, the API's largest).
    const serials = batchId
      ? await failedSerialsOf(batchId)
      : rows.filter((r) => r.state === 'failed' || r.state === 'expired').map((r) => r.deviceSerial);
    onRetryFailed(serials);
  };

  return (
    <div data-testid="command-results">
      {batch.data && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('commands.results.devices')}>
            {batch.data.deviceCount}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.results.by')}>{batch.data.createdBy}</Descriptions.Item>
          <Descriptions.Item label={t('commands.results.at')}>
            {formatZoned(batch.data.createdAt, browserTimeZone())}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.results.counts')} span={3}>
            <Space wrap data-testid="batch-counts">
              {COMMAND_STATES.filter((s) => (counts?.[s] ?? 0) > 0).map((s) => (
                <Tag key={s} data-state={s}>
                  {t(`commands.state.${s}`)} {counts?.[s]}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
          {batch.data.approvedBy && (
            <Descriptions.Item label={t('commands.results.approvedBy')}>
              {batch.data.approvedBy}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {batch.data?.awaitingApproval && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="awaiting-approval"
          title={t('commands.results.awaitingApproval', { count: batch.data.deviceCount })}
          description={t('commands.results.awaitingApprovalHelp')}
          action={
            <Space orientation="vertical">
              <Button type="primary" size="small" loading={deciding} onClick={() => void decide(true)}>
                {t('commands.results.approve')}
              </Button>
              <Button danger size="small" loading={deciding} onClick={() => void decide(false)}>
                {t('commands.results.reject')}
              </Button>
            </Space>
          }
        />
      )}
      {onRetryFailed && failedCount > 0 && (
        <Button danger style={{ marginBottom: 12 }} data-testid="retry-failed" onClick={() => void retry()}>
          {t('commands.results.retryFailed', { count: failedCount })}
        </Button>
      )}
      <PagedRows<CommandRow>
        query={shown}
        paging={batchId ? paging : undefined}
        states="table"
        size="small"
        table={{
          rowKey: 'id',
          'data-testid': 'command-table',
          columns: [
            { title: t('commands.results.device'), dataIndex: 'deviceSerial' },
            { title: t('commands.results.model'), dataIndex: 'deviceModel' },
            { title: t('commands.results.plant'), dataIndex: 'plantName' },
            {
              title: t('commands.results.state'),
              dataIndex: 'state',
              render: (_, r) => <CommandStateTag state={r.state} failure={r.failure} />,
            },
            {
              title: t('commands.results.values'),
              key: 'values',
              render: (_, r) => (
                <ValueChange profileId={r.profileId} before={r.oldValues} after={r.newValues} />
              ),
            },
            {
              title: t('commands.results.finishedAt'),
              dataIndex: 'finishedAt',
              render: (v: string | null) => formatZoned(v, browserTimeZone()),
            },
          ],
        }}
      />
    </div>
  );
}

/** Old → new value of each point a command wrote (or read), by the point's label and unit. */
function ValueChange({
  profileId,
  before,
  after,
}: {
  profileId: string | null;
  before: PointValues | null;
  after: PointValues | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const profiles = useProfiles().data ?? [];
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (names.length === 0) return null;
  const shown = (name: string, v: number | undefined) =>
    describePoint(profiles, name, v, lang, t, profileId).value;
  return (
    <Typography.Text style={{ fontSize: 12 }}>
      {names
        .slice(0, 6)
        .map(
          (n) =>
            `${describePoint(profiles, n, undefined, lang, t, profileId).label}: ${shown(n, before?.[n])} → ${shown(n, after?.[n])}`,
        )
        .join('; ')}
      {names.length > 6 ? ' …' : ''}
    </Typography.Text>
  );
}

async function failedSerialsOf(batchId: string): Promise<string[]> {
  const serials: string[] = [];
  for (const state of ['failed', 'expired'] as const) {
    for (let pageStart = 1; ; pageStart += 1) {
      const { rows, total } = await commandApi.list({ batchId, state }, pageStart, 200);
      serials.push(...rows.map((r) => r.deviceSerial));
      if (pageStart * 200 >= total) break;
    }
  }
  return serials;
}
