import { DatePicker, Form, Input } from 'antd';
import type { AlarmRow, EventLogRow, RunningLogRow } from '@solarops/contracts';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { type ListState, useListState } from '../../../components/list/useListState.ts';
import { ALARM_PAGE_SIZE, useAlarmList, useDeviceLog } from '../alarm-shared/api.ts';
import { AlarmTable } from '../alarm-shared/AlarmTable.tsx';
import { LevelTag } from '../alarm-shared/LevelTag.tsx';

interface LogFilter {
  sn: string;
  startDate?: string;
  endDate?: string;
}

/** The serial and date range of a device log; the serial comes from `?sn=` when opened from a device. */
function useLogFilter() {
  const [params] = useSearchParams();
  return useListState<LogFilter>({ sn: params.get('sn') ?? '' }, ALARM_PAGE_SIZE);
}

function LogFilterBar({ list }: { list: ListState<LogFilter> }) {
  const { t } = useTranslation();
  return (
    <SearchForm<{ sn?: string; range?: [Dayjs | null, Dayjs | null] | null }>
      reset={false}
      initialValues={{ sn: list.filters.sn }}
      onSearch={(v) =>
        list.search({
          sn: v.sn?.trim() ?? '',
          startDate: v.range?.[0]?.format('YYYY-MM-DD'),
          endDate: v.range?.[1]?.format('YYYY-MM-DD'),
        })
      }
    >
      <Form.Item name="sn" label={t('operation.alarms.deviceSn')}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="range" label={t('operation.alarms.dates')}>
        <DatePicker.RangePicker />
      </Form.Item>
    </SearchForm>
  );
}

/** `EventRecordPage`: a device's event log (faults raised and cleared as it reported them). */
export function EventRecordPage() {
  const { t } = useTranslation();
  const list = useLogFilter();
  const query = useDeviceLog<EventLogRow>('events', list.filters.sn, list.filters, list.page, list.limit);
  return (
    <ListPage<EventLogRow, LogFilter>
      layout="titled"
      testId="EventRecordPage"
      list={list}
      query={query}
      search={<LogFilterBar list={list} />}
      table={{
        rowKey: (r) => `${r.ts}|${r.code}|${r.state}`,
        columns: [
          { title: t('operation.alarms.time'), dataIndex: 'ts', render: (v: string) => formatDate(v) },
          { title: t('operation.alarms.code'), dataIndex: 'code' },
          { title: t('alarm.level'), dataIndex: 'level', render: (l: number) => <LevelTag level={l} /> },
          { title: t('alarm.description'), dataIndex: 'description' },
          {
            title: t('operation.logs.state'),
            dataIndex: 'state',
            render: (s: string) => t(`operation.logs.states.${s}`),
          },
          {
            title: t('operation.logs.string'),
            dataIndex: 'stringIndex',
            render: (i: number | null) => (i === null ? '' : `PV${i + 1}`),
          },
        ],
      }}
    />
  );
}

/** `FaultRecordPage`: a device's fault log (its alarms, open and recovered). */
export function DeviceFaultLogPage() {
  const list = useLogFilter();
  const { sn, startDate, endDate } = list.filters;
  const query = useAlarmList({ sn, startDate, endDate }, list.page, list.limit, sn.length > 0);
  return (
    <ListPage<AlarmRow, LogFilter>
      layout="titled"
      testId="FaultRecordPage"
      list={list}
      // Without a serial nothing is asked, and nothing shown.
      query={sn ? query : { ...query, data: undefined }}
      search={<LogFilterBar list={list} />}
      render={(rows, loading) => <AlarmTable rows={rows} loading={loading} />}
    />
  );
}

/** `RunningRecordPage`: a device's running log (its readings). */
export function RunningRecordPage() {
  const { t } = useTranslation();
  const list = useLogFilter();
  const query = useDeviceLog<RunningLogRow>('running', list.filters.sn, list.filters, list.page, list.limit);
  const num = (v: number | null, digits = 1) => (v === null ? '' : v.toFixed(digits));
  return (
    <ListPage<RunningLogRow, LogFilter>
      layout="titled"
      testId="RunningRecordPage"
      list={list}
      query={query}
      search={<LogFilterBar list={list} />}
      table={{
        rowKey: 'ts',
        columns: [
          { title: t('operation.alarms.time'), dataIndex: 'ts', render: (v: string) => formatDate(v) },
          {
            title: t('operation.logs.status'),
            dataIndex: 'status',
            render: (s: number | null) => (s === null ? '' : t(`operation.logs.statuses.${s}`)),
          },
          {
            title: t('operation.alarms.powerW'),
            dataIndex: 'acPowerW',
            render: (v: number | null) => num(v, 0),
          },
          {
            title: t('operation.logs.energyToday'),
            dataIndex: 'energyTodayKwh',
            render: (v: number | null) => num(v, 2),
          },
          { title: t('operation.alarms.tempC'), dataIndex: 'tempC', render: (v: number | null) => num(v) },
          {
            title: t('operation.alarms.code'),
            dataIndex: 'faultCode',
            render: (v: number | null) => (v ? v : ''),
          },
        ],
      }}
    />
  );
}
