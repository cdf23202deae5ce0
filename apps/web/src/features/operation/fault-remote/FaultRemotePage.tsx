import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Typography } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import type { CreatedCommands } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { formatDate } from '../../../components/format/formatDate.ts';
import { useDevice } from '../../../api/devices.ts';
import { useAlarmList } from '../alarm-shared/api.ts';
import { AlarmTable } from '../alarm-shared/AlarmTable.tsx';
import { commandApi, useCommandPush, useCommandsById } from '../command-shared/api.ts';
import { CommandStateTag } from '../command-shared/CommandStateTag.tsx';
import { ConfirmWriteDialog } from '../command-shared/ConfirmWriteDialog.tsx';
import { RefusedDevices } from '../command-shared/RefusedDevices.tsx';
import { RegisterPanel } from '../command-shared/RegisterPanel.tsx';

/** How often the device's live values are fetched again while the screen is open [ms]. */
const LIVE_MS = 10_000;

/**
 * `faultRemote` (hidden, opened from an alarm with `?sn=`): remote debugging of a faulty device: its live values,
 * its fault record, a register read and a restart (after typing its serial).
 */
export function FaultRemotePage() {
  const { t } = useTranslation();
  useCommandPush();
  const [params] = useSearchParams();
  const sn = params.get('sn') ?? '';
  const device = useDevice(sn || undefined, LIVE_MS);
  const faults = useAlarmList({ sn }, 1, 10, sn.length > 0);
  const [confirming, setConfirming] = useState(false);
  const [restart, setRestart] = useState<CreatedCommands>();
  const [busy, setBusy] = useState(false);
  const id = restart?.commands[0]?.id;
  const followed = useCommandsById(id ? [id] : []);
  const restartCommand = followed.data?.[0] ?? restart?.commands[0];

  if (!sn) return <Empty description={t('commands.faultRemote.noDevice')} />;
  const d = device.data;
  const latest = d?.latest;
  return (
    <div className="app-container">
      <Card
        style={{ marginBottom: 12 }}
        title={
          <span data-testid="page-title">
            {t('menu.faultRemote')} · {sn}
          </span>
        }
        extra={
          <Space>
            {restartCommand && (
              <CommandStateTag state={restartCommand.state} failure={restartCommand.failure} />
            )}
            <Button
              danger
              icon={<PoweroffOutlined />}
              onClick={() => setConfirming(true)}
              data-testid="restart"
            >
              {t('commands.faultRemote.restart')}
            </Button>
          </Space>
        }
      >
        {restart && <RefusedDevices refused={restart.refused} />}
        <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} data-testid="live-values">
          <Descriptions.Item label={t('commands.faultRemote.model')}>{d?.model}</Descriptions.Item>
          <Descriptions.Item label={t('commands.faultRemote.status')}>
            {d ? t(`commands.faultRemote.statuses.${d.status}`) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.faultRemote.readingAt')}>
            {latest ? formatDate(latest.ts) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.faultRemote.powerW')}>
            {latest?.acPowerW ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.faultRemote.energyToday')}>
            {latest?.energyTodayKwh ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.faultRemote.tempC')}>{latest?.tempC ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('commands.faultRemote.faultCode')}>
            {latest?.faultCode ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('commands.faultRemote.soc')}>
            {latest?.batterySocPercent ?? ''}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('commands.faultRemote.faults')} style={{ marginBottom: 12 }}>
        <AlarmTable rows={faults.data?.rows ?? []} loading={faults.isLoading} testId="fault-remote-alarms" />
      </Card>
      <Card title={t('commands.debug.registers')}>
        <Typography.Paragraph type="secondary">{t('commands.faultRemote.readHelp')}</Typography.Paragraph>
        <RegisterPanel route="faultRemote" serial={sn} allowWrite={false} />
      </Card>
      <ConfirmWriteDialog
        open={confirming}
        serials={[sn]}
        busy={busy}
        summary={[t('commands.faultRemote.restartSummary')]}
        onCancel={() => setConfirming(false)}
        onConfirm={(confirm) => {
          setBusy(true);
          commandApi
            .restart({ route: 'faultRemote', serial: sn, confirm })
            .then((c) => {
              setRestart(c);
              setConfirming(false);
            })
            .catch((e: unknown) => void errorMessage(e))
            .finally(() => setBusy(false));
        }}
      />
    </div>
  );
}
