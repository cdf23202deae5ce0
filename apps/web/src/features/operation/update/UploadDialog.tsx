import { Form, Input, Modal, Select } from 'antd';
import { FIRMWARE_LIMITS, FIRMWARE_TYPES, INTERFACE_TYPES } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { OneFileField } from '../../../components/upload/OneFileField.tsx';
import { showUploadError } from '../../../components/upload/showUploadError.ts';
import { useOneFile } from '../../../components/upload/useOneFile.ts';
import { usePackageMutations, type UploadFields } from '../update-shared/api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

/** The upload dialog of the `update` screen: the image, the spec's fields and the maker's signature. */
export function UploadDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<UploadFields>();
  const chosen = useOneFile();
  const { upload } = usePackageMutations();

  const submit = async () => {
    const fields = await form.validateFields();
    const file = chosen.ready();
    if (!file) return;
    try {
      await upload.mutateAsync({ fields, file });
      void message.success(t('common.operationSucceeded'));
      onClose();
    } catch (e) {
      showUploadError(e, form, chosen, message);
    }
  };

  return (
    <Modal
      open
      title={t('operation.update.uploadTitle')}
      okText={t('operation.update.upload')}
      cancelText={t('set.common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={upload.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ type: 'collector', interfaceType: 'any', snType: '', description: '' }}
      >
        <OneFileField label={t('operation.update.file')} state={chosen} />
        <Form.Item name="type" label={t('operation.update.type')}>
          <Select
            options={FIRMWARE_TYPES.map((v) => ({ value: v, label: t(`operation.update.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="collectType"
          label={t('operation.update.collectType')}
          rules={[{ required: true, whitespace: true, message: t('set.common.required') }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="interfaceType" label={t('operation.update.interfaceType')}>
          <Select
            options={INTERFACE_TYPES.map((v) => ({
              value: v,
              label: v === 'any' ? t('operation.update.anyInterface') : v,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="snType"
          label={t('operation.update.snType')}
          extra={t('operation.update.snTypeHelp')}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('operation.update.version')}
          rules={[{ required: true, whitespace: true, message: t('set.common.required') }]}
        >
          <Input maxLength={FIRMWARE_LIMITS.versionMax} />
        </Form.Item>
        <Form.Item name="description" label={t('operation.update.description')}>
          <Input.TextArea maxLength={FIRMWARE_LIMITS.descriptionMax} rows={2} />
        </Form.Item>
        <Form.Item
          name="signature"
          label={t('operation.update.signature')}
          extra={t('operation.update.signatureHelp')}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
