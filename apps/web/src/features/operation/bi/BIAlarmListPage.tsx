import { Button, Card, Table } from 'antd';
import type { AlarmRow, BiCodeRow, BiPlantRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import {
  ALARM_PAGE_SIZE,
  type AlarmFilters,
  useAlarmList,
  useBiCodes,
  useBiPlants,
} from '../alarm-shared/api.ts';
import { AlarmFilterBar } from '../alarm-shared/AlarmFilterBar.tsx';
import { AlarmTable } from '../alarm-shared/AlarmTable.tsx';
import { LevelTag } from '../alarm-shared/LevelTag.tsx';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';
import { pathOf } from '../../../router/paths.ts';

/** `BIAlarmList`: alarm analysis by plant; a plant opens its analysis by fault code. */
export function BIAlarmListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState<AlarmFilters>({}, ALARM_PAGE_SIZE);
  const query = useBiPlants(list.filters, list.page, list.limit);
  const n = (v: number) => v;
  return (
    <ListPage<BiPlantRow, AlarmFilters>
      layout="titled"
      testId="BIAlarmList"
      title={<PageTitle route="BIAlarmList" />}
      list={list}
      query={query}
      search={<AlarmFilterBar withStatus onSearch={list.search} />}
      table={{
        rowKey: 'plantId',
        columns: [
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
                onClick={() => void navigate(pathOf('BIDetails', { plantId: r.plantId }))}
              >
                {t('operation.alarms.details')}
              </Button>
            ),
          },
        ],
      }}
    />
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
                onClick={() => void navigate(pathOf('BIFaultDetailList', { plantId, code: r.code }))}
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
  const list = useListState<AlarmFilters>({}, ALARM_PAGE_SIZE);
  const query = useAlarmList({ plantId, code }, list.page, list.limit);
  return (
    <ListPage<AlarmRow, AlarmFilters>
      layout="titled"
      testId="BIFaultDetailList"
      list={list}
      query={query}
      render={(rows, loading) => <AlarmTable rows={rows} loading={loading} />}
    />
  );
}
