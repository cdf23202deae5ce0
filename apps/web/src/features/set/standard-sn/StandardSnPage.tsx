import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CHECK_DIGITS, SERIAL_CHARSETS, type SerialRuleBody, type SerialRuleRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { checkSerial, useSerialRuleMutations, useSerialRules } from './api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

function RuleDialog({ rule, onClose }: { rule?: SerialRuleRow; onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<SerialRuleBody>();
  const { save } = useSerialRuleMutations();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({
        ...v,
        prefix: v.prefix ?? '',
        description: v.description ?? '',
        id: rule?.id,
      });
      void message.success(t('common.operationSucceeded'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.length > 0)
        form.setFields(
          e.fieldErrors.map((f) => ({ name: f.field as keyof SerialRuleBody, errors: [f.message] })),
        );
      else if (e instanceof ApiError && e.status === 409)
        form.setFields([{ name: 'model', errors: [e.message] }]);
      else void message.error(errorMessage(e));
    }
  };
  return (
    <Modal
      open
      title={t(rule ? 'set.sn.editTitle' : 'set.sn.createTitle')}
      okText={t('set.common.save')}
      cancelText={t('set.common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          rule ?? {
            kind: 'collector',
            prefix: '',
            length: 12,
            charset: 'upperAlnum',
            checkDigit: 'none',
            description: '',
          }
        }
      >
        <Form.Item
          name="model"
          label={t('set.sn.model')}
          rules={[{ required: true, max: 40, message: t('set.common.required') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="kind" label={t('set.sn.kind')}>
          <Select
            options={(['collector', 'device'] as const).map((k) => ({
              value: k,
              label: t(`set.sn.kinds.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="prefix"
          label={t('set.sn.prefix')}
          rules={[{ pattern: /^[A-Z0-9]*$/, message: t('set.sn.prefixRule') }]}
        >
          <Input maxLength={16} />
        </Form.Item>
        <Form.Item name="length" label={t('set.sn.length')} rules={[{ required: true }]}>
          <InputNumber min={4} max={40} />
        </Form.Item>
        <Form.Item name="charset" label={t('set.sn.charset')}>
          <Select options={SERIAL_CHARSETS.map((c) => ({ value: c, label: t(`set.sn.charsets.${c}`) }))} />
        </Form.Item>
        <Form.Item name="checkDigit" label={t('set.sn.checkDigit')}>
          <Select options={CHECK_DIGITS.map((c) => ({ value: c, label: t(`set.sn.checkDigits.${c}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('set.roles.description')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `standardSNnumber`: serial number rules per device model, and a check of one serial against them. */
export function StandardSnPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const list = useListState<{ model?: string }>({});
  const [editing, setEditing] = useState<{ rule?: SerialRuleRow } | null>(null);
  const [probe, setProbe] = useState({ model: '', sn: '' });
  const query = useSerialRules(list.filters.model, list.page, list.limit);
  const { remove } = useSerialRuleMutations();

  const runCheck = async () => {
    if (!probe.model || !probe.sn) return;
    const r = await checkSerial(probe.model, probe.sn).catch(() => null);
    if (!r) return;
    if (r.valid) void message.success(t('set.sn.valid'));
    else void message.error(r.message ?? t('set.sn.invalid'));
  };

  return (
    <ListPage<SerialRuleRow, { model?: string }>
      layout="single"
      testId="page-standardSNnumber"
      list={list}
      query={query}
      search={
        <SearchForm<{ model?: string }>
          onSearch={({ model }) => list.search({ model: model?.trim() || undefined })}
        >
          <Form.Item name="model" label={t('set.sn.model')}>
            <Input allowClear />
          </Form.Item>
        </SearchForm>
      }
      toolbar={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('set.sn.create')}
          </Button>
          <Space.Compact>
            <Input
              placeholder={t('set.sn.model')}
              style={{ width: 140 }}
              value={probe.model}
              onChange={(e) => setProbe({ ...probe, model: e.target.value })}
            />
            <Input
              placeholder={t('set.sn.serial')}
              style={{ width: 200 }}
              value={probe.sn}
              onChange={(e) => setProbe({ ...probe, sn: e.target.value })}
            />
            <Button onClick={() => void runCheck()}>{t('set.sn.check')}</Button>
          </Space.Compact>
        </>
      }
      table={{
        rowKey: 'id',
        columns: [
          { title: t('set.sn.model'), dataIndex: 'model' },
          { title: t('set.sn.kind'), dataIndex: 'kind', render: (k: string) => t(`set.sn.kinds.${k}`) },
          { title: t('set.sn.prefix'), dataIndex: 'prefix' },
          { title: t('set.sn.length'), dataIndex: 'length' },
          {
            title: t('set.sn.charset'),
            dataIndex: 'charset',
            render: (c: string) => t(`set.sn.charsets.${c}`),
          },
          {
            title: t('set.sn.checkDigit'),
            dataIndex: 'checkDigit',
            render: (c: string) => t(`set.sn.checkDigits.${c}`),
          },
          { title: t('set.roles.description'), dataIndex: 'description', ellipsis: true },
          { title: t('set.sn.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDate(v) },
          {
            title: t('common.operation'),
            key: 'op',
            render: (_: unknown, r) => (
              <RowActions
                onEdit={() => setEditing({ rule: r })}
                remove={{
                  confirm: t('set.sn.confirmDelete', { model: r.model }),
                  onConfirm: () => remove.mutateAsync(r.id),
                }}
              />
            ),
          },
        ],
      }}
    >
      {editing && <RuleDialog rule={editing.rule} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
