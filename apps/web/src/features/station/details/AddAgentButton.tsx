import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { AGENT_SERIAL_PATTERN, ROLE } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { useUserStore } from '../../../store/userStore.ts';
import { AgentConfigDialog } from '../station-shared/AgentConfigButton.tsx';
import { useAddAgent } from '../station-shared/api.ts';

/**
 * A serial for a new agent that the installer may keep: `AGT`, the day and four random hex digits, so that two
 * installers adding agents on the same day are unlikely to suggest the same one (the server refuses a taken one).
 */
export function suggestAgentSerial(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const random = crypto.getRandomValues(new Uint16Array(1))[0]!;
  return `AGT${day}${random.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * For an installer (or an administrator) on a plant's details: adds an edge agent to the plant, and right after
 * shows its configuration once (file and QR code) for the gateway. A refused serial is said under its field and
 * nothing is added.
 */
export function AddAgentButton({ plantId, plantName }: { plantId: number; plantName: string }) {
  const roleId = useUserStore((s) => s.info?.roleId);
  return roleId === ROLE.admin || roleId === ROLE.installer ? (
    <AddAgent plantId={plantId} plantName={plantName} />
  ) : null;
}

function AddAgent({ plantId, plantName }: { plantId: number; plantName: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ serial: string }>();
  const add = useAddAgent();
  const submit = async () => {
    const { serial } = await form.validateFields();
    try {
      await add.mutateAsync({ plantId, serial: serial.trim() });
      setOpen(false);
    } catch (e) {
      const onField = e instanceof ApiError ? e.fieldErrors.find((f) => f.field === 'serial') : undefined;
      if (onField) form.setFields([{ name: 'serial', errors: [onField.message] }]);
      else void message.error(errorMessage(e));
    }
  };
  return (
    <>
      <Button
        icon={<PlusOutlined />}
        onClick={() => {
          add.reset();
          form.setFieldsValue({ serial: suggestAgentSerial() });
          setOpen(true);
        }}
        data-testid="add-agent"
      >
        {t('station.agent.add')}
      </Button>
      <Modal
        open={open}
        title={t('station.agent.addTitle', { plant: plantName })}
        okText={t('station.agent.addCreate')}
        cancelText={t('station.agent.addCancel')}
        confirmLoading={add.isPending}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Alert type="info" showIcon title={t('station.agent.addHelp')} style={{ marginBottom: 12 }} />
        <Form form={form} layout="vertical" data-testid="add-agent-form">
          <Form.Item
            name="serial"
            label={t('station.agent.addSerial')}
            extra={t('station.agent.addSerialHelp')}
            rules={[
              { required: true, whitespace: true, message: t('station.agent.addSerialFormat') },
              { pattern: AGENT_SERIAL_PATTERN, message: t('station.agent.addSerialFormat') },
            ]}
          >
            <Input maxLength={32} data-testid="add-agent-serial" />
          </Form.Item>
        </Form>
      </Modal>
      {add.data ? <AgentConfigDialog file={add.data} onClose={() => add.reset()} /> : null}
    </>
  );
}
