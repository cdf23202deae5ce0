import { useMemo, useState } from 'react';
import { Button, Card, Col, Form, Input, Modal, Row, Space, Table, Tag, Tree, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { nameSchema } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';
import { zodRule } from '../../../components/zodRule.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { type RoleDetail, useRoleMutations, useRoles } from '../set-shared/roleApi.ts';
import { menuTreeNodes, routeNamesOf, type MenuTreeNode } from '../../../components/menuTree.ts';
import '../../../components/menuTree.css';
import '../set-shared/set.css';
import { useMessage } from '../../../components/MessageProvider.tsx';

interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

interface RoleForm {
  name: string;
  description: string;
}

/** Create a staff role, or rename and describe an existing one. */
function RoleDialog({ role, onClose }: { role?: RoleDetail; onClose(created?: RoleDetail): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<RoleForm>();
  const { add, update } = useRoleMutations();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      if (role) {
        await update.mutateAsync({ roleId: role.roleId, name: v.name, description: v.description ?? '' });
        onClose();
      } else {
        onClose(await add.mutateAsync({ name: v.name, description: v.description ?? '', menuList: [] }));
      }
      void message.success(t('common.operationSucceeded'));
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) form.setFields([{ name: 'name', errors: [e.message] }]);
      else void message.error(errorMessage(e));
    }
  };
  return (
    <Modal
      open
      title={t(role ? 'set.roles.editTitle' : 'set.roles.createTitle')}
      okText={t('set.common.save')}
      cancelText={t('set.common.cancel')}
      onOk={() => void submit()}
      onCancel={() => onClose()}
      confirmLoading={add.isPending || update.isPending}
      data-testid="role-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: role?.name ?? '', description: role?.description ?? '' }}
      >
        <Form.Item
          name="name"
          label={t('set.roles.name')}
          rules={[
            { required: true, message: t('set.common.required') },
            zodRule(nameSchema, t, 'set.accounts.nameRule'),
          ]}
        >
          <Input data-testid="role-name" />
        </Form.Item>
        <Form.Item name="description" label={t('set.roles.description')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={3} data-testid="role-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * `permissions`: the roles and, for the selected one, its menu permissions as a tree of the spec's menu groups and
 * route names. The server checks the same list on its next call; the console at the user's next navigation.
 */
export function PermissionsPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const roles = useRoles();
  const { update } = useRoleMutations();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<{ role?: RoleDetail } | null>(null);
  const list = roles.data ?? [];
  const selected = list.find((r) => r.roleId === selectedId) ?? list[0];
  const current = checked ?? selected?.menuList ?? [];
  const translate = (nodes: MenuTreeNode[]): TreeNode[] =>
    nodes.map((n) => ({
      key: n.key,
      title: t(n.title),
      ...(n.children ? { children: translate(n.children) } : {}),
    }));
  const treeData = useMemo(() => translate(menuTreeNodes()), [t]); // eslint-disable-line react-hooks/exhaustive-deps
  // Administrators always hold every permission (the server lets them through whatever the list says).
  const locked = selected?.roleId === 1;

  const select = (r: RoleDetail) => {
    setSelectedId(r.roleId);
    setChecked(null);
  };
  const save = async () => {
    if (!selected) return;
    try {
      await update.mutateAsync({ roleId: selected.roleId, menuList: routeNamesOf(current) });
      setChecked(null);
      void message.success(t('set.roles.saved'));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  return (
    <div className="app-container set-page" data-testid="page-permissions">
      <Row gutter={16}>
        <Col xs={24} lg={11}>
          <Card
            title={t('set.roles.title')}
            extra={
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({})}
                data-testid="role-create"
              >
                {t('set.roles.create')}
              </Button>
            }
          >
            <QueryState
              look="spinner"
              isLoading={roles.isLoading}
              error={roles.error}
              isEmpty={list.length === 0}
              onRetry={() => void roles.refetch()}
            >
              <Table<RoleDetail>
                rowKey="roleId"
                size="middle"
                pagination={false}
                dataSource={list}
                rowClassName={(r) => (r.roleId === selected?.roleId ? 'ant-table-row-selected' : '')}
                onRow={(r) => ({ onClick: () => select(r), 'data-testid': `role-row-${r.name}` }) as object}
                columns={[
                  { title: t('set.roles.name'), dataIndex: 'name', width: 130 },
                  { title: t('set.roles.description'), dataIndex: 'description', ellipsis: true },
                  {
                    title: t('set.roles.kind'),
                    dataIndex: 'builtin',
                    width: 90,
                    render: (b: boolean) => <Tag>{t(b ? 'set.roles.builtin' : 'set.roles.custom')}</Tag>,
                  },
                  {
                    title: t('common.operation'),
                    key: 'op',
                    // Wide enough for "Operation" on one line in English.
                    width: 100,
                    render: (_: unknown, r) => (
                      <Button
                        type="link"
                        size="small"
                        onClick={(e) => {
                          e.stopPropagation();
                          setDialog({ role: r });
                        }}
                      >
                        {t('set.common.edit')}
                      </Button>
                    ),
                  },
                ]}
              />
            </QueryState>
          </Card>
        </Col>
        <Col xs={24} lg={13}>
          <Card
            title={
              <Space>
                {t('set.roles.menuPermissions')}
                {selected && <Typography.Text type="secondary">{selected.name}</Typography.Text>}
              </Space>
            }
            extra={
              <Space>
                <Button onClick={() => setChecked(null)} disabled={checked === null}>
                  {t('set.common.reset')}
                </Button>
                <Button
                  type="primary"
                  onClick={() => void save()}
                  loading={update.isPending}
                  disabled={!selected || locked || checked === null}
                  data-testid="role-save-menu"
                >
                  {t('set.common.save')}
                </Button>
              </Space>
            }
          >
            {locked && (
              <Typography.Paragraph type="secondary">{t('set.roles.adminAll')}</Typography.Paragraph>
            )}
            {selected && (
              <div className="role-tree" data-testid="role-tree">
                <Tree
                  checkable
                  defaultExpandAll
                  disabled={locked}
                  selectable={false}
                  treeData={treeData}
                  checkedKeys={current}
                  onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
                  titleRender={(n) => <span data-testid={`perm-${String(n.key)}`}>{String(n.title)}</span>}
                />
              </div>
            )}
          </Card>
        </Col>
      </Row>
      {dialog && (
        <RoleDialog
          role={dialog.role}
          onClose={(created) => {
            setDialog(null);
            if (created) select(created);
          }}
        />
      )}
    </div>
  );
}
