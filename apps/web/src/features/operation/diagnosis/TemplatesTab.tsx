import { useState } from 'react';
import type { ButtonProps } from 'antd';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { DETECTION_SENSITIVITIES, type IvTemplate, type IvTemplateBody } from '@solarops/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ModulePicker } from '../../../components/pvModule/ModulePicker.tsx';
import { useIvMutations, useIvTemplates } from './api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

/** The datasheet fields, in the order a datasheet prints them; coefficients in %/K as printed. */
const MODULE_FIELDS = [
  ['pmaxW', 'W'],
  ['vmpV', 'V'],
  ['impA', 'A'],
  ['vocV', 'V'],
  ['iscA', 'A'],
  ['alphaIscPctPerK', '%/K'],
  ['betaVocPctPerK', '%/K'],
  ['gammaPmaxPctPerK', '%/K'],
  ['cellsPerModule', ''],
  ['bypassDiodesPerModule', ''],
] as const;

type TemplateForm = Omit<IvTemplateBody, 'connectionDate'> & { connectionDate: Dayjs };

/** A new template, or the saved one `editing` (tasks already started keep the copy they were started with). */
function TemplateDialog({ editing, onClose }: { editing: IvTemplate | null; onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<TemplateForm>();
  const { createTemplate, updateTemplate } = useIvMutations();
  const saving = createTemplate.isPending || updateTemplate.isPending;
  const submit = async () => {
    const v = await form.validateFields();
    const body = { ...v, connectionDate: v.connectionDate.format('YYYY-MM-DD') };
    try {
      if (editing) await updateTemplate.mutateAsync({ id: editing.id, body });
      else await createTemplate.mutateAsync(body);
      void message.success(t('common.operationSucceeded'));
      onClose();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  return (
    <Modal
      open
      title={editing ? t('iv.editTemplate') : t('iv.newTemplate')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      width={720}
      okButtonProps={{ 'data-testid': 'iv-template-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          editing
            ? { ...editing, connectionDate: dayjs(editing.connectionDate) }
            : {
                sensitivity: 'medium',
                firstYearDecayPct: 2,
                annualDecayPct: 0.55,
                module: { bypassDiodesPerModule: 3 },
              }
        }
      >
        <Form.Item label={t('iv.fromModuleList')} extra={t('iv.fromModuleListHelp')}>
          <ModulePicker
            testId="iv-template-module"
            onPick={(m) =>
              form.setFieldsValue({
                module: m.module,
                maker: m.maker,
                moduleType: m.model,
                ...(form.getFieldValue('name') ? {} : { name: m.model }),
              })
            }
          />
        </Form.Item>
        <Space wrap>
          <Form.Item name="name" label={t('iv.templateName')} rules={[{ required: true, max: 60 }]}>
            <Input data-testid="iv-template-name" />
          </Form.Item>
          <Form.Item name="moduleType" label={t('iv.moduleType')}>
            <Input data-testid="iv-template-module-type" />
          </Form.Item>
          <Form.Item name="maker" label={t('iv.maker')}>
            <Input data-testid="iv-template-maker" />
          </Form.Item>
        </Space>
        <Form.Item name="description" label={t('iv.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Space wrap>
          {MODULE_FIELDS.map(([key, unit]) => (
            <Form.Item
              key={key}
              name={['module', key]}
              label={`${t(`iv.module.${key}`)}${unit ? ` (${unit})` : ''}`}
              rules={[{ required: true }]}
            >
              <InputNumber style={{ width: 150 }} data-testid={`iv-module-${key}`} />
            </Form.Item>
          ))}
        </Space>
        <Space wrap>
          <Form.Item name="modulesPerString" label={t('iv.modulesPerString')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100} data-testid="iv-modules-per-string" />
          </Form.Item>
          <Form.Item name="firstYearDecayPct" label={t('iv.firstYearDecay')} rules={[{ required: true }]}>
            <InputNumber min={0} max={20} />
          </Form.Item>
          <Form.Item name="annualDecayPct" label={t('iv.annualDecay')} rules={[{ required: true }]}>
            <InputNumber min={0} max={5} />
          </Form.Item>
          <Form.Item name="connectionDate" label={t('iv.connectionDate')} rules={[{ required: true }]}>
            <DatePicker data-testid="iv-connection-date" />
          </Form.Item>
          <Form.Item name="sensitivity" label={t('iv.sensitivity')}>
            <Select
              style={{ width: 120 }}
              options={DETECTION_SENSITIVITIES.map((s) => ({ value: s, label: t(`iv.sensitivities.${s}`) }))}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** The templates: a module's datasheet, decay, string and sensitivity, which a task diagnoses against. */
export function TemplatesTab() {
  const { t } = useTranslation();
  const templates = useIvTemplates();
  const { deleteTemplate } = useIvMutations();
  // null: closed; 'new', or the template being edited.
  const [open, setOpen] = useState<'new' | IvTemplate | null>(null);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setOpen('new')} data-testid="iv-new-template">
        {t('iv.newTemplate')}
      </Button>
      <Table<IvTemplate>
        rowKey="id"
        size="small"
        loading={templates.isLoading}
        dataSource={templates.data ?? []}
        data-testid="iv-templates"
        pagination={false}
        columns={[
          { title: t('iv.templateName'), dataIndex: 'name' },
          { title: t('iv.description'), dataIndex: 'description' },
          { title: t('iv.maker'), dataIndex: 'maker' },
          { title: t('iv.moduleType'), dataIndex: 'moduleType' },
          { title: `${t('iv.module.pmaxW')} (W)`, render: (_, r) => r.module.pmaxW },
          { title: t('iv.modulesPerString'), dataIndex: 'modulesPerString' },
          {
            title: t('iv.sensitivity'),
            dataIndex: 'sensitivity',
            render: (s: string) => t(`iv.sensitivities.${s}`),
          },
          { title: t('iv.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
          {
            title: t('common.operation'),
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setOpen(r)} data-testid="iv-template-edit">
                  {t('iv.edit')}
                </Button>
                <Popconfirm title={t('iv.deleteTemplate')} onConfirm={() => deleteTemplate.mutate(r.id)}>
                  <Button type="link" danger size="small">
                    {t('iv.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {open && <TemplateDialog editing={open === 'new' ? null : open} onClose={() => setOpen(null)} />}
    </Space>
  );
}
