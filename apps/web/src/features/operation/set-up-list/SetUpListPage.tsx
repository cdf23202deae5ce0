import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Select, Space, Typography } from 'antd';
import { COMMAND_LIMITS, type CreatedCommands, type PointValues } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { isLanguage } from '../../../i18n/language.ts';
import { commandApi, useCommandDevices, useProfiles } from '../command-shared/api.ts';
import { AwaitingBatches } from '../command-shared/AwaitingBatches.tsx';
import { CommandResults } from '../command-shared/CommandResults.tsx';
import { ConfirmWriteDialog } from '../command-shared/ConfirmWriteDialog.tsx';
import { DevicePicker } from '../command-shared/DevicePicker.tsx';
import { RefusedDevices } from '../command-shared/RefusedDevices.tsx';
import { PointInput } from '../command-shared/SettingsForm.tsx';
import { problemOf } from '../command-shared/settingsForm.ts';
import { batchPoints, lackingDevices, offeredPoints, type LackReason } from './batchPoints.ts';

/**
 * `setUpList` (hidden): one change to many devices of mixed models. The points offered are those some chosen device
 * can take, each with how many can; the devices that cannot take the point chosen are named with why before
 * anything is sent (their model lacks it, or their edge agent did not find it on them), and the server refuses them
 * too. Each device's result follows, and the failed ones can be sent again.
 */
export function SetUpListPage() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const profiles = useProfiles();
  const devices = useCommandDevices({});
  const reachable = useMemo(() => (devices.data ?? []).filter((d) => d.profileId !== null), [devices.data]);
  const [plantId, setPlantId] = useState<number>();
  const [serials, setSerials] = useState<string[]>([]);
  const [pointName, setPointName] = useState<string>();
  const [value, setValue] = useState<number | null>(null);
  /** The write waiting for its typed confirmation: a first send, or a retry of the failed ones. */
  const [confirming, setConfirming] = useState<{ serials: string[]; values: PointValues }>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ created: CreatedCommands; values: PointValues }[]>([]);

  const points = useMemo(() => batchPoints(profiles.data ?? []), [profiles.data]);
  const offered = useMemo(() => offeredPoints(points, reachable, serials), [points, reachable, serials]);
  const chosen = points.find((p) => p.name === pointName);
  const profileOf = (sn: string) => reachable.find((d) => d.serial === sn)?.profileId;
  const lackingBy = useMemo(
    () => (chosen ? lackingDevices(chosen, reachable, serials) : { model: [], notFound: [] }),
    [chosen, reachable, serials],
  );
  const lacking = [...lackingBy.model, ...lackingBy.notFound];
  // The value must suit every model chosen that has the point (ranges differ by model).
  const problem = chosen
    ? chosen.profiles
        .filter((p) => serials.some((sn) => profileOf(sn) === p.profile.id))
        .map((p) => ({ p, problem: problemOf(p.point, value) }))
        .find((x) => x.problem)
    : undefined;
  const reference = chosen?.profiles[0]?.point;

  const send = async (
    { serials: targets, values }: { serials: string[]; values: PointValues },
    confirm: string,
  ) => {
    setSending(true);
    try {
      const created = await commandApi.writeSettings({
        route: 'setUpList',
        serials: targets,
        values,
        confirm,
      });
      setSent((s) => [{ created, values }, ...s]);
      setConfirming(undefined);
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
          {t('menu.setUpList')}
        </Typography.Title>
        <DevicePicker
          devices={reachable}
          loading={devices.isLoading}
          plantId={plantId}
          onPlantChange={setPlantId}
          value={serials}
          onChange={setSerials}
        />
        <Form layout="inline" component="div" style={{ marginTop: 12, rowGap: 8 }}>
          <Form.Item label={t('commands.batch.point')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 320 }}
              data-testid="batch-point"
              value={pointName}
              onChange={(n: string) => {
                setPointName(n);
                setValue(null);
              }}
              options={offered.map(({ point: p, taking }) => ({
                value: p.name,
                label:
                  `${p.profiles[0]!.point.label[lang]} (${p.profiles.map((x) => x.profile.vendor[lang]).join(', ')})` +
                  (taking < serials.length
                    ? ` · ${t('commands.batch.taking', { count: taking, total: serials.length })}`
                    : ''),
              }))}
            />
          </Form.Item>
          {reference && (
            <Form.Item
              label={t('commands.batch.value')}
              validateStatus={value !== null && problem ? 'error' : undefined}
              help={
                value !== null && problem?.problem
                  ? `${problem.p.profile.vendor[lang]}: ${t(`commands.form.problems.${problem.problem.key}`, problem.problem.values)}`
                  : undefined
              }
            >
              <PointInput
                point={reference}
                lang={lang}
                value={value ?? undefined}
                onChange={(v) => setValue(v)}
              />
            </Form.Item>
          )}
          <Space>
            <Button
              type="primary"
              data-testid="batch-send"
              disabled={!chosen || value === null || Boolean(problem) || serials.length === lacking.length}
              onClick={() =>
                pointName && value !== null && setConfirming({ serials, values: { [pointName]: value } })
              }
            >
              {t('commands.batch.send', { count: serials.length })}
            </Button>
          </Space>
        </Form>
        {lacking.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            data-testid="batch-lacking"
            title={t('commands.batch.lacking', { count: lacking.length })}
            description={(['model', 'notFound'] as const satisfies readonly LackReason[])
              .filter((reason) => lackingBy[reason].length > 0)
              .map((reason) => (
                <div key={reason} data-testid={`batch-lacking-${reason}`}>
                  {t(`commands.batch.lack.${reason}`, { count: lackingBy[reason].length })}
                  {': '}
                  {lackingBy[reason].slice(0, 20).join(', ') + (lackingBy[reason].length > 20 ? ' …' : '')}
                </div>
              ))}
          />
        )}
      </Card>
      <AwaitingBatches />
      {sent.map(({ created, values }, i) => (
        <Card
          key={created.batchId ?? created.commands[0]?.id ?? i}
          style={{ marginBottom: 12 }}
          title={t(i === 0 ? 'commands.batch.latest' : 'commands.batch.earlier')}
        >
          <RefusedDevices refused={created.refused} />
          {created.commands.length > 0 && (
            <CommandResults
              selection={
                created.batchId ? { batchId: created.batchId } : { ids: created.commands.map((c) => c.id) }
              }
              onRetryFailed={(failed) => failed.length > 0 && setConfirming({ serials: failed, values })}
            />
          )}
        </Card>
      ))}
      <ConfirmWriteDialog
        open={confirming !== undefined}
        serials={confirming?.serials ?? []}
        approvalThreshold={COMMAND_LIMITS.approvalAbove}
        busy={sending}
        summary={Object.entries(confirming?.values ?? {}).map(([name, v]) => {
          const label = points.find((p) => p.name === name)?.profiles[0]?.point.label[lang] ?? name;
          return `${label} → ${v}`;
        })}
        onConfirm={(confirm) => confirming && void send(confirming, confirm)}
        onCancel={() => setConfirming(undefined)}
      />
    </div>
  );
}
