import { useState } from 'react';
import type { ButtonProps } from 'antd';
import { Alert, Button, Card, Descriptions, Form, InputNumber, Modal, Space, Typography } from 'antd';
import type { DeviceRow, IvDeviceLayout } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { useDeviceLayout, useSetDeviceLayout } from '../../../api/ivLayouts.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { ModulePicker, moduleLabel } from '../../../components/pvModule/ModulePicker.tsx';
import { useUserStore } from '../../../store/userStore.ts';

type LayoutForm = { inputs: IvDeviceLayout['inputs'] };

/** The layout dialog: MPPT inputs (strings × modules per string) and the module type, or the template's. */
function LayoutDialog({
  device,
  layout,
  onClose,
}: {
  device: DeviceRow;
  layout: IvDeviceLayout | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<LayoutForm>();
  const save = useSetDeviceLayout(device.serial);
  const [moduleType, setModuleType] = useState(layout?.moduleType ?? null);
  const submit = async (next: IvDeviceLayout | null) => {
    try {
      await save.mutateAsync(next);
      void message.success(t('common.operationSucceeded'));
      onClose();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  return (
    <Modal
      open
      title={t('station.layout.edit')}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => submit({ inputs: v.inputs, moduleType }))}
      confirmLoading={save.isPending}
      width={640}
      okButtonProps={{ 'data-testid': 'pv-layout-save' } as ButtonProps}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {layout ? (
            <Button danger onClick={() => void submit(null)} data-testid="pv-layout-clear">
              {t('station.layout.clear')}
            </Button>
          ) : null}
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <Typography.Paragraph type="secondary">{t('station.layout.help')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={{
          inputs: layout?.inputs ?? [{ strings: Math.max(device.pvStrings, 1), modulesPerString: undefined }],
        }}
      >
        <Form.List name="inputs">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" data-testid={`pv-layout-input-${i + 1}`}>
                  <Typography.Text strong style={{ width: 72, display: 'inline-block' }}>
                    {t('station.layout.input', { n: i + 1 })}
                  </Typography.Text>
                  <Form.Item
                    name={[f.name, 'strings']}
                    label={t('station.layout.strings')}
                    rules={[{ required: true }]}
                  >
                    <InputNumber min={1} max={16} data-testid="pv-layout-strings" />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'modulesPerString']}
                    label={t('station.layout.modulesPerString')}
                    rules={[{ required: true }]}
                  >
                    <InputNumber min={1} max={100} data-testid="pv-layout-modules" />
                  </Form.Item>
                  {fields.length > 1 ? (
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {t('station.layout.removeInput')}
                    </Button>
                  ) : null}
                </Space>
              ))}
              <Button onClick={() => add({ strings: 1 })} data-testid="pv-layout-add-input">
                {t('station.layout.addInput')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form>
      <Space orientation="vertical" style={{ marginTop: 16, width: '100%' }}>
        <Typography.Text strong>{t('station.layout.moduleType')}</Typography.Text>
        <Typography.Text data-testid="pv-layout-module">
          {moduleType ? moduleLabel(moduleType) : t('station.layout.templateModule')}
        </Typography.Text>
        <Space wrap>
          <ModulePicker
            testId="pv-layout-module-picker"
            onPick={(m) => setModuleType({ maker: m.maker, model: m.model, module: m.module })}
          />
          {moduleType ? (
            <Button onClick={() => setModuleType(null)}>{t('station.layout.useTemplateModule')}</Button>
          ) : null}
        </Space>
      </Space>
    </Modal>
  );
}

/**
 * An inverter's string layout for IV diagnosis: what each scan judges its strings against. Anyone who sees the
 * device reads it; those who start scans edit it.
 */
export function PvLayoutCard({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  const view = useDeviceLayout(device.serial, true);
  const mayEdit = useUserStore((s) => s.info?.menuList.includes('diagnosis') ?? false);
  const [open, setOpen] = useState(false);
  const layout = view.data?.layout ?? null;
  return (
    <Card
      size="small"
      title={t('station.layout.title')}
      style={{ marginTop: 16 }}
      data-testid="pv-layout"
      loading={view.isLoading}
      extra={
        mayEdit ? (
          <Button size="small" onClick={() => setOpen(true)} data-testid="pv-layout-edit">
            {t('station.layout.edit')}
          </Button>
        ) : null
      }
    >
      {layout ? (
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          {layout.inputs.map((input, i) => (
            <Descriptions.Item key={i} label={t('station.layout.input', { n: i + 1 })}>
              {t('station.layout.inputValue', { strings: input.strings, modules: input.modulesPerString })}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('station.layout.moduleType')}>
            {layout.moduleType ? moduleLabel(layout.moduleType) : t('station.layout.templateModule')}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="info" showIcon title={t('station.layout.none')} />
      )}
      {open ? <LayoutDialog device={device} layout={layout} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
