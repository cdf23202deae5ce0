import { Descriptions, Table, Tag } from 'antd';
import { AGENT_COLLECTOR_MODEL, type CollectorRow } from '@solarops/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useCollector } from './api.ts';
import { AgentReport } from './AgentReport.tsx';
import { AgentConfigButton } from './AgentConfigButton.tsx';
import { pathOf } from '../../../router/paths.ts';

/**
 * What a collector said of its clock, which stamps its readings: its difference to the server's (within a second
 * counts as on time: the message's own transit) and whether it is synchronised. Empty when it never said.
 */
function clockText(c: Pick<CollectorRow, 'clockOffsetMs' | 'clockSynced'>, t: TFunction): string {
  if (c.clockOffsetMs === null) return '';
  const s = Math.round(Math.abs(c.clockOffsetMs) / 1000);
  const offset =
    s < 1
      ? t('station.collector.clockOnTime')
      : t(c.clockOffsetMs > 0 ? 'station.collector.clockAhead' : 'station.collector.clockBehind', { s });
  if (c.clockSynced === null) return offset;
  const sync = t(c.clockSynced ? 'station.collector.clockSynced' : 'station.collector.clockNotSynced');
  return t('station.collector.clockState', { offset, sync });
}

/**
 * One collector's information: plant, signal, SIM, last seen, online, and the devices reporting through it; for an
 * edge agent also what it said of its links and of every device it polls.
 */
export function CollectorCard({ c }: { c: CollectorRow }) {
  const { t } = useTranslation();
  return (
    <div className="station-collector" data-testid="collector-info">
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('station.collector.serial')}>
          {c.serial} {c.model === AGENT_COLLECTOR_MODEL ? <AgentConfigButton serial={c.serial} /> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.collector.plant')}>
          {c.plantName ?? t('station.collector.unbound')}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.collector.model')}>{c.model}</Descriptions.Item>
        <Descriptions.Item
          label={t(
            c.model === AGENT_COLLECTOR_MODEL ? 'station.agent.version' : 'station.collector.firmware',
          )}
        >
          {c.firmwareVersion}{' '}
          {/* The update screen picks the package and upgrades this collector through the upgrade command. */}
          <Link to={pathOf('update', { serial: c.serial })} data-testid="collector-upgrade">
            {t('station.collector.upgrade')}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('station.collector.network')}>{c.network}</Descriptions.Item>
        <Descriptions.Item label={t('station.collector.signal')}>
          {c.signal === null ? '' : `${c.signal} dBm`}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.collector.iccid')}>{c.iccid ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('station.collector.clock')}>
          <span data-testid="collector-clock">{clockText(c, t)}</span>
        </Descriptions.Item>
        {/* Only a collector that keeps a buffer on disk (the edge agent) says what it had to drop from it. */}
        {c.droppedReadings === null ? null : (
          <Descriptions.Item label={t('station.collector.droppedReadings')}>
            <span data-testid="collector-dropped">{c.droppedReadings}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('station.collector.lastSeen')}>
          {formatZoned(c.lastSeenAt, browserTimeZone())}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.collector.online')}>
          <Tag color={c.online ? 'success' : 'default'}>
            {t(c.online ? 'station.status.online' : 'station.status.offline')}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="serial"
        style={{ marginTop: 12 }}
        pagination={false}
        dataSource={c.devices}
        columns={[
          { title: t('station.device.serial'), dataIndex: 'serial' },
          {
            title: t('station.device.kind'),
            dataIndex: 'kind',
            render: (k: string) => t(`station.kind.${k}`),
          },
          {
            title: t('station.collector.boundAt'),
            dataIndex: 'boundAt',
            render: (v: string) => formatZoned(v, browserTimeZone()),
          },
        ]}
      />
      {c.agent ? <AgentReport agent={c.agent} collector={c} /> : null}
    </div>
  );
}

/** The collector information of `dialogcollectinfor`, looked up by its exact serial. */
export function CollectorInfo({ sn }: { sn: string }) {
  const query = useCollector(sn);
  const found = query.data;
  return (
    <QueryState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!found}
      onRetry={() => void query.refetch()}
    >
      {found ? <CollectorCard c={found} /> : null}
    </QueryState>
  );
}
