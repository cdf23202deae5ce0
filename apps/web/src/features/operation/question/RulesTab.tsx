import { useState } from 'react';
import { Button, type ButtonProps, Flex, Form, InputNumber, Modal, Select, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ALARM_LEVELS,
  WORK_ORDER_PRIORITIES,
  type WorkOrderRule,
  type WorkOrderRuleInput,
} from '@solarops/contracts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { useReportPlants } from '../report-shared/api.ts';
import { saveFailed } from './saveFailed.ts';
import { useWorkOrderRules, useWorkOrderSettings } from '../work-order-shared/api.ts';
import { PriorityTag } from './tags.tsx';

/** The contract's bounds, so that the dialog refuses what the server would, with a message under the field. */
const CODE_MAX = 65_535;
const MINUTES_MAX = 60 * 24 * 30;

interface RuleFields {
  minLevel: number;
  code: number | null;
  plantId: number;
  minMinutes: number;
  priority: WorkOrderRuleInput['priority'];
}

/** The form's "all plants" choice (a rule without a plant). */
const ALL_PLANTS = 0;

/** Creates a rule (`rule` undefined) or changes one. */
function RuleDialog({ rule, onClose }: { rule: WorkOrderRule | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<RuleFields>();
  const plants = useReportPlants();
  const { saveRule } = useWorkOrderSettings();
  const submit = async () => {
    // A refused field shows its message under it; nothing is sent.
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    const body: WorkOrderRuleInput = {
      minLevel: v.minLevel,
      code: v.code ?? null,
      plantId: v.plantId === ALL_PLANTS ? null : v.plantId,
      minMinutes: v.minMinutes,
      priority: v.priority,
    };
    try {
      await saveRule.mutateAsync({ id: rule?.id, rule: body });
      void message.success(t('common.operationSucceeded'));
      onClose();
    } catch (e) {
      saveFailed(e, form, message);
    }
  };
  const number = (min: number, max: number) => ({
    type: 'integer' as const,
    min,
    max,
    message: t('operation.workOrders.settings.between', { min, max }),
  });
  return (
    <Modal
      open
      title={t(rule ? 'operation.workOrders.settings.editRule' : 'operation.workOrders.settings.addRule')}
      okText={t('operation.workOrders.save')}
      cancelText={t('set.common.cancel')}
      okButtonProps={{ 'data-testid': 'rule-save' } as ButtonProps}
      confirmLoading={saveRule.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RuleFields>
        form={form}
        layout="vertical"
        initialValues={
          rule
            ? { ...rule, plantId: rule.plantId ?? ALL_PLANTS }
            : { minLevel: 3, code: null, plantId: ALL_PLANTS, minMinutes: 30, priority: 'high' }
        }
      >
        <Form.Item
          name="minLevel"
          label={t('operation.workOrders.settings.minLevel')}
          extra={t('operation.workOrders.settings.minLevelHelp')}
          rules={[{ required: true, message: t('set.common.required') }]}
        >
          <Select options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarm.levels.${l}`) }))} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('operation.workOrders.settings.code')}
          extra={t('operation.workOrders.settings.codeHelp')}
          rules={[number(0, CODE_MAX)]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} data-testid="rule-code" />
        </Form.Item>
        <Form.Item name="plantId" label={t('operation.workOrders.settings.plant')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={plants.isLoading}
            options={[
              { value: ALL_PLANTS, label: t('operation.workOrders.settings.allPlants') },
              ...(plants.data ?? []).map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="minMinutes"
          label={t('operation.workOrders.settings.minMinutes')}
          extra={t('operation.workOrders.settings.minMinutesHelp')}
          rules={[{ required: true, message: t('set.common.required') }, number(0, MINUTES_MAX)]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} data-testid="rule-minutes" />
        </Form.Item>
        <Form.Item
          name="priority"
          label={t('operation.workOrders.priority')}
          rules={[{ required: true, message: t('set.common.required') }]}
        >
          <Select
            options={WORK_ORDER_PRIORITIES.map((p) => ({
              value: p,
              label: t(`operation.workOrders.priorities.${p}`),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The rules that open work orders for lasting alarms: everyone with the screen reads them, administrators and staff
 * (`canChange`, as the server checks) add, change and remove them.
 */
export function RulesTab({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const rules = useWorkOrderRules();
  const { deleteRule } = useWorkOrderSettings();
  const [editing, setEditing] = useState<WorkOrderRule | 'new' | null>(null);
  return (
    <Flex vertical gap={12} data-testid="workorder-rules">
      <Typography.Text type="secondary">{t('operation.workOrders.settings.rulesHelp')}</Typography.Text>
      {canChange && (
        <div>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="rule-add"
          >
            {t('operation.workOrders.settings.addRule')}
          </Button>
        </div>
      )}
      <Table<WorkOrderRule>
        rowKey="id"
        size="small"
        loading={rules.isLoading}
        dataSource={rules.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('common.noData') }}
        columns={[
          {
            title: t('operation.workOrders.settings.minLevel'),
            dataIndex: 'minLevel',
            render: (l: number) =>
              t('operation.workOrders.settings.atLeast', { level: t(`alarm.levels.${l}`) }),
          },
          {
            title: t('operation.workOrders.settings.code'),
            dataIndex: 'code',
            render: (c: number | null) => (c === null ? t('operation.workOrders.settings.anyCode') : `#${c}`),
          },
          {
            title: t('operation.workOrders.settings.plant'),
            dataIndex: 'plantName',
            render: (n: string | null) => n ?? t('operation.workOrders.settings.allPlants'),
          },
          {
            title: t('operation.workOrders.settings.minMinutes'),
            dataIndex: 'minMinutes',
            align: 'right',
          },
          {
            title: t('operation.workOrders.priority'),
            dataIndex: 'priority',
            render: (p: WorkOrderRule['priority']) => <PriorityTag priority={p} />,
          },
          ...(canChange
            ? [
                {
                  title: t('common.operation'),
                  key: 'op',
                  render: (_: unknown, r: WorkOrderRule) => (
                    <RowActions
                      onEdit={() => setEditing(r)}
                      editTestId={`rule-edit-${r.id}`}
                      remove={{
                        confirm: t('operation.workOrders.settings.confirmDeleteRule'),
                        onConfirm: () => deleteRule.mutateAsync(r.id),
                        testId: `rule-delete-${r.id}`,
                      }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <RuleDialog rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </Flex>
  );
}
