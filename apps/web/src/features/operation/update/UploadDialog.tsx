import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Upload, message } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FIRMWARE_LIMITS, FIRMWARE_TYPES, INTERFACE_TYPES } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';
import { usePackageMutations, type UploadFields } from './api.ts';

/** What is wrong with a chosen file before it is sent (spec §5), as a message key, or undefined. */
export function fileProblem(file: { name: string; size: number }): string | undefined {
  if ([...file.name].length > FIRMWARE_LIMITS.fileNameMax) return 'operation.update.fileNameTooLong';
  if (file.size === 0) return 'operation.update.emptyContent';
  return undefined;
}

/** The upload dialog of the `update` screen: the image, the spec's fields and the maker's signature. */
export function UploadDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadFields>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const { upload } = usePackageMutations();

  const choose = (chosen: File) => {
    setFile(chosen);
    const problem = fileProblem(chosen);
    setFileError(problem ? t(problem) : undefined);
  };

  const submit = async () => {
    const fields = await form.validateFields();
    if (!file) {
      setFileError(t('operation.update.chooseFile'));
      return;
    }
    if (fileError) return;
    try {
      await upload.mutateAsync({ fields, file });
      void message.success(t('common.operationSucceeded'));
      onClose();
    } catch (e) {
      const fileErrors = e instanceof ApiError ? e.fieldErrors.filter((f) => f.field === 'file') : [];
      if (fileErrors[0]) setFileError(fileErrors[0].message);
      else if (e instanceof ApiError && e.fieldErrors.length > 0)
        form.setFields(
          e.fieldErrors.map((f) => ({ name: f.field as keyof UploadFields, errors: [f.message] })),
        );
      else void message.error(errorMessage(e));
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
        <Form.Item
          label={t('operation.update.file')}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError}
        >
          <Upload
            maxCount={1}
            beforeUpload={(f) => {
              choose(f);
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setFileError(undefined);
            }}
            fileList={
              file ? [{ uid: 'firmware', name: file.name, status: fileError ? 'error' : 'done' }] : []
            }
          >
            <Button icon={<UploadOutlined />}>{t('operation.update.chooseFile')}</Button>
          </Upload>
        </Form.Item>
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
