import { Alert, Button, Modal, Popconfirm, Space } from 'antd';
import { DownloadOutlined, QrcodeOutlined } from '@ant-design/icons';
import { ROLE, type AgentConfigFile } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/downloadFile.ts';
import { errorMessage } from '../../../api/request.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { useUserStore } from '../../../store/userStore.ts';
import { useAgentConfig } from './api.ts';

/** The configuration just issued: its file and QR code, shown once (the server keeps only the secret's hash). */
export function AgentConfigDialog({ file, onClose }: { file: AgentConfigFile; onClose(): void }) {
  const { t } = useTranslation();
  const save = () => saveBlob(new Blob([file.config], { type: 'application/yaml' }), file.fileName);
  return (
    <Modal
      open
      title={t('station.agent.configTitle', { serial: file.serial })}
      onCancel={onClose}
      footer={
        <Space>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            onClick={save}
            data-testid="agent-config-download"
          >
            {t('station.agent.configDownload', { fileName: file.fileName })}
          </Button>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Space>
      }
    >
      <Alert type="warning" showIcon title={t('station.agent.configOnce')} style={{ marginBottom: 12 }} />
      <img
        data-testid="agent-config-qr"
        alt={t('station.agent.configQr')}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(file.qrSvg)}`}
        style={{ display: 'block', width: 400, maxWidth: '100%', margin: '0 auto' }}
      />
    </Modal>
  );
}

/**
 * For an installer (or an administrator) on an edge agent's card: issues the agent a new device secret and shows its
 * agent.yaml once, as a download and a QR code. Asked first, since the agent running with the old secret stops
 * reporting until it is given the new file.
 */
export function AgentConfigButton({ serial }: { serial: string }) {
  const roleId = useUserStore((s) => s.info?.roleId);
  return roleId === ROLE.admin || roleId === ROLE.installer ? <IssueAgentConfig serial={serial} /> : null;
}

function IssueAgentConfig({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const issue = useAgentConfig();
  return (
    <>
      <Popconfirm
        title={t('station.agent.configConfirm')}
        okText={t('station.agent.configIssue')}
        onConfirm={() => issue.mutate(serial, { onError: (e) => void message.error(errorMessage(e)) })}
      >
        <Button size="small" icon={<QrcodeOutlined />} loading={issue.isPending} data-testid="agent-config">
          {t('station.agent.config')}
        </Button>
      </Popconfirm>
      {issue.data ? <AgentConfigDialog file={issue.data} onClose={() => issue.reset()} /> : null}
    </>
  );
}
