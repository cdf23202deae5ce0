import { ALARM_CALLS, endpointPath, type AlarmRow } from '@solarops/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { ALARM_PAGE_SIZE, type AlarmFilters, useAlarmList } from '../alarm-shared/api.ts';
import { AlarmFilterBar } from '../alarm-shared/AlarmFilterBar.tsx';
import { AlarmTable } from '../alarm-shared/AlarmTable.tsx';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';

function AlarmListView({ history, testId }: { history: boolean; testId: string }) {
  const list = useListState<AlarmFilters>({}, ALARM_PAGE_SIZE);
  // Active alarms are the open ones; history shows every alarm, filterable by status.
  const effective = history ? list.filters : { ...list.filters, status: 0 };
  const query = useAlarmList(effective, list.page, list.limit);
  return (
    <ListPage<AlarmRow, AlarmFilters>
      layout="titled"
      testId={testId}
      title={<PageTitle route={history ? 'alarmlist1' : 'alarmlist'} />}
      list={list}
      query={query}
      search={
        <AlarmFilterBar
          withStatus={history}
          onSearch={list.search}
          extra={
            <ExportButton
              path={endpointPath(ALARM_CALLS.export, {})}
              params={{ ...effective, tz: browserTimeZone() }}
              fileName={history ? 'alarm-history.xlsx' : 'alarms.xlsx'}
              icon={<DownloadOutlined />}
              testId="alarm-export"
            />
          }
        />
      }
      render={(rows, loading) => <AlarmTable rows={rows} loading={loading} testId={`${testId}-table`} />}
    />
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
