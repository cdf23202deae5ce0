import { useState } from 'react';
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import {
  type AlarmFilters,
  type BiCodeRow,
  type BiPlantRow,
  useAlarmList,
  useBiCodes,
  useBiPlants,
} from '../alarm-shared/api.ts';
import { AlarmFilterBar } from '../alarm-shared/AlarmFilterBar.tsx';
import { AlarmTable } from '../alarm-shared/AlarmTable.tsx';
import { LevelTag } from '../alarm-shared/LevelTag.tsx';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';

/** `BIAlarmList`: alarm analysis by plant; a plant opens its analysis by fault code. */
export function BIAlarmListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<AlarmFilters>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const { data, isFetching } = useBiPlants(filters, page, size);
  const n = (v: number) => v;
  return (
    <Card data-testid="BIAlarmList" title={<PageTitle route="BIAlarmList" />}>
      <AlarmFilterBar withStatus onSearch={(f) => (setFilters(f), setPage(1))} />
      <Table<BiPlantRow>
        style={{ marginTop: 16 }}
        rowKey="plantId"
        size="small"
        loading={isFetching && !data}
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
          { title: t('operation.alarms.plant'), dataIndex: 'plantName' },
          { title: t('operation.alarms.total'), dataIndex: 'total', render: n },
          { title: t('operation.alarms.open'), dataIndex: 'open', render: n },
          { title: t('alarm.levels.3'), dataIndex: 'level3', render: n },
          { title: t('alarm.levels.2'), dataIndex: 'level2', render: n },
          { title: t('alarm.levels.1'), dataIndex: 'level1', render: n },
          { title: t('operation.alarms.devices'), dataIndex: 'devices', render: n },
          {
            title: t('common.operation'),
            render: (_v, r) => (
              <Button
                type="link"
                size="small"
                onClick={() => void navigate(`/operation/BIDetails?plantId=${r.plantId}`)}
              >
                {t('operation.alarms.details')}
              </Button>
            ),
          },
        ]}
      />
      <Pagination
        total={data?.total ?? 0}
        page={page}
        limit={size}
        onChange={(p, l) => (setPage(p), setSize(l))}
      />
    </Card>
  );
}

/** `BIDetails`: one plant's alarms by fault code; a code opens its alarms. */
export function BIDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plantId = Number(params.get('plantId')) || undefined;
  const { data, isFetching } = useBiCodes(plantId);
  return (
    <Card data-testid="BIDetails">
      <Table<BiCodeRow>
        rowKey="code"
        size="small"
        loading={isFetching && !data}
        pagination={false}
        dataSource={data ?? []}
        columns={[
          { title: t('operation.alarms.code'), dataIndex: 'code' },
          { title: t('alarm.level'), dataIndex: 'level', render: (l: number) => <LevelTag level={l} /> },
          { title: t('alarm.description'), dataIndex: 'description' },
          { title: t('operation.alarms.total'), dataIndex: 'total' },
          { title: t('operation.alarms.open'), dataIndex: 'open' },
          { title: t('operation.alarms.devices'), dataIndex: 'devices' },
          {
            title: t('operation.alarms.lastTime'),
            dataIndex: 'lastTime',
            render: (v: string) => formatDate(v),
          },
          {
            title: t('common.operation'),
            render: (_v, r) => (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  void navigate(`/operation/BIFaultDetailList?plantId=${plantId}&code=${r.code}`)
                }
              >
                {t('operation.alarms.details')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** `BIFaultDetailList`: the alarms of one plant and fault code. */
export function BIFaultDetailListPage() {
  const [params] = useSearchParams();
  const plantId = Number(params.get('plantId')) || undefined;
  const code = Number(params.get('code')) || undefined;
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const { data, isFetching } = useAlarmList({ plantId, code }, page, size);
  return (
    <Card data-testid="BIFaultDetailList">
      <AlarmTable rows={data?.rows ?? []} loading={isFetching && !data} />
      <Pagination
        total={data?.total ?? 0}
        page={page}
        limit={size}
        onChange={(p, l) => (setPage(p), setSize(l))}
      />
    </Card>
  );
}
