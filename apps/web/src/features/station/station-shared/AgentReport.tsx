import './station.css';
import { Alert, Button, Descriptions, Popconfirm, Table, Tag, Typography } from 'antd';
import { AGENT_POLL_ERROR_KINDS, ROLE, type CollectorRow } from '@solarops/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { useUserStore } from '../../../store/userStore.ts';
import { useAcceptFound } from './api.ts';

type Agent = NonNullable<CollectorRow['agent']>;
type AgentDevice = Agent['devices'][number];

/** What discovery found: the SunSpec model chain, the register profile a device is read by, or nothing yet. */
function foundText(d: AgentDevice, t: TFunction): string {
  if (d.profile !== 'sunspec') return t('station.agent.profile', { profile: d.profile });
  if (!d.models) return t('station.agent.notFound');
  return t('station.agent.sunspecModels', { models: d.models.join(', ') });
}

/** The failed polls by kind ("no answer: 3, refused (Modbus exception): 1"), or "None". */
function errorsText(d: AgentDevice, t: TFunction): string {
  const counts = AGENT_POLL_ERROR_KINDS.flatMap((kind) => {
    const count = d.errors[kind];
    return count
      ? [t('station.agent.errorCount', { kind: t(`station.agent.errorKind.${kind}`), count })]
      : [];
  });
  return counts.length === 0 ? t('station.agent.noErrors') : counts.join(t('station.agent.separator'));
}

/** What discovery found of a device, a line each: maker and model, its own serial and version, SunSpec or profile. */
function Identity({ d }: { d: AgentDevice }) {
  const { t } = useTranslation();
  const id = d.identity;
  const makerModel = [id?.manufacturer, id?.model].filter(Boolean).join(' ');
  const serialVersion = [
    id?.serial === undefined ? undefined : t('station.agent.ownSerialOf', { serial: id.serial }),
    id?.version === undefined ? undefined : t('station.agent.versionOf', { version: id.version }),
  ].filter(Boolean);
  return (
    <>
      {makerModel ? <div>{makerModel}</div> : null}
      {serialVersion.length > 0 ? (
        <div className="station-agent-minor">{serialVersion.join(t('station.agent.separator'))}</div>
      ) : null}
      <div className="station-agent-minor">{foundText(d, t)}</div>
    </>
  );
}

/** The agent's collector: where the devices it found are accepted. */
type AgentCollector = Pick<CollectorRow, 'serial' | 'plantId' | 'plantName'>;

/**
 * For an installer (or an administrator): accepts a device the agent found into the agent's plant, under the
 * serial the agent reads it by, once confirmed. An agent in no plant yet has nowhere to put it: no button.
 */
function AcceptFound({ d, collector }: { d: AgentDevice; collector: AgentCollector }) {
  const roleId = useUserStore((s) => s.info?.roleId);
  if (collector.plantId === null || (roleId !== ROLE.admin && roleId !== ROLE.installer)) return null;
  return <AcceptFoundButton d={d} collector={{ ...collector, plantId: collector.plantId }} />;
}

function AcceptFoundButton({
  d,
  collector,
}: {
  d: AgentDevice;
  collector: AgentCollector & { plantId: number };
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const accept = useAcceptFound();
  const plant = collector.plantName ?? '';
  return (
    <Popconfirm
      title={t('station.agent.acceptConfirm', { sn: d.sn, plant })}
      okText={t('station.agent.acceptOk')}
      onConfirm={() =>
        // Awaited, not an `onSuccess` of this call: the card's refetch after the acceptance draws the device as
        // bound, which removes this button, and a call's own callbacks are dropped once its button is gone.
        // A refusal was already shown by the request; the confirmation closes either way.
        accept
          .mutateAsync({ collectorSerial: collector.serial, plantId: collector.plantId, deviceSn: d.sn })
          .then(
            () => void message.success(t('station.agent.accepted', { sn: d.sn, plant })),
            () => undefined,
          )
      }
    >
      <Button size="small" type="primary" loading={accept.isPending} data-testid="agent-accept">
        {t('station.agent.accept')}
      </Button>
    </Popconfirm>
  );
}

/**
 * What an edge agent said in its last status: each link's latency, and for every device it polls what discovery
 * found (manufacturer, model, its own serial and version, SunSpec models or register profile), its last reading
 * that reached the server and its failed polls by kind.
 */
export function AgentReport({ agent, collector }: { agent: Agent; collector: AgentCollector }) {
  const { t } = useTranslation();
  const zone = browserTimeZone();
  const found = agent.devices.filter((d) => d.found).length;
  return (
    <div className="station-agent" data-testid="agent-report">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('station.agent.title')}
      </Typography.Title>
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label={t('station.agent.latency')}>
          <span data-testid="agent-latency">
            {agent.links
              .map((l) =>
                l.latencyMs === undefined
                  ? t('station.agent.noAnswerYet', { name: l.name })
                  : t('station.agent.latencyOf', { name: l.name, ms: Math.round(l.latencyMs) }),
              )
              .join(t('station.agent.separator'))}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text strong style={{ display: 'block', margin: '12px 0 8px' }}>
        {t('station.agent.devices')}
      </Typography.Text>
      {found === 0 ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={t(collector.plantId === null ? 'station.agent.foundUnbound' : 'station.agent.foundNote', {
            count: found,
            plant: collector.plantName ?? '',
          })}
          data-testid="agent-found-note"
        />
      )}
      {/* Four columns, each device's findings stacked in one, so that the table fits the 760 px collector dialog. */}
      <Table<AgentDevice>
        size="small"
        rowKey="sn"
        pagination={false}
        tableLayout="fixed"
        dataSource={agent.devices}
        data-testid="agent-devices"
        columns={[
          {
            title: t('station.agent.sn'),
            key: 'sn',
            width: '24%',
            render: (_: unknown, d) => (
              <>
                <Typography.Text strong>{d.sn}</Typography.Text>
                <div className="station-agent-minor">
                  {t('station.agent.whereOf', { link: d.link, unitId: d.unitId })}
                </div>
                {d.found ? (
                  <div className="station-agent-found" data-testid="agent-found">
                    <Tag color="processing">{t('station.agent.foundTag')}</Tag>
                    <AcceptFound d={d} collector={collector} />
                  </div>
                ) : null}
              </>
            ),
          },
          {
            title: t('station.agent.identity'),
            key: 'identity',
            width: '34%',
            render: (_: unknown, d) => <Identity d={d} />,
          },
          {
            title: t('station.agent.lastReading'),
            dataIndex: 'lastReadingAt',
            width: '17%',
            render: (v: string | null) => (v === null ? '' : formatZoned(v, zone)),
          },
          {
            title: t('station.agent.errors'),
            key: 'errors',
            render: (_: unknown, d) => (
              <>
                <div>{errorsText(d, t)}</div>
                {d.lastError === undefined ? null : (
                  <Typography.Text type="secondary">
                    {t('station.agent.lastError', { message: d.lastError })}
                  </Typography.Text>
                )}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
