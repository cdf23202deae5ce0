import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { FirmwareKeyBody, FirmwareKeyRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { useFirmwareKeys, useKeyMutations } from '../update-shared/api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

function AddKeyDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<FirmwareKeyBody>();
  const { add } = useKeyMutations();
  const submit = async () => {
    const v = await form.validateFields();
    try {
      await add.mutateAsync(v);
      void message.success(t('common.operationSucceeded'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.length > 0)
        form.setFields(
          e.fieldErrors.map((f) => ({ name: f.field as keyof FirmwareKeyBody, errors: [f.message] })),
        );
      else if (e instanceof ApiError && e.status === 409)
        form.setFields([{ name: 'publicKey', errors: [e.message] }]);
      else void message.error(errorMessage(e));
    }
  };
  return (
    <Modal
      open
      title={t('operation.update.addKey')}
      okText={t('set.common.save')}
      cancelText={t('set.common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('operation.update.keyName')}
          rules={[{ required: true, whitespace: true, message: t('set.common.required') }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="publicKey"
          label={t('operation.update.publicKey')}
          extra={t('operation.update.publicKeyHelp')}
          rules={[{ required: true, whitespace: true, message: t('set.common.required') }]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Administrators' list of the makers' keys whose signatures make a package assignable, 10 to a page. */
export function KeysTab() {
  const { t } = useTranslation();
  const list = useListState<object>({}, 10);
  const keys = useFirmwareKeys(list.page, list.limit);
  const { remove } = useKeyMutations();
  const [adding, setAdding] = useState(false);
  return (
    <ListPage<FirmwareKeyRow, object>
      layout="single"
      testId="firmware-keys"
      list={list}
      query={keys}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('operation.update.addKey')}
        </Button>
      }
      table={{
        rowKey: 'id',
        size: 'small',
        'data-testid': 'firmware-keys-table',
        columns: [
          { title: t('operation.update.keyName'), dataIndex: 'name' },
          {
            title: t('operation.update.publicKey'),
            dataIndex: 'publicKey',
            render: (v: string) => <code>{v}</code>,
          },
          {
            title: t('operation.update.addedAt'),
            dataIndex: 'createdAt',
            render: (v: string) => formatDate(v),
          },
          {
            title: t('common.operation'),
            key: 'op',
            render: (_: unknown, r) => (
              <RowActions
                remove={{
                  confirm: t('operation.update.confirmDeleteKey', { name: r.name }),
                  onConfirm: () => remove.mutateAsync(r.id),
                }}
              />
            ),
          },
        ],
      }}
    >
      {adding && <AddKeyDialog onClose={() => setAdding(false)} />}
    </ListPage>
  );
}
