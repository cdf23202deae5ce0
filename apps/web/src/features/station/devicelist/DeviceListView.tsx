import '../station.css';
import { useState } from 'react';
import { Button, Card, Drawer, Form, Input, Select, Space, Table, Typography } from 'antd';
import { DEVICE_STATUSES, LIMITS, type DeviceRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { QueryState } from '../components/QueryState.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { useDeviceList } from '../api.ts';
import { DeviceDetail } from './DeviceDetail.tsx';

interface Search {
  sn?: string;
  plant?: string;
  status?: DeviceRow['status'];
  model?: string;
  family?: DeviceRow['kind'];
}

/**
 * A device list of some families (inverters, storage, meters and weather stations): search by serial, plant,
 * status, model and family, latest readings, and the device detail in a drawer.
 */
export function DeviceListView({
  families,
  storage = false,
  testId,
  titleKey,
}: {
  families: readonly DeviceRow['kind'][];
  /** Storage lists show the battery's state of charge. */
  storage?: boolean;
  testId: string;
  /** i18n key of the screen's title. */
  titleKey: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pageSizeDefault);
  const [detail, setDetail] = useState<string | null>(null);
  const query = useDeviceList(
    {
      sn: search.sn,
      status: search.status,
      model: search.model,
      plantName: search.plant,
      ...(search.family ? { family: search.family } : { families: families.join(',') }),
    },
    page,
    limit,
  );
  const rows = query.data?.rows ?? [];
  return (
    <div className="app-container station-page" data-testid={testId}>
      <Card className="station-search">
        <Typography.Title level={5} className="station-title" data-testid="page-title">
          {t(titleKey)}
        </Typography.Title>
        <Form
          form={form}
          layout="inline"
          onFinish={() => {
            const v = form.getFieldsValue();
            setSearch(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')));
            setPage(1);
          }}
        >
          <Form.Item name="sn" label={t('station.device.serial')}>
            <Input allowClear data-testid="device-search-sn" />
          </Form.Item>
          <Form.Item name="plant" label={t('station.device.plant')}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label={t('station.device.status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`station.status.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="model" label={t('station.device.model')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="family" label={t('station.device.kind')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={families.map((k) => ({ value: k, label: t(`station.kind.${k}`) }))}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('station.common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setSearch({});
                setPage(1);
              }}
            >
              {t('station.common.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card>
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          onRetry={() => void query.refetch()}
          emptyText={t('station.device.empty')}
        >
          <Table<DeviceRow>
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 1100 }}
            data-testid="device-table"
            columns={[
              {
                title: t('station.device.serial'),
                dataIndex: 'serial',
                render: (sn: string) => (
                  <a onClick={() => setDetail(sn)} data-testid="device-link">
                    {sn}
                  </a>
                ),
              },
              {
                title: t('station.device.kind'),
                dataIndex: 'kind',
                render: (k: DeviceRow['kind']) => t(`station.kind.${k}`),
              },
              { title: t('station.device.model'), dataIndex: 'model' },
              { title: t('station.device.plant'), dataIndex: 'plantName' },
              { title: t('station.device.collector'), dataIndex: 'collectorSerial' },
              {
                title: t('station.device.status'),
                dataIndex: 'status',
                render: (s: DeviceRow['status']) => <StatusTag status={s} />,
              },
              {
                title: t('station.plant.power'),
                key: 'power',
                align: 'right',
                render: (_: unknown, r) => formatPower(r.latest?.acPowerW ?? null),
              },
              storage
                ? {
                    title: t('station.field.batterySocPercent'),
                    key: 'soc',
                    align: 'right' as const,
                    render: (_: unknown, r: DeviceRow) =>
                      r.latest?.batterySocPercent === null || r.latest?.batterySocPercent === undefined
                        ? ''
                        : `${r.latest.batterySocPercent} %`,
                  }
                : {
                    title: t('station.plant.energyToday'),
                    key: 'energy',
                    align: 'right' as const,
                    render: (_: unknown, r: DeviceRow) => formatEnergy(r.latest?.energyTodayKwh ?? null),
                  },
              {
                title: t('station.field.tempC'),
                key: 'temp',
                align: 'right',
                render: (_: unknown, r) =>
                  r.latest?.tempC === null || r.latest?.tempC === undefined ? '' : `${r.latest.tempC} °C`,
              },
              {
                title: t('station.device.lastSeen'),
                dataIndex: 'lastSeenAt',
                render: (v: string | null) => formatDate(v),
              },
            ]}
          />
        </QueryState>
        <Pagination
          total={query.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(p, l) => {
            setPage(p);
            setLimit(l);
          }}
        />
      </Card>
      <Drawer
        open={detail !== null}
        size="large"
        width="min(1100px, 96vw)"
        title={detail ?? ''}
        onClose={() => setDetail(null)}
        destroyOnHidden
      >
        {detail ? <DeviceDetail sn={detail} /> : null}
      </Drawer>
    </div>
  );
}
