import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import {
  COMMAND_LIMITS,
  type CreatedCommands,
  type PointValues,
  type SettingsProfileId,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { isLanguage } from '../../../i18n/language.ts';
import {
  commandApi,
  type SettingsRoute,
  useCommandDevices,
  useCommandPush,
  useProfiles,
} from '../command-shared/api.ts';
import { CommandResults, selectionQuery } from '../command-shared/CommandResults.tsx';
import { CommandStateTag } from '../command-shared/CommandStateTag.tsx';
import { ConfirmWriteDialog } from '../command-shared/ConfirmWriteDialog.tsx';
import { DevicePicker } from '../command-shared/DevicePicker.tsx';
import { RefusedDevices } from '../command-shared/RefusedDevices.tsx';
import { SettingsForm } from '../command-shared/SettingsForm.tsx';
import { formatPointValue, profileOffered } from '../command-shared/settingsForm.ts';
import { useDeviceRead } from '../command-shared/useDeviceRead.ts';
import { pathOf } from '../../../router/paths.ts';

/**
 * A remote-settings screen for one settings profile (`remoteSet`, `remoteSet1`, `YongfuRemoteSettings`): choose a
 * plant and devices, read the current values from the first device, edit them in the form generated from the
 * profile, confirm by typing the serial (or the device count) and follow each device's command. `submitRoute`:
 * the hidden results screen opened after sending; without it the results show below the form.
 */
export function SettingsScreen({
  route,
  profileId,
  submitRoute,
}: {
  route: SettingsRoute;
  profileId: SettingsProfileId;
  submitRoute?: 'remoteSetSubmit' | 'remoteSetSubmit1';
}) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const navigate = useNavigate();
  useCommandPush();
  const profiles = useProfiles();
  const devices = useCommandDevices({ profileId });
  const [plantId, setPlantId] = useState<number>();
  const [serials, setSerials] = useState<string[]>([]);
  const shipped = profiles.data?.find((p) => p.id === profileId);
  // For devices behind an edge agent, the points their discovery found (every point for the others).
  const profile = useMemo(
    () => shipped && profileOffered(shipped, devices.data ?? [], serials),
    [shipped, devices.data, serials],
  );
  const read = useDeviceRead();
  const [reading, setReading] = useState(false);
  const [pending, setPending] = useState<PointValues>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<CreatedCommands>();
  const reference = serials[0];
  const readOf = read.command?.deviceSerial === reference ? read : undefined;

  const startRead = async () => {
    if (!reference) return;
    setReading(true);
    try {
      read.follow(await commandApi.readSettings(route, reference));
    } catch {
      // The request module has shown the reason.
    } finally {
      setReading(false);
    }
  };

  const send = async (confirm: string) => {
    if (!pending) return;
    setSending(true);
    try {
      const created = await commandApi.writeSettings({ route, serials, values: pending, confirm });
      setPending(undefined);
      const selection = created.batchId
        ? { batchId: created.batchId }
        : { ids: created.commands.map((c) => c.id) };
      if (submitRoute && created.commands.length > 0)
        void navigate(`${pathOf(submitRoute)}?${selectionQuery(selection)}`);
      else setSent(created);
    } catch (e) {
      void errorMessage(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="app-container">
      <Card style={{ marginBottom: 12 }}>
        <Typography.Title level={5} className="page-title" data-testid="page-title">
          {t(`menu.${route}`)}
          {profile && (
            <Typography.Text type="secondary" style={{ marginLeft: 12, fontSize: 13 }}>
              {profile.vendor[lang]}
            </Typography.Text>
          )}
        </Typography.Title>
        <DevicePicker
          devices={devices.data ?? []}
          loading={devices.isLoading}
          plantId={plantId}
          onPlantChange={setPlantId}
          value={serials}
          onChange={setSerials}
        />
        <Space style={{ marginTop: 12 }} wrap>
          <Button
            icon={<ReloadOutlined />}
            disabled={!reference}
            loading={reading}
            onClick={() => void startRead()}
            data-testid="read-current"
          >
            {t('commands.screen.readCurrent', { sn: reference ?? '' })}
          </Button>
          {readOf?.command && (
            <CommandStateTag state={readOf.command.state} failure={readOf.command.failure} />
          )}
        </Space>
        {readOf && <RefusedDevices refused={readOf.refused} />}
      </Card>
      {sent && (
        <Card style={{ marginBottom: 12 }} title={t('commands.screen.results')}>
          <RefusedDevices refused={sent.refused} />
          {sent.commands.length > 0 && (
            <CommandResults
              selection={sent.batchId ? { batchId: sent.batchId } : { ids: sent.commands.map((c) => c.id) }}
            />
          )}
        </Card>
      )}
      <Card>
        {!profile ? (
          <Empty />
        ) : (
          <>
            {!readOf?.values && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('commands.screen.readFirst')}
              />
            )}
            <SettingsForm
              profile={profile}
              current={readOf?.values}
              reverts={readOf?.reverts}
              busy={sending}
              onSubmit={setPending}
            />
          </>
        )}
      </Card>
      <ConfirmWriteDialog
        open={pending !== undefined}
        serials={serials}
        approvalThreshold={COMMAND_LIMITS.approvalAbove}
        busy={sending}
        summary={
          profile && pending
            ? Object.entries(pending).map(([name, v]) => {
                const p = profile.points.find((x) => x.name === name)!;
                return `${p.label[lang]}: ${formatPointValue(p, readOf?.values?.[name], lang, t)} → ${formatPointValue(p, v, lang, t)}`;
              })
            : []
        }
        onConfirm={(confirm) => void send(confirm)}
        onCancel={() => setPending(undefined)}
      />
    </div>
  );
}

/** `remoteSet`: SunSpec-style inverters. */
export const RemoteSetPage = () => (
  <SettingsScreen route="remoteSet" profileId="sunspecInverter" submitRoute="remoteSetSubmit" />
);

/** `remoteSet1`: register-style hybrid inverters. */
export const RemoteSet1Page = () => (
  <SettingsScreen route="remoteSet1" profileId="hybridRegister" submitRoute="remoteSetSubmit1" />
);

/** `YongfuRemoteSettings`: the third vendor's storage inverters; results show on the same screen. */
export const YongfuRemoteSettingsPage = () => (
  <SettingsScreen route="YongfuRemoteSettings" profileId="yongfuStorage" />
);
