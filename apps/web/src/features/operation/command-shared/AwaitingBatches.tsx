import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import { COMMAND_CALLS, type AwaitingBatch, type SettingsProfile } from '@solarops/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../api/callEndpoint.ts';
import { errorMessage } from '../../../api/request.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { isLanguage, type Language } from '../../../i18n/language.ts';
import { commandApi, useProfiles } from './api.ts';
import { describePoint } from './settingsForm.ts';

/** Batches are created without a push (nothing is sent yet): the list is asked again this often [ms]. */
const AWAITING_POLL_MS = 15_000;

/** What a batch asks for, as the user reads it: "label → value" pairs, or the schedule's id. */
function paramsSummary(
  params: unknown,
  profiles: readonly SettingsProfile[],
  lang: Language,
  t: (key: string) => string,
): string {
  const p = (params ?? {}) as { values?: Record<string, number>; schedule?: { dispatchId?: string } };
  if (p.values)
    return Object.entries(p.values)
      .map(([name, v]) => {
        const d = describePoint(profiles, name, v, lang, t);
        return `${d.label} → ${d.value}`;
      })
      .join('; ');
  return p.schedule?.dispatchId ?? '';
}

/**
 * The batches of more than 50 devices in the caller's scope waiting for a second user's approval. Another user
 * than the author, holding the batch's screen, approves (its time-to-live starts then) or rejects it here; the
 * author sees it waiting. Shown only while there is something waiting (or the list failed to load).
 */
export function AwaitingBatches() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const profiles = useProfiles().data ?? [];
  const message = useMessage();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['commands', 'batch', 'awaiting'],
    queryFn: () => callEndpoint(COMMAND_CALLS.awaitingBatches),
    refetchInterval: AWAITING_POLL_MS,
  });
  const [deciding, setDeciding] = useState<string>();

  const decide = async (batchId: string, approve: boolean) => {
    setDeciding(batchId);
    try {
      await commandApi.decide(batchId, approve);
      void message.success(t(approve ? 'commands.results.approved' : 'commands.results.rejected'));
      await client.invalidateQueries({ queryKey: ['commands'] });
    } catch (e) {
      // The request module has shown the server's reason (e.g. another user decided first).
      void errorMessage(e);
    } finally {
      setDeciding(undefined);
    }
  };

  if (query.error)
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="awaiting-batches-error"
        title={t('commands.awaiting.loadFailed')}
        description={errorMessage(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  const batches = query.data ?? [];
  if (batches.length === 0) return null;
  return (
    <Card title={t('commands.awaiting.title', { count: batches.length })} style={{ marginBottom: 12 }}>
      <Table<AwaitingBatch>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={batches}
        data-testid="awaiting-batches"
        columns={[
          { title: t('commands.results.at'), dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
          { title: t('commands.results.by'), dataIndex: 'createdBy' },
          { title: t('commands.results.devices'), dataIndex: 'deviceCount' },
          {
            title: t('commands.awaiting.change'),
            dataIndex: 'params',
            render: (p: unknown) => (
              <Typography.Text code>{paramsSummary(p, profiles, lang, t)}</Typography.Text>
            ),
          },
          {
            title: '',
            key: 'decide',
            render: (_, b) =>
              b.canDecide ? (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    loading={deciding === b.id}
                    onClick={() => void decide(b.id, true)}
                  >
                    {t('commands.results.approve')}
                  </Button>
                  <Button
                    danger
                    size="small"
                    loading={deciding === b.id}
                    onClick={() => void decide(b.id, false)}
                  >
                    {t('commands.results.reject')}
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">
                  {t(b.partialView ? 'commands.awaiting.partialView' : 'commands.awaiting.otherUser')}
                </Typography.Text>
              ),
          },
        ]}
      />
    </Card>
  );
}
