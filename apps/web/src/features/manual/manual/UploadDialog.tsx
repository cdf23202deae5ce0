import { Alert, Form, Input, Modal, Select } from 'antd';
import {
  LIMITS,
  MANUAL_LANGUAGES,
  deviceModelSchema,
  manualNameSchema,
  type ManualUploadFields,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/zodRule.ts';
import { OneFileField } from '../../../components/upload/OneFileField.tsx';
import { showUploadError } from '../../../components/upload/showUploadError.ts';
import { useOneFile } from '../../../components/upload/useOneFile.ts';
import { useManualMutations } from './api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

/** What a manual may be; the server tells the type by the content, this only narrows the file chooser. */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp';

/** A manual whose next version the dialog uploads. */
export interface ManualPreset extends ManualUploadFields {
  version: number;
}

/**
 * The upload dialog of the `manual` screen: manual name and device model (both required, spec §5), language and
 * the file (at most 80 characters in its name, not empty). Uploading for a model and language that already have a
 * manual stores its next version; opened from a row it is that manual's next version.
 */
export function UploadDialog({ preset, onClose }: { preset?: ManualPreset; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<ManualUploadFields>();
  const chosen = useOneFile();
  const { upload } = useManualMutations();

  const submit = async () => {
    const fields = await form.validateFields().catch(() => undefined);
    const file = chosen.ready();
    if (!fields || !file) return;
    try {
      const stored = await upload.mutateAsync({ fields, file });
      void message.success(t('manual.uploaded', { version: stored.version }));
      onClose();
    } catch (e) {
      showUploadError(e, form, chosen, message);
    }
  };

  return (
    <Modal
      open
      title={preset ? t('manual.newVersionTitle', { version: preset.version + 1 }) : t('manual.uploadTitle')}
      okText={t('manual.upload')}
      cancelText={t('set.common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={upload.isPending}
      destroyOnHidden
    >
      {preset && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('manual.newVersionNote', {
            model: preset.model,
            language: t(`manual.languages.${preset.language}`),
            version: preset.version,
          })}
        />
      )}
      <Form<ManualUploadFields>
        form={form}
        name="manual-upload"
        layout="vertical"
        initialValues={
          preset
            ? { name: preset.name, model: preset.model, language: preset.language }
            : { language: i18n.language === 'en' ? 'en' : 'zh' }
        }
      >
        <Form.Item
          name="name"
          label={t('manual.name')}
          required
          rules={[zodRule(manualNameSchema, t, 'manual.nameTooLong')]}
        >
          <Input maxLength={LIMITS.uploadFileNameMax} />
        </Form.Item>
        <Form.Item
          name="model"
          label={t('manual.model')}
          required
          extra={!preset && t('manual.modelHelp')}
          rules={[zodRule(deviceModelSchema, t, 'manual.modelFormat')]}
        >
          <Input disabled={Boolean(preset)} />
        </Form.Item>
        <Form.Item name="language" label={t('manual.language')}>
          <Select
            disabled={Boolean(preset)}
            options={MANUAL_LANGUAGES.map((l) => ({ value: l, label: t(`manual.languages.${l}`) }))}
          />
        </Form.Item>
        <OneFileField
          label={t('manual.file')}
          state={chosen}
          accept={ACCEPT}
          extra={t('manual.fileHelp', LIMITS)}
          testId="manual-file"
        />
      </Form>
    </Modal>
  );
}
