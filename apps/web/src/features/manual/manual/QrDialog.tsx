import { useEffect, useState } from 'react';
import { Button, Modal, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { MANUAL_CALLS, endpointPath, type ManualRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/downloadFile.ts';
import { errorMessage } from '../../../api/request.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useManualQr } from './api.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';

/** An object URL for `blob` while the component shows it, revoked afterwards. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/**
 * A manual's QR code for labels: the code of its public address (which always gives the newest version), the
 * address to copy or open, and the code as PNG or SVG.
 */
export function QrDialog({ manual, onClose }: { manual: ManualRow; onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const qr = useManualQr(manual.id);
  const url = useObjectUrl(qr.data);
  const [saving, setSaving] = useState<'png' | 'svg'>();

  const save = async (format: 'png' | 'svg') => {
    setSaving(format);
    try {
      await downloadFile(
        endpointPath(MANUAL_CALLS.qr, { id: manual.id }),
        { format },
        `manual-${manual.model}-${manual.language}-qr.${format}`,
      );
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <Modal
      open
      title={t('manual.qrTitle', {
        model: manual.model,
        language: t(`manual.languages.${manual.language}`),
      })}
      onCancel={onClose}
      footer={
        <Space>
          <Button
            icon={<DownloadOutlined />}
            loading={saving === 'png'}
            onClick={() => void save('png')}
            data-testid="manual-qr-png"
          >
            {t('manual.downloadPng')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={saving === 'svg'}
            onClick={() => void save('svg')}
            data-testid="manual-qr-svg"
          >
            {t('manual.downloadSvg')}
          </Button>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Space>
      }
      destroyOnHidden
    >
      <div className="manual-qr" data-testid="manual-qr">
        <QueryState
          look="spinner"
          isLoading={qr.isLoading}
          error={qr.error}
          isEmpty={false}
          onRetry={() => void qr.refetch()}
        >
          {url ? (
            <img src={url} alt={t('manual.qrAlt', { address: manual.address })} className="manual-qr-image" />
          ) : (
            <Spin />
          )}
        </QueryState>
      </div>
      <Typography.Paragraph type="secondary">{t('manual.addressHelp')}</Typography.Paragraph>
      <Space align="baseline" wrap>
        <Typography.Text copyable={{ text: manual.address }} code data-testid="manual-address">
          {manual.address}
        </Typography.Text>
        <Typography.Link href={manual.address} target="_blank" rel="noreferrer">
          <ExportOutlined /> {t('manual.openAddress')}
        </Typography.Link>
      </Space>
    </Modal>
  );
}
