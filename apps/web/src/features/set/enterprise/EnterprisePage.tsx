import { useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import type { EnterpriseRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { useAccountMutations } from '../set-shared/accountApi.ts';
import { type EnterpriseStatus, useEnterpriseAudit, useEnterprises } from './api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

const STATUS_COLOR: Record<EnterpriseStatus, string> = {
  pending: 'processing',
  active: 'success',
  refused: 'error',
};

/** The audit dialog: approve or refuse a pending registration, with notes. */
function AuditDialog({ row, onClose }: { row: EnterpriseRow; onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [notes, setNotes] = useState('');
  const audit = useEnterpriseAudit();
  const decide = async (approve: boolean) => {
    await audit.mutateAsync({ userId: row.userId, approve, notes });
    void message.success(t(approve ? 'set.enterprise.approved' : 'set.enterprise.refused'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('set.enterprise.auditTitle')}
      onCancel={onClose}
      data-testid="audit-dialog"
      footer={
        <Space>
          <Button onClick={onClose}>{t('set.common.cancel')}</Button>
          <Popconfirm
            title={t('set.enterprise.confirmRefuse')}
            okText={t('set.common.ok')}
            cancelText={t('set.common.cancel')}
            onConfirm={() => decide(false).catch(() => undefined)}
          >
            <Button danger loading={audit.isPending} data-testid="audit-refuse">
              {t('set.enterprise.refuse')}
            </Button>
          </Popconfirm>
          <Button
            type="primary"
            loading={audit.isPending}
            onClick={() => void decide(true).catch(() => undefined)}
            data-testid="audit-approve"
          >
            {t('set.enterprise.approve')}
          </Button>
        </Space>
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('set.enterprise.companyName')}>{row.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('set.enterprise.creditCode')}>{row.creditCode}</Descriptions.Item>
        <Descriptions.Item label={t('set.enterprise.contactName')}>{row.contactName}</Descriptions.Item>
        <Descriptions.Item label={t('set.accounts.userCode')}>{row.userCode}</Descriptions.Item>
        <Descriptions.Item label={t('set.accounts.email')}>{row.email}</Descriptions.Item>
        <Descriptions.Item label={t('set.accounts.phone')}>{row.phone}</Descriptions.Item>
        <Descriptions.Item label={t('set.enterprise.appliedAt')}>
          {formatDate(row.appliedAt)}
        </Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label={t('set.enterprise.notes')}>
          <Input.TextArea
            rows={3}
            maxLength={500}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            data-testid="audit-notes"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `enterprise`: registrations (pending, active, refused), their audit, and the accounts once active. */
export function EnterprisePage() {
  const { t } = useTranslation();
  const message = useMessage();
  const list = useListState<{ status?: EnterpriseStatus }>({});
  const [auditing, setAuditing] = useState<EnterpriseRow | null>(null);
  const query = useEnterprises(list.filters.status, list.page, list.limit);
  const { setEnabled, resetPassword } = useAccountMutations();
  const after = (p: Promise<unknown>) =>
    p.then(
      () => {
        void message.success(t('common.operationSucceeded'));
        void query.refetch();
      },
      () => undefined,
    );

  return (
    <ListPage<EnterpriseRow, { status?: EnterpriseStatus }>
      layout="single"
      testId="page-enterprise"
      list={list}
      query={query}
      search={
        <SearchForm<{ status?: EnterpriseStatus }> onSearch={list.search}>
          <Form.Item name="status" label={t('set.enterprise.status')}>
            <Select
              allowClear
              style={{ width: 160 }}
              data-testid="enterprise-status"
              options={(['pending', 'active', 'refused'] as const).map((s) => ({
                value: s,
                label: t(`set.enterprise.statuses.${s}`),
              }))}
            />
          </Form.Item>
        </SearchForm>
      }
      table={{
        rowKey: 'userId',
        scroll: { x: 1200 },
        columns: [
          { title: t('set.enterprise.companyName'), dataIndex: 'companyName', width: 180 },
          { title: t('set.accounts.userCode'), dataIndex: 'userCode', width: 140 },
          { title: t('set.enterprise.contactName'), dataIndex: 'contactName', width: 110 },
          { title: t('set.accounts.email'), dataIndex: 'email', width: 190 },
          {
            title: t('set.enterprise.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: EnterpriseStatus, r) => (
              <Space size={4}>
                <Tag color={STATUS_COLOR[s]}>{t(`set.enterprise.statuses.${s}`)}</Tag>
                {s === 'active' && !r.enabled && <Tag>{t('set.accounts.disabled')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('set.enterprise.appliedAt'),
            dataIndex: 'appliedAt',
            width: 170,
            render: (v: string) => formatDate(v),
          },
          { title: t('set.enterprise.notes'), dataIndex: 'auditNotes', width: 160, ellipsis: true },
          { title: t('set.enterprise.examiner'), dataIndex: 'examiner', width: 110 },
          {
            title: t('set.enterprise.auditedAt'),
            dataIndex: 'auditedAt',
            width: 170,
            render: (v: string | null) => (v ? formatDate(v) : ''),
          },
          {
            title: t('common.operation'),
            key: 'op',
            fixed: 'right',
            width: 200,
            render: (_: unknown, r) =>
              r.status === 'pending' ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setAuditing(r)}
                  data-testid={`audit-${r.userCode}`}
                >
                  {t('set.enterprise.audit')}
                </Button>
              ) : r.status === 'active' ? (
                <Space size={4}>
                  <Popconfirm
                    title={t(r.enabled ? 'set.accounts.confirmDisable' : 'set.accounts.confirmEnable', {
                      userCode: r.userCode,
                    })}
                    okText={t('set.common.ok')}
                    cancelText={t('set.common.cancel')}
                    onConfirm={() =>
                      after(setEnabled.mutateAsync({ userCode: r.userCode, enabled: !r.enabled }))
                    }
                  >
                    <Button type="link" size="small" danger={r.enabled}>
                      {t(r.enabled ? 'set.accounts.disable' : 'set.accounts.enable')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t('set.accounts.confirmReset', { userCode: r.userCode })}
                    okText={t('set.common.ok')}
                    cancelText={t('set.common.cancel')}
                    onConfirm={() => after(resetPassword.mutateAsync(r.userCode))}
                  >
                    <Button type="link" size="small">
                      {t('set.accounts.resetPassword')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ],
      }}
    >
      {auditing && <AuditDialog row={auditing} onClose={() => setAuditing(null)} />}
    </ListPage>
  );
}
