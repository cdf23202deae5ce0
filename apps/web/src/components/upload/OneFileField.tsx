import type { ReactNode } from 'react';
import { Button, Form, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OneFile } from './useOneFile.ts';

/**
 * The file field of an upload dialog: one file, kept in the browser until the dialog sends it, with what is wrong
 * with it underneath.
 */
export function OneFileField({
  label,
  state,
  accept,
  extra,
  testId,
}: {
  label: ReactNode;
  state: OneFile;
  /** The file chooser's hint (`.pdf,image/png`); the server still tells the type by the content. */
  accept?: string;
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label}
      required
      validateStatus={state.error ? 'error' : undefined}
      help={state.error}
      extra={extra}
      data-testid={testId}
    >
      <Upload
        maxCount={1}
        accept={accept}
        beforeUpload={(f) => {
          state.choose(f);
          return false;
        }}
        onRemove={state.clear}
        fileList={
          state.file ? [{ uid: 'file', name: state.file.name, status: state.error ? 'error' : 'done' }] : []
        }
      >
        <Button icon={<UploadOutlined />}>{t('uploadFile.choose')}</Button>
      </Upload>
    </Form.Item>
  );
}
