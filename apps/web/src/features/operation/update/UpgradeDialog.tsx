import { Form, Input, Modal } from 'antd';
import type { FirmwarePackageRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { useUpgradeOne } from '../update-shared/api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

/**
 * Upgrades one device with a package, through the same upgrade command as a rollout: the serial comes from the
 * device's page or is typed here; the server's refusal (offline, another model, not the caller's) is shown as
 * its message under the serial, and the dialog stays open.
 */
export function UpgradeDialog({
  pkg,
  serial,
  onDone,
  onClose,
}: {
  pkg: FirmwarePackageRow;
  serial?: string;
  onDone(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<{ serial: string }>();
  const upgrade = useUpgradeOne();
  const submit = async () => {
    const v = await form.validateFields();
    const serial = v.serial.trim();
    try {
      await upgrade.mutateAsync({ packageId: pkg.id, serial });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      form.setFields([{ name: 'serial', errors: [e.fieldErrors[0]?.message ?? e.message] }]);
      return;
    }
    void message.success(t('operation.update.upgradeSent', { serial }));
    onDone();
  };
  return (
    <Modal
      open
      title={t('operation.update.upgradeTitle', { name: pkg.name, version: pkg.version })}
      okText={t('operation.update.upgrade')}
      cancelText={t('set.common.cancel')}
      confirmLoading={upgrade.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ serial: serial ?? '' }} data-testid="upgrade-form">
        <Form.Item
          name="serial"
          label={t('operation.update.serial')}
          extra={t('operation.update.upgradeHelp')}
          rules={[{ required: true, whitespace: true, message: t('operation.update.serialRequired') }]}
        >
          <Input maxLength={64} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
