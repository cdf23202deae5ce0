import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { endpointPath, USER_CALLS, type UserRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { AccountFormDialog } from './AccountFormDialog.tsx';
import {
  type AccountFilters,
  useAccountMutations,
  useAccounts,
  useChildRoles,
} from '../set-shared/accountApi.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

export interface AccountListProps {
  /** Route name of the screen: names the test ids and the title. */
  screen: string;
  /** Roles listed (undefined: every role below the caller). */
  roleIds?: readonly number[];
  /** Only disabled accounts, each with a restore action (the `accountback` screen). */
  disabledOnly?: boolean;
  /** Accounts of this screen may be created here. */
  canCreate?: boolean;
  /** Offer a role change (staff roles). */
  canBindRole?: boolean;
}

/**
 * One list of accounts (spec §2 /set: distributors, installers, end users, staff, disabled accounts): search and
 * reset, create, export, edit, enable or disable, password reset by mail and role binding, each confirmed first.
 */
export function AccountListPage({
  screen,
  roleIds,
  disabledOnly,
  canCreate = true,
  canBindRole,
}: AccountListProps) {
  const { t } = useTranslation();
  const message = useMessage();
  // The disabled-accounts screen lists disabled and deleted accounts whatever the search says.
  const scope = (f: AccountFilters): AccountFilters =>
    disabledOnly ? { ...f, enabled: 'false', withDeleted: 'true' } : f;
  const list = useListState<AccountFilters>(scope({}));
  const [editing, setEditing] = useState<{ account?: UserRow } | null>(null);
  const query = useAccounts(roleIds, list.filters, list.page, list.limit);
  const { setEnabled, resetPassword, bindRole, remove } = useAccountMutations();
  const childRoles = useChildRoles();
  const rows = query.data?.rows ?? [];

  const run = async (work: Promise<unknown>, success = t('common.operationSucceeded')) => {
    try {
      await work;
      void message.success(success);
    } catch (e) {
      // The request module has shown the server's message already.
      void errorMessage(e);
    }
  };

  return (
    <ListPage<UserRow, AccountFilters>
      layout="single"
      testId={`page-${screen}`}
      list={list}
      query={query}
      search={
        <SearchForm<AccountFilters> onSearch={(f) => list.search(scope(f))}>
          <Form.Item name="userCode" label={t('set.accounts.userCode')}>
            <Input allowClear data-testid="search-userCode" />
          </Form.Item>
          <Form.Item name="email" label={t('set.accounts.email')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="phone" label={t('set.accounts.phone')}>
            <Input allowClear />
          </Form.Item>
          {!disabledOnly && (
            <Form.Item name="enabled" label={t('set.accounts.state')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 'true', label: t('set.accounts.enabled') },
                  { value: 'false', label: t('set.accounts.disabled') },
                ]}
              />
            </Form.Item>
          )}
        </SearchForm>
      }
      toolbar={
        <Space>
          {canCreate && !disabledOnly && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({})}
              data-testid="account-create"
            >
              {t('set.accounts.create')}
            </Button>
          )}
          {/* The list as it is filtered, every page of it, as a workbook. */}
          <ExportButton
            path={endpointPath(USER_CALLS.export, {})}
            params={{ ...list.filters, roleIds: roleIds?.join(',') }}
            fileName={`accounts-${screen}.xlsx`}
            disabled={rows.length === 0}
            testId="account-export"
          />
        </Space>
      }
      table={{
        rowKey: 'userId',
        size: 'middle',
        scroll: { x: 1100 },
        columns: [
          { title: t('set.accounts.userCode'), dataIndex: 'userCode', width: 150 },
          { title: t('set.accounts.name'), dataIndex: 'name', width: 140 },
          { title: t('set.accounts.role'), dataIndex: 'roleName', width: 120 },
          { title: t('set.accounts.email'), dataIndex: 'email', width: 200 },
          { title: t('set.accounts.phone'), dataIndex: 'phone', width: 130 },
          { title: t('set.accounts.dealercode'), dataIndex: 'dealercode', width: 120 },
          { title: t('set.accounts.parent'), dataIndex: 'parentUserCode', width: 120 },
          {
            title: t('set.accounts.state'),
            dataIndex: 'enabled',
            width: 90,
            render: (enabled: boolean, r) =>
              r.deleted ? (
                <Tag color="error">{t('set.accounts.deleted')}</Tag>
              ) : (
                <Tag color={enabled ? 'success' : 'default'}>
                  {t(enabled ? 'set.accounts.enabled' : 'set.accounts.disabled')}
                </Tag>
              ),
          },
          {
            title: t('set.accounts.createdAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (v: string) => formatDate(v),
          },
          {
            title: t('common.operation'),
            key: 'actions',
            fixed: 'right',
            width: canBindRole ? 380 : 290,
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                {!disabledOnly && (
                  <Button type="link" size="small" onClick={() => setEditing({ account: r })}>
                    {t('set.common.edit')}
                  </Button>
                )}
                <Popconfirm
                  title={t(r.enabled ? 'set.accounts.confirmDisable' : 'set.accounts.confirmEnable', {
                    userCode: r.userCode,
                  })}
                  okText={t('set.common.ok')}
                  cancelText={t('set.common.cancel')}
                  onConfirm={() => run(setEnabled.mutateAsync({ userCode: r.userCode, enabled: !r.enabled }))}
                >
                  <Button type="link" size="small" danger={r.enabled} data-testid={`toggle-${r.userCode}`}>
                    {t(
                      r.enabled
                        ? 'set.accounts.disable'
                        : disabledOnly
                          ? 'set.accounts.restore'
                          : 'set.accounts.enable',
                    )}
                  </Button>
                </Popconfirm>
                {!disabledOnly && (
                  <Popconfirm
                    title={t('set.accounts.confirmReset', { userCode: r.userCode })}
                    okText={t('set.common.ok')}
                    cancelText={t('set.common.cancel')}
                    onConfirm={() => run(resetPassword.mutateAsync(r.userCode), t('set.accounts.resetSent'))}
                  >
                    <Button type="link" size="small">
                      {t('set.accounts.resetPassword')}
                    </Button>
                  </Popconfirm>
                )}
                {!disabledOnly && (
                  <Popconfirm
                    title={t('set.accounts.confirmDelete', { userCode: r.userCode })}
                    okText={t('set.common.ok')}
                    cancelText={t('set.common.cancel')}
                    onConfirm={() => run(remove.mutateAsync(r.userCode))}
                  >
                    <Button type="link" size="small" danger>
                      {t('set.common.delete')}
                    </Button>
                  </Popconfirm>
                )}
                {canBindRole && !disabledOnly && (
                  <Select
                    size="small"
                    style={{ width: 120 }}
                    value={r.roleId}
                    aria-label={t('set.accounts.bindRole')}
                    data-testid={`bind-role-${r.userCode}`}
                    options={(childRoles.data ?? [])
                      .filter((c) => roleIds?.includes(c.roleId) ?? true)
                      .map((c) => ({ value: c.roleId, label: c.name }))}
                    onChange={(roleId: number) =>
                      void run(bindRole.mutateAsync({ userId: r.userId, roleId }))
                    }
                  />
                )}
              </Space>
            ),
          },
        ],
      }}
    >
      {editing && (
        <AccountFormDialog
          account={editing.account}
          roleIds={roleIds ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </ListPage>
  );
}
