import { Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import {
  INSTALL_WINDOWS,
  ROLLOUT_LIMITS,
  type FirmwarePackageRow,
  type InstallWindow,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlantOptions, useRolloutMutations } from '../update-shared/api.ts';
import { NumberWithUnit } from '../../../components/NumberWithUnit.tsx';
import { pathOf } from '../../../router/paths.ts';

interface Values {
  plantIds: number[];
  byModel: boolean;
  groupsBy: 'percent' | 'count';
  groupSizes: string;
  successPct: number;
  errorPct: number;
  minFinished: number;
  ratePerMinute?: number | null;
  installWindow: InstallWindow;
}

/** "10, 30, 60" → [10, 30, 60]; undefined when a part is not a whole number above zero. */
export function parseGroupSizes(text: string): number[] | undefined {
  const parts = text.split(/[,，\s]+/).filter(Boolean);
  const sizes = parts.map(Number);
  return sizes.length > 0 && sizes.every((n) => Number.isInteger(n) && n > 0) ? sizes : undefined;
}

/**
 * Rolls a package out: to plants or every device of its models in the caller's scope, in groups, with the
 * thresholds, rate limit and maintenance window; on success the progress screen (`scheduleList`) opens.
 */
export function RolloutDialog({ pkg, onClose }: { pkg: FirmwarePackageRow; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const plants = usePlantOptions();
  const { create } = useRolloutMutations();
  const submit = async () => {
    const v = await form.validateFields();
    const { id } = await create.mutateAsync({
      packageId: pkg.id,
      plantIds: v.plantIds,
      byModel: v.byModel,
      groups: { by: v.groupsBy, sizes: parseGroupSizes(v.groupSizes)! },
      successPct: v.successPct,
      errorPct: v.errorPct,
      minFinished: v.minFinished,
      ...(v.ratePerMinute ? { ratePerMinute: v.ratePerMinute } : {}),
      installWindow: v.installWindow,
    });
    onClose();
    void navigate(pathOf('scheduleList', { id }));
  };
  return (
    <Modal
      open
      title={t('operation.update.rolloutTitle', { name: pkg.name, version: pkg.version })}
      okText={t('operation.update.rollOut')}
      cancelText={t('set.common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="rollout-form"
        initialValues={{
          plantIds: [],
          byModel: false,
          groupsBy: 'percent',
          groupSizes: '100',
          successPct: ROLLOUT_LIMITS.defaultSuccessPct,
          errorPct: ROLLOUT_LIMITS.defaultErrorPct,
          minFinished: ROLLOUT_LIMITS.defaultMinFinished,
          installWindow: 'any',
        }}
      >
        <Form.Item
          name="plantIds"
          label={t('operation.update.targetPlants')}
          dependencies={['byModel']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: number[]) =>
                value.length > 0 || getFieldValue('byModel')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('operation.update.noTargets'))),
            }),
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            loading={plants.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(plants.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="byModel" valuePropName="checked">
          <Checkbox>{t('operation.update.byModel')}</Checkbox>
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="groupsBy" label={t('operation.update.groupsBy')}>
            <Radio.Group
              options={[
                { value: 'percent', label: t('operation.update.groupsPercent') },
                { value: 'count', label: t('operation.update.groupsCount') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="groupSizes"
            label={t('operation.update.groupSizes')}
            tooltip={t('operation.update.groupSizesHelp')}
            rules={[
              {
                validator: (_, v: string) =>
                  parseGroupSizes(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('operation.update.badGroups'))),
              },
            ]}
          >
            <Input style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Space align="start" wrap>
          <Form.Item name="successPct" label={t('operation.update.successPct')}>
            <NumberWithUnit min={0} max={100} unit="%" style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="errorPct" label={t('operation.update.errorPct')}>
            <NumberWithUnit min={0} max={100} unit="%" style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="minFinished" label={t('operation.update.minFinished')}>
            <InputNumber min={1} max={10_000} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Space align="start" wrap>
          <Form.Item name="ratePerMinute" label={t('operation.update.ratePerMinute')}>
            <InputNumber
              min={1}
              max={100_000}
              placeholder={t('operation.update.noLimit')}
              style={{ width: 140 }}
            />
          </Form.Item>
          <Form.Item name="installWindow" label={t('operation.update.installWindow')}>
            <Select
              style={{ width: 260 }}
              options={INSTALL_WINDOWS.map((w) => ({ value: w, label: t(`operation.update.windows.${w}`) }))}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
