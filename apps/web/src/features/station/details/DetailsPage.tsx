import '../station-shared/station.css';
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Row,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { AGENT_COLLECTOR_MODEL, type DeviceRow, formatMoney } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { IncomeLines } from '../../../components/IncomeLines.tsx';
import { MissingState } from '../../../components/MissingState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { StatusTag } from '../station-shared/StatusTag.tsx';
import { DeviceDetail } from '../station-shared/DeviceDetail.tsx';
import { CollectorInfo } from '../station-shared/CollectorInfo.tsx';
import {
  usePlant,
  usePlantCollectors,
  usePlantDevices,
  usePlantMutations,
  usePlantSummary,
} from '../station-shared/api.ts';
import { EnergyChart } from './EnergyChart.tsx';
import { EnergyFlowCard } from './EnergyFlowCard.tsx';
import { PerformanceCard } from './PerformanceCard.tsx';
import { PowerChart } from './PowerChart.tsx';
import { AddAgentButton } from './AddAgentButton.tsx';
import { FollowToggle } from '../station-shared/FollowToggle.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { pathOf } from '../../../router/paths.ts';

/** The plant details (`details?id=`): header figures, power and energy charts, devices, collectors, information. */
export function DetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : undefined;
  const plant = usePlant(id);
  const navigate = useNavigate();
  const missing = {
    text: t('station.details.missing'),
    backLabel: t('station.details.backToList'),
    onBack: () => void navigate(pathOf('list')),
  };
  return (
    <div className="app-container station-page" data-testid="plant-details">
      {id === undefined ? (
        <MissingState {...missing} />
      ) : (
        <QueryState
          isLoading={plant.isLoading}
          error={plant.error}
          isEmpty={!plant.data}
          onRetry={() => void plant.refetch()}
          emptyText={t('station.details.notFound')}
          missing={missing}
        >
          {plant.data ? <DetailsBody id={id} /> : null}
        </QueryState>
      )}
    </div>
  );
}

function DetailsBody({ id }: { id: number }) {
  const { t } = useTranslation();
  const message = useMessage();
  const plant = usePlant(id).data!;
  const summary = usePlantSummary(id);
  const devices = usePlantDevices(id);
  const { bindCollector } = usePlantMutations();
  const [collector, setCollector] = useState<string | null>(null);
  const [device, setDevice] = useState<string | null>(null);
  const [serial, setSerial] = useState('');
  const s = summary.data;
  const plantCollectors = usePlantCollectors(id).data ?? [];
  // The devices' collectors, and the plant's own (an edge agent just added reports no device yet).
  const collectors = [
    ...new Set([
      ...(devices.data ?? []).map((d) => d.collectorSerial).filter((c): c is string => !!c),
      ...plantCollectors.map((c) => c.serial),
    ]),
  ];
  // Edge agents through which devices report: the plant's devices are read over Modbus there, as a real plant's are.
  const reportingAgents = new Set(
    (devices.data ?? []).filter((d) => d.viaAgent).map((d) => d.collectorSerial),
  );
  const agents = new Set([
    ...reportingAgents,
    ...plantCollectors.filter((c) => c.model === AGENT_COLLECTOR_MODEL).map((c) => c.serial),
  ]);

  const bind = () => {
    const sn = serial.trim();
    if (!sn) return;
    bindCollector
      .mutateAsync({ id, serial: sn })
      .then(() => {
        setSerial('');
        void message.success(t('common.operationSucceeded'));
      })
      .catch(() => undefined);
  };

  return (
    <>
      <Card>
        <div className="station-details-head">
          <Space align="center">
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="page-title">
              {plant.name}
            </Typography.Title>
            <StatusTag status={s?.status ?? plant.status} />
          </Space>
          <FollowToggle kind="plant" target={String(id)} testId="plant-follow" />
        </div>
        <QueryState
          isLoading={summary.isLoading}
          error={summary.error}
          isEmpty={!s}
          onRetry={() => void summary.refetch()}
        >
          {s ? (
            <Row gutter={[16, 16]} className="station-figures" data-testid="plant-figures">
              <Col xs={12} md={6} xl={3}>
                <Statistic title={t('station.plant.power')} value={formatPower(s.powerW) || '0 W'} />
              </Col>
              <Col xs={12} md={6} xl={3}>
                <Statistic title={t('station.plant.capacityKw')} value={s.capacityKw} />
              </Col>
              <Col xs={12} md={6} xl={3}>
                <Statistic
                  title={t('station.plant.energyToday')}
                  value={formatEnergy(s.energyTodayKwh) || '0 kWh'}
                />
              </Col>
              <Col xs={12} md={6} xl={3}>
                <Statistic
                  title={t('station.details.energyMonth')}
                  value={formatEnergy(s.energyMonthKwh) || '0 kWh'}
                />
              </Col>
              <Col xs={12} md={6} xl={3}>
                <Statistic
                  title={t('station.details.energyYear')}
                  value={formatEnergy(s.energyYearKwh) || '0 kWh'}
                />
              </Col>
              <Col xs={12} md={6} xl={3}>
                <Statistic
                  title={t('station.plant.energyTotal')}
                  value={formatEnergy(s.energyTotalKwh) || '0 kWh'}
                />
              </Col>
              <Col xs={12} md={6} xl={3}>
                <Statistic
                  title={t('station.details.income')}
                  valueRender={() => (
                    <IncomeLines
                      testId="plant-income"
                      incomes={[s]}
                      // Converted only into another currency than the plant's own.
                      converted={s.convertedIncome?.currency === s.currency ? null : s.convertedIncome}
                      pick={(i) => i.incomeTotalMinor}
                    />
                  )}
                />
              </Col>
              <Col xs={12} md={6} xl={3}>
                <Statistic title={t('station.details.hours')} value={`${s.equivalentHours} h`} />
              </Col>
            </Row>
          ) : null}
        </QueryState>
      </Card>
      <EnergyFlowCard plantId={id} />
      <PerformanceCard plantId={id} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <PowerChart plantId={id} today={s?.today} />
        </Col>
        <Col xs={24} xl={12}>
          <EnergyChart plantId={id} />
        </Col>
      </Row>
      <Card
        title={t('station.details.devices')}
        style={{ marginTop: 16 }}
        extra={
          <Space wrap>
            <AddAgentButton plantId={id} plantName={plant.name} />
            <Space.Compact>
              <Input
                value={serial}
                onChange={(e) => setSerial(e.target.value)}
                placeholder={t('station.details.collectorSerial')}
                onPressEnter={bind}
                data-testid="bind-serial"
              />
              <Button
                type="primary"
                loading={bindCollector.isPending}
                onClick={bind}
                data-testid="bind-button"
              >
                {t('station.details.bind')}
              </Button>
            </Space.Compact>
          </Space>
        }
      >
        {/* Outside the devices' state: a plant whose agent reports no device yet still shows it. */}
        {collectors.length === 0 ? null : (
          <Space wrap style={{ marginBottom: 12 }}>
            {collectors.map((c) => (
              <Button key={c} size="small" onClick={() => setCollector(c)} data-testid="collector-button">
                {t(agents.has(c) ? 'station.details.agentInfo' : 'station.details.collectorInfo')}: {c}
              </Button>
            ))}
          </Space>
        )}
        <QueryState
          isLoading={devices.isLoading}
          error={devices.error}
          isEmpty={(devices.data ?? []).length === 0}
          onRetry={() => void devices.refetch()}
          emptyText={t('station.details.noDevices')}
        >
          {[...reportingAgents].map((c) => (
            <Alert
              key={c}
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('station.details.viaAgent', { serial: c })}
              data-testid="plant-via-agent"
            />
          ))}
          <Table<DeviceRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={devices.data ?? []}
            scroll={{ x: 900 }}
            data-testid="plant-devices"
            columns={[
              {
                title: t('station.device.serial'),
                dataIndex: 'serial',
                render: (sn: string) => <a onClick={() => setDevice(sn)}>{sn}</a>,
              },
              {
                title: t('station.device.kind'),
                dataIndex: 'kind',
                render: (k: string) => t(`station.kind.${k}`),
              },
              { title: t('station.device.model'), dataIndex: 'model' },
              { title: t('station.device.collector'), dataIndex: 'collectorSerial' },
              {
                title: t('station.device.status'),
                dataIndex: 'status',
                render: (v: DeviceRow['status']) => <StatusTag status={v} />,
              },
              {
                title: t('station.plant.power'),
                key: 'p',
                align: 'right',
                render: (_: unknown, r) => formatPower(r.latest?.acPowerW ?? null),
              },
              {
                title: t('station.plant.energyToday'),
                key: 'e',
                align: 'right',
                render: (_: unknown, r) => formatEnergy(r.latest?.energyTodayKwh ?? null),
              },
              {
                title: t('station.device.lastSeen'),
                dataIndex: 'lastSeenAt',
                render: (v: string | null) => formatZoned(v, plant.timeZone),
              },
            ]}
          />
        </QueryState>
      </Card>
      <Card title={t('station.details.information')} style={{ marginTop: 16 }}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} data-testid="plant-info">
          <Descriptions.Item
            label={t('station.plant.owner')}
          >{`${plant.ownerName} (${plant.ownerUserCode})`}</Descriptions.Item>
          <Descriptions.Item label={t('station.plant.type')}>
            {t(`station.type.${plant.type}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('station.plant.capacityKw')}>{plant.capacityKw}</Descriptions.Item>
          <Descriptions.Item label={t('station.plant.address')}>{plant.address}</Descriptions.Item>
          <Descriptions.Item label={t('station.plant.timeZone')}>{plant.timeZone}</Descriptions.Item>
          <Descriptions.Item label={t('station.plant.buildDate')}>{plant.buildDate}</Descriptions.Item>
          <Descriptions.Item label={t('station.plant.latitude')}>{plant.latitude}</Descriptions.Item>
          <Descriptions.Item label={t('station.plant.longitude')}>{plant.longitude}</Descriptions.Item>
          <Descriptions.Item label={t('station.plant.price')}>
            {`${formatMoney(plant.priceMinorPerKwh, plant.currency)}/kWh`}
          </Descriptions.Item>
          <Descriptions.Item label={t('station.details.co2')}>
            {s ? `${s.co2AvoidedKg} kg` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('station.details.lastReading')}>
            {formatZoned(s?.lastReadingAt ?? null, plant.timeZone)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Modal
        open={collector !== null}
        title={t('menu.dialogcollectinfor')}
        footer={null}
        width={760}
        onCancel={() => setCollector(null)}
        destroyOnHidden
      >
        {collector ? <CollectorInfo sn={collector} /> : null}
      </Modal>
      <Drawer
        open={device !== null}
        size="min(1100px, 96vw)"
        title={device ?? ''}
        onClose={() => setDevice(null)}
        destroyOnHidden
      >
        {device ? <DeviceDetail sn={device} /> : null}
      </Drawer>
    </>
  );
}
