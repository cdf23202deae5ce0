import { Descriptions, Table, Typography } from 'antd';
import { AGENT_POLL_ERROR_KINDS, type CollectorRow } from '@solarops/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';

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

/**
 * What an edge agent said in its last status: each link's latency, and for every device it polls what discovery
 * found (manufacturer, model, its own serial and version, SunSpec models or register profile), its last reading
 * that reached the server and its failed polls by kind.
 */
export function AgentReport({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const zone = browserTimeZone();
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
      <Table<AgentDevice>
        size="small"
        rowKey="sn"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={agent.devices}
        data-testid="agent-devices"
        columns={[
          { title: t('station.agent.sn'), dataIndex: 'sn' },
          {
            title: t('station.agent.where'),
            key: 'where',
            render: (_: unknown, d) => t('station.agent.whereOf', { link: d.link, unitId: d.unitId }),
          },
          {
            title: t('station.agent.manufacturer'),
            key: 'mn',
            render: (_: unknown, d) => d.identity?.manufacturer,
          },
          { title: t('station.agent.model'), key: 'md', render: (_: unknown, d) => d.identity?.model },
          { title: t('station.agent.ownSerial'), key: 'own', render: (_: unknown, d) => d.identity?.serial },
          {
            title: t('station.agent.deviceVersion'),
            key: 'vr',
            render: (_: unknown, d) => d.identity?.version,
          },
          { title: t('station.agent.found'), key: 'found', render: (_: unknown, d) => foundText(d, t) },
          {
            title: t('station.agent.lastReading'),
            dataIndex: 'lastReadingAt',
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
