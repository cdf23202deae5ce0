import { useState } from 'react';
import { type ButtonProps, Flex, Form, InputNumber, Modal, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SlaTarget, SlaTargetRow } from '@solarops/contracts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { saveFailed } from './saveFailed.ts';
import { useSlaTargets, useWorkOrderSettings } from '../work-order-shared/api.ts';
import { PriorityTag } from './tags.tsx';

/** The contract's bounds in hours (it keeps minutes: 15 minutes to 60 days). */
const HOURS_MIN = 0.25;
const HOURS_MAX = 24 * 60;

interface SlaFields {
  hours: number;
  businessHours: boolean;
}

/** Changes one priority's target, entered in hours (quarter hours allowed). */
function SlaDialog({ target, onClose }: { target: SlaTargetRow; onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<SlaFields>();
  const { saveSla } = useWorkOrderSettings();
  const submit = async () => {
    // A refused field shows its message under it; nothing is sent.
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    const body: SlaTarget = {
      priority: target.priority,
      targetMinutes: Math.round(v.hours * 60),
      businessHours: v.businessHours,
    };
    try {
      await saveSla.mutateAsync(body);
      void message.success(t('common.operationSucceeded'));
      onClose();
    } catch (e) {
      saveFailed(e, form, message);
    }
  };
  return (
    <Modal
      open
      title={t('operation.workOrders.settings.editSla', {
        priority: t(`operation.workOrders.priorities.${target.priority}`),
      })}
      okText={t('operation.workOrders.save')}
      cancelText={t('set.common.cancel')}
      okButtonProps={{ 'data-testid': 'sla-save' } as ButtonProps}
      confirmLoading={saveSla.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<SlaFields>
        form={form}
        layout="vertical"
        initialValues={{ hours: target.targetMinutes / 60, businessHours: target.businessHours }}
      >
        <Form.Item
          name="hours"
          label={t('operation.workOrders.settings.targetHours')}
          rules={[
            { required: true, message: t('set.common.required') },
            {
              type: 'number',
              min: HOURS_MIN,
              max: HOURS_MAX,
              message: t('operation.workOrders.settings.between', { min: HOURS_MIN, max: HOURS_MAX }),
            },
            {
              // The server counts whole minutes; a quarter-hour grid keeps the figure readable.
              validator: (_, h: number | null) =>
                h === null || h === undefined || Number.isInteger(h * 4)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('operation.workOrders.settings.quarterHours'))),
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} step={0.25} data-testid="sla-hours" />
        </Form.Item>
        <Form.Item
          name="businessHours"
          label={t('operation.workOrders.settings.counting')}
          valuePropName="checked"
          extra={t('operation.workOrders.settings.businessHoursHelp')}
        >
          <Switch
            checkedChildren={t('operation.workOrders.settings.businessHoursShort')}
            unCheckedChildren={t('operation.workOrders.settings.roundTheClock')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The resolution targets by priority: everyone with the screen reads them; administrators and staff (`canChange`)
 * change one or put it back on its built-in default.
 */
export function SlaTab({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const targets = useSlaTargets();
  const { resetSla } = useWorkOrderSettings();
  const [editing, setEditing] = useState<SlaTargetRow | null>(null);
  return (
    <Flex vertical gap={12} data-testid="workorder-sla">
      <Typography.Text type="secondary">{t('operation.workOrders.settings.slaHelp')}</Typography.Text>
      <Table<SlaTargetRow>
        rowKey="priority"
        size="small"
        loading={targets.isLoading}
        dataSource={targets.data ?? []}
        pagination={false}
        scroll={{ x: 600 }}
        columns={[
          {
            title: t('operation.workOrders.priority'),
            dataIndex: 'priority',
            render: (p: SlaTarget['priority']) => <PriorityTag priority={p} />,
          },
          {
            title: t('operation.workOrders.settings.targetHours'),
            dataIndex: 'targetMinutes',
            align: 'right',
            render: (m: number) => (m / 60).toFixed(2).replace(/\.?0+$/, ''),
          },
          {
            title: t('operation.workOrders.settings.counting'),
            dataIndex: 'businessHours',
            render: (b: boolean) =>
              t(
                b
                  ? 'operation.workOrders.settings.businessHoursShort'
                  : 'operation.workOrders.settings.roundTheClock',
              ),
          },
          {
            title: t('operation.workOrders.settings.source'),
            dataIndex: 'custom',
            render: (c: boolean) =>
              c ? (
                <Tag color="blue">{t('operation.workOrders.settings.custom')}</Tag>
              ) : (
                <Tag>{t('operation.workOrders.settings.default')}</Tag>
              ),
          },
          ...(canChange
            ? [
                {
                  title: t('common.operation'),
                  key: 'op',
                  render: (_: unknown, r: SlaTargetRow) => (
                    <RowActions
                      onEdit={() => setEditing(r)}
                      editTestId={`sla-edit-${r.priority}`}
                      remove={
                        r.custom
                          ? {
                              confirm: t('operation.workOrders.settings.confirmReset'),
                              onConfirm: () => resetSla.mutateAsync(r.priority),
                              label: t('operation.workOrders.settings.reset'),
                              testId: `sla-reset-${r.priority}`,
                            }
                          : undefined
                      }
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <SlaDialog target={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
