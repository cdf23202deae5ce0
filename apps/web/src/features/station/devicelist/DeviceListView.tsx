import '../station-shared/station.css';
import { useState } from 'react';
import { Drawer, Form, Input, Select } from 'antd';
import { DEVICE_STATUSES, type DeviceRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { StatusTag } from '../station-shared/StatusTag.tsx';
import { useDeviceList } from '../station-shared/api.ts';
import { DeviceDetail } from '../station-shared/DeviceDetail.tsx';

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
  const list = useListState<Search>({});
  const search = list.filters;
  const [detail, setDetail] = useState<string | null>(null);
  const query = useDeviceList(
    {
      sn: search.sn,
      status: search.status,
      model: search.model,
      plantName: search.plant,
      ...(search.family ? { family: search.family } : { families: families.join(',') }),
    },
    list.page,
    list.limit,
  );
  return (
    <ListPage<DeviceRow, Search>
      layout="split"
      title={t(titleKey)}
      testId={testId}
      list={list}
      query={query}
      emptyText={t('station.device.empty')}
      search={
        <SearchForm<Search> onSearch={list.search}>
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
        </SearchForm>
      }
      table={{
        rowKey: 'id',
        scroll: { x: 1100 },
        'data-testid': 'device-table',
        columns: [
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
            render: (v: string | null, r) => formatZoned(v, r.timeZone),
          },
        ],
      }}
    >
      <Drawer
        open={detail !== null}
        size="min(1100px, 96vw)"
        title={detail ?? ''}
        onClose={() => setDetail(null)}
        destroyOnHidden
      >
        {detail ? <DeviceDetail sn={detail} /> : null}
      </Drawer>
    </ListPage>
  );
}
