import { useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCommandDevices, useCommandPush } from '../command-shared/api.ts';
import { DevicePicker } from '../command-shared/DevicePicker.tsx';
import { DeviceCommandLog } from './DeviceCommandLog.tsx';
import { RegisterPanel } from '../command-shared/RegisterPanel.tsx';
import { pathOf } from '../../../router/paths.ts';

/**
 * `debug`: remote debugging of one device: read and write holding registers by address, count and type, and
 * the device's recent logs (its commands and its events). `?sn=` preselects the device.
 */
export function DebugPage() {
  const { t } = useTranslation();
  useCommandPush();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const devices = useCommandDevices({});
  const [plantId, setPlantId] = useState<number>();
  const [serials, setSerials] = useState<string[]>(() => {
    const sn = params.get('sn');
    return sn ? [sn] : [];
  });
  const serial = serials[0];
  return (
    <div className="app-container">
      <Card style={{ marginBottom: 12 }}>
        <Typography.Title level={5} className="page-title" data-testid="page-title">
          {t('menu.debug')}
        </Typography.Title>
        <DevicePicker
          multiple={false}
          devices={devices.data ?? []}
          loading={devices.isLoading}
          plantId={plantId}
          onPlantChange={setPlantId}
          value={serials}
          onChange={setSerials}
        />
      </Card>
      <Card title={t('commands.debug.registers')} style={{ marginBottom: 12 }}>
        <RegisterPanel route="debug" serial={serial} />
      </Card>
      {serial && (
        <Card
          title={t('commands.debug.logs')}
          extra={
            // The device's own logs have their screens; they open filtered to this device.
            <Space>
              <Button onClick={() => void navigate(pathOf('EventRecordPage', { sn: serial }))}>
                {t('menu.EventRecordPage')}
              </Button>
              <Button onClick={() => void navigate(pathOf('RunningRecordPage', { sn: serial }))}>
                {t('menu.RunningRecordPage')}
              </Button>
            </Space>
          }
        >
          <DeviceCommandLog serial={serial} />
        </Card>
      )}
    </div>
  );
}
