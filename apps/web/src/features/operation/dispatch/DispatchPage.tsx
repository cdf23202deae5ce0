import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import {
  COMMAND_LIMITS,
  type CreatedCommands,
  type DispatchSchedule,
  scheduleProblem,
} from '@solarops/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { Chart, type ChartOption } from '../../../components/chart/Chart.tsx';
import { useDeviceHistory } from '../../../api/devices.ts';
import { commandApi, useCommandDevices, useCommandPush, useProfiles } from '../command-shared/api.ts';
import { CommandResults } from '../command-shared/CommandResults.tsx';
import { ConfirmWriteDialog } from '../command-shared/ConfirmWriteDialog.tsx';
import { DevicePicker } from '../command-shared/DevicePicker.tsx';
import { RefusedDevices } from '../command-shared/RefusedDevices.tsx';
import { DispatchEditor } from './DispatchEditor.tsx';

/** A first schedule to start from: charge at midday, discharge in the evening, self-consumption otherwise. */
const STARTER: DispatchSchedule = {
  dispatchId: '',
  weekday: [
    { start: 0, end: 600, mode: 'selfConsumption', powerW: 0, socMin: 10, socMax: 100 },
    { start: 600, end: 900, mode: 'charge', powerW: 3000, socMin: 10, socMax: 90 },
    { start: 900, end: 1080, mode: 'hold', powerW: 0, socMin: 10, socMax: 100 },
    { start: 1080, end: 1320, mode: 'discharge', powerW: 2500, socMin: 20, socMax: 100 },
    { start: 1320, end: 1440, mode: 'selfConsumption', powerW: 0, socMin: 10, socMax: 100 },
  ],
  weekend: [{ start: 0, end: 1440, mode: 'selfConsumption', powerW: 0, socMin: 10, socMax: 100 }],
};

/**
 * `dispatch`: battery schedules (spec §3 Dispatch: dispatch id, battery dispatch type, charge start and end,
 * charge-discharge amount) for devices with a battery: weekday and weekend profiles of up to 48 slots, each a
 * mode (charge, discharge, hold, self-consumption) with its power and SoC bounds. A schedule that overlaps or
 * does not fit the chosen devices' slot tables is refused before sending; the first device's SoC shows how it
 * followed.
 */
export function DispatchPage() {
  const { t } = useTranslation();
  useCommandPush();
  const profiles = useProfiles();
  const devices = useCommandDevices({});
  const slotsOf = useMemo(
    () => new Map((profiles.data ?? []).map((p) => [p.id, p.dispatchSlots] as const)),
    [profiles.data],
  );
  const batteries = useMemo(
    () => (devices.data ?? []).filter((d) => d.profileId !== null && slotsOf.get(d.profileId) !== undefined),
    [devices.data, slotsOf],
  );
  const [plantId, setPlantId] = useState<number>();
  const [serials, setSerials] = useState<string[]>([]);
  const [schedule, setSchedule] = useState<DispatchSchedule>(STARTER);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<CreatedCommands>();
  const capacity = Math.min(
    COMMAND_LIMITS.maxDispatchSlots,
    ...serials.map((sn) => {
      const profileId = batteries.find((d) => d.serial === sn)?.profileId;
      return (profileId && slotsOf.get(profileId)) || COMMAND_LIMITS.maxDispatchSlots;
    }),
  );
  const problem = scheduleProblem(schedule, capacity);
  const idMissing = schedule.dispatchId.trim() === '';

  const send = async (confirm: string) => {
    setBusy(true);
    try {
      setSent(await commandApi.dispatch({ serials, schedule, confirm }));
      setConfirming(false);
    } catch (e) {
      void errorMessage(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="app-container">
      <Card style={{ marginBottom: 12 }}>
        <Typography.Title level={5} className="page-title" data-testid="page-title">
          {t('menu.dispatch')}
        </Typography.Title>
        <DevicePicker
          devices={batteries}
          loading={devices.isLoading}
          plantId={plantId}
          onPlantChange={setPlantId}
          value={serials}
          onChange={setSerials}
        />
        <Form layout="inline" component="div" style={{ marginTop: 12 }}>
          <Form.Item label={t('commands.dispatch.dispatchId')} required>
            <Input
              style={{ width: 200 }}
              maxLength={40}
              data-testid="dispatch-id"
              value={schedule.dispatchId}
              onChange={(e) => setSchedule({ ...schedule, dispatchId: e.target.value })}
            />
          </Form.Item>
          {serials.length > 0 && (
            <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
              {t('commands.dispatch.devicesHold', { capacity })}
            </Typography.Text>
          )}
        </Form>
      </Card>
      <Card style={{ marginBottom: 12 }}>
        <DispatchEditor value={schedule} problem={problem} onChange={setSchedule} />
        <Space style={{ marginTop: 12 }}>
          <Button
            type="primary"
            data-testid="dispatch-send"
            disabled={serials.length === 0 || Boolean(problem) || idMissing}
            onClick={() => setConfirming(true)}
          >
            {t('commands.dispatch.send')}
          </Button>
          {serials.length === 0 && (
            <Typography.Text type="secondary">{t('commands.dispatch.noBattery')}</Typography.Text>
          )}
        </Space>
      </Card>
      {sent && (
        <Card style={{ marginBottom: 12 }} title={t('commands.dispatch.status')}>
          <RefusedDevices refused={sent.refused} />
          {sent.commands.length > 0 && (
            <CommandResults
              selection={sent.batchId ? { batchId: sent.batchId } : { ids: sent.commands.map((c) => c.id) }}
            />
          )}
        </Card>
      )}
      {serials[0] && <SocTrace serial={serials[0]} />}
      <ConfirmWriteDialog
        open={confirming}
        serials={serials}
        approvalThreshold={COMMAND_LIMITS.approvalAbove}
        busy={busy}
        summary={[
          `${t('commands.dispatch.dispatchId')}: ${schedule.dispatchId}`,
          `${t('commands.dispatch.days.weekday')}: ${schedule.weekday.length}, ${t('commands.dispatch.days.weekend')}: ${schedule.weekend.length}`,
        ]}
        onConfirm={(confirm) => void send(confirm)}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

const SOC_FIELDS = ['batterySocPercent'] as const;

/** The battery's SoC today (the plant's day), to see the schedule followed. */
function SocTrace({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const [date] = useState(() => dayjs().format('YYYY-MM-DD'));
  const history = useDeviceHistory(serial, date, SOC_FIELDS);
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 24, top: 24, bottom: 32 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', min: 0, max: 100, name: '%' },
      series: [
        {
          name: t('commands.dispatch.socTrace'),
          type: 'line',
          showSymbol: false,
          data: (history.data?.points ?? []).map((p) => [p.ts, p.values[0]]),
        },
      ],
    }),
    [history.data, t],
  );
  return (
    <Card title={`${t('commands.dispatch.socTrace')} · ${serial}`}>
      <Chart option={option} height={260} testId="dispatch-soc-chart" />
    </Card>
  );
}
