import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Card, Col, DatePicker, Descriptions, Empty, Row, Table, Tabs, Typography } from 'antd';
import { INVERTER_KINDS, type DeviceRow, zonedDay } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatInZone, formatZoned } from '../../../components/format/formatDate.ts';
import '../../../components/chart/echartsExtras.ts';
import { Chart } from '../../../components/chart/Chart.tsx';
import { HistoryLoading } from '../../../components/chart/HistoryLoading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { StatusTag } from './StatusTag.tsx';
import { useDevice, useDeviceHistory } from '../../../api/devices.ts';
import { fieldGroups, fieldLabel } from './deviceFields.ts';
import { PvLayoutCard } from './PvLayoutCard.tsx';
import { StringComparison } from './StringComparison.tsx';

/** An axis tooltip whose time is the plant's local time (ECharts would show the browser's). */
const tooltipInZone =
  (timeZone: string) =>
  (params: unknown): string => {
    const items = params as { marker: string; seriesName: string; value: [string, number | null] }[];
    if (items.length === 0) return '';
    const lines = items.map((p) => `${p.marker}${p.seriesName}: ${p.value[1] ?? '-'}`);
    return [formatInZone(items[0]!.value[0], timeZone), ...lines].join('<br/>');
  };

/** A device's information, its history charts of every field of a day, and its record tabs. */
export function DeviceDetail({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const device = useDevice(sn);
  return (
    <QueryState
      isLoading={device.isLoading}
      error={device.error}
      isEmpty={!device.data}
      onRetry={() => void device.refetch()}
    >
      {device.data ? <DeviceBody device={device.data} t={t} /> : null}
    </QueryState>
  );
}

function DeviceBody({
  device,
  t,
}: {
  device: DeviceRow;
  t: (k: string, o?: Record<string, unknown>) => string;
}) {
  // The plant's local day, like the plant's curve: the browser's own day would cut the plant's day in two.
  const [day, setDay] = useState<Dayjs>(() => dayjs(zonedDay(device.timeZone, Date.now())));
  const groups = useMemo(() => fieldGroups(device), [device]);
  const fields = useMemo(() => groups.flatMap((g) => g.fields), [groups]);
  const history = useDeviceHistory(device.serial, day.format('YYYY-MM-DD'), fields);
  const points = history.data?.points ?? [];
  // Inverters chart one current per PV string (deviceFields.ts); the same strings are compared side by side.
  const strings = fields.filter((f) => /^pvI\d+$/.test(f)).length;
  const label = (f: string) => {
    const [key, options] = fieldLabel(f);
    return t(key, options);
  };
  return (
    <div data-testid="device-detail">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('station.device.serial')}>{device.serial}</Descriptions.Item>
        <Descriptions.Item label={t('station.device.name')}>{device.name || device.serial}</Descriptions.Item>
        <Descriptions.Item label={t('station.device.kind')}>
          {t(`station.kind.${device.kind}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.device.model')}>{device.model}</Descriptions.Item>
        <Descriptions.Item label={t('station.device.arm')}>{device.armVersion}</Descriptions.Item>
        <Descriptions.Item label={t('station.device.dsp')}>{device.dspVersion}</Descriptions.Item>
        <Descriptions.Item label={t('station.device.plant')}>{device.plantName}</Descriptions.Item>
        <Descriptions.Item label={t('station.device.collector')}>
          {device.collectorSerial ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.device.status')}>
          <StatusTag status={device.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('station.device.signal')}>
          {device.signal === null ? '' : `${device.signal} dBm`}
        </Descriptions.Item>
        <Descriptions.Item label={t('station.device.pvStrings')}>{device.pvStrings}</Descriptions.Item>
        <Descriptions.Item label={t('station.device.lastSeen')}>
          {formatZoned(device.lastSeenAt, device.timeZone)}
        </Descriptions.Item>
      </Descriptions>
      {INVERTER_KINDS.includes(device.kind) ? <PvLayoutCard device={device} /> : null}
      <div className="station-toolbar" style={{ marginTop: 16 }}>
        <DatePicker
          value={day}
          allowClear={false}
          disabledDate={(d) => d.format('YYYY-MM-DD') > zonedDay(device.timeZone, Date.now())}
          onChange={(d) => d && setDay(d)}
          data-testid="device-day"
        />
        <Typography.Text type="secondary" data-testid="device-zone">
          {t('station.device.plantTime', { zone: device.timeZone })}
        </Typography.Text>
      </div>
      {strings > 0 && !history.isLoading ? (
        <div style={{ marginBottom: 16 }}>
          <StringComparison fields={fields} points={points} strings={strings} />
        </div>
      ) : null}
      <Tabs
        items={[
          {
            key: 'charts',
            label: t('station.device.charts'),
            children: (
              <>
                <HistoryLoading loading={history.data?.historyLoading} />
                <QueryState
                  isLoading={history.isLoading}
                  error={history.error}
                  isEmpty={points.length === 0}
                  onRetry={() => void history.refetch()}
                  emptyText={t('station.device.noData')}
                >
                  <Row gutter={[16, 16]}>
                    {groups.map((g) => {
                      const offset = fields.indexOf(g.fields[0]!);
                      return (
                        <Col key={g.key} xs={24} xl={12}>
                          <Card
                            size="small"
                            title={`${t(`station.chart.${g.key}`)} (${g.unit})`}
                            data-testid={`chart-${g.key}`}
                          >
                            <Chart
                              height={240}
                              option={{
                                tooltip: { trigger: 'axis', formatter: tooltipInZone(device.timeZone) },
                                legend: { type: 'scroll', top: 0 },
                                grid: { left: 48, right: 16, top: 36, bottom: 28 },
                                // The plant's local clock, as on the plant's curve (not the browser's zone).
                                xAxis: {
                                  type: 'time',
                                  axisLabel: {
                                    formatter: (v: number) => formatInZone(v, device.timeZone, true),
                                  },
                                },
                                yAxis: { type: 'value', scale: true },
                                series: g.fields.map((f, i) => ({
                                  name: label(f),
                                  type: 'line',
                                  showSymbol: false,
                                  connectNulls: false,
                                  data: points.map((p) => [p.ts, p.values[offset + i] ?? null]),
                                })),
                              }}
                            />
                          </Card>
                        </Col>
                      );
                    })}
                  </Row>
                </QueryState>
              </>
            ),
          },
          {
            key: 'running',
            label: t('station.device.running'),
            children: (
              <Table
                size="small"
                rowKey="ts"
                loading={history.isLoading}
                dataSource={points}
                scroll={{ x: 'max-content' }}
                pagination={{ pageSize: 20, showSizeChanger: false }}
                locale={{ emptyText: <Empty description={t('station.device.noData')} /> }}
                columns={[
                  {
                    title: t('station.device.time'),
                    dataIndex: 'ts',
                    fixed: 'left',
                    render: (v: string) => formatInZone(v, device.timeZone),
                  },
                  ...fields.map((f, i) => ({
                    title: label(f),
                    key: f,
                    render: (_: unknown, p: { values: (number | null)[] }) => p.values[i] ?? '',
                  })),
                ]}
              />
            ),
          },
          {
            key: 'events',
            label: t('station.device.events'),
            children: <Empty description={t('station.device.noEvents')} />,
          },
        ]}
      />
    </div>
  );
}
