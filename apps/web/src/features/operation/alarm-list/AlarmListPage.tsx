import { useState } from 'react';
import { Button, Card } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/Pagination.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { downloadFile } from '../../../api/downloadFile.ts';
import { browserTimeZone } from '../../../layout/alarmApi.ts';
import { type AlarmFilters, useAlarmList } from '../alarm-shared/api.ts';
import { AlarmFilterBar } from '../alarm-shared/AlarmFilterBar.tsx';
import { AlarmTable } from '../alarm-shared/AlarmTable.tsx';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';

function AlarmListView({ history, testId }: { history: boolean; testId: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [filters, setFilters] = useState<AlarmFilters>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  // Active alarms are the open ones; history shows every alarm, filterable by status.
  const effective = history ? filters : { ...filters, status: 0 };
  const { data, isFetching } = useAlarmList(effective, page, size);
  const exportList = () =>
    downloadFile(
      '/alarm/export',
      { ...effective, tz: browserTimeZone() },
      history ? 'alarm-history.xlsx' : 'alarms.xlsx',
    ).catch(() => message.error(t('operation.alarms.exportFailed')));
  return (
    <Card data-testid={testId} title={<PageTitle route={history ? 'alarmlist1' : 'alarmlist'} />}>
      <AlarmFilterBar
        withStatus={history}
        onSearch={(f) => {
          setFilters(f);
          setPage(1);
        }}
        extra={
          <Button icon={<DownloadOutlined />} onClick={() => void exportList()} data-testid="alarm-export">
            {t('operation.alarms.export')}
          </Button>
        }
      />
      <div style={{ marginTop: 16 }}>
        <AlarmTable rows={data?.rows ?? []} loading={isFetching && !data} testId={`${testId}-table`} />
      </div>
      <Pagination
        total={data?.total ?? 0}
        page={page}
        limit={size}
        onChange={(p, l) => {
          setPage(p);
          setSize(l);
        }}
      />
    </Card>
  );
}

/** `alarmlist`: the active (open) alarms of the caller's plants, with filters and export. */
export function AlarmListPage() {
  return <AlarmListView history={false} testId="alarmlist" />;
}

/** `alarmlist1`: alarm history, every status, with filters and export. */
export function AlarmHistoryPage() {
  return <AlarmListView history testId="alarmlist1" />;
}
