import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/Pagination.tsx';
import { formatDate } from '../../../components/format/formatDate.ts';
import { type EventLogRow, type RunningLogRow, useAlarmList, useDeviceLog } from '../alarm-shared/api.ts';
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
  return useState<LogFilter>({ sn: params.get('sn') ?? '' });
}

function LogFilterBar({ value, onChange }: { value: LogFilter; onChange(v: LogFilter): void }) {
  const { t } = useTranslation();
  return (
    <Form
      layout="inline"
      initialValues={{ sn: value.sn }}
      onFinish={(v: { sn?: string; range?: [Dayjs | null, Dayjs | null] | null }) =>
        onChange({
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
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('operation.alarms.search')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** `EventRecordPage`: a device's event log (faults raised and cleared as it reported them). */
export function EventRecordPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useLogFilter();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const { data, isFetching } = useDeviceLog<EventLogRow>('events', filter.sn, filter, page, size);
  return (
    <Card data-testid="EventRecordPage">
      <LogFilterBar value={filter} onChange={(f) => (setFilter(f), setPage(1))} />
      <Table<EventLogRow>
        style={{ marginTop: 16 }}
        rowKey={(r) => `${r.ts}|${r.code}|${r.state}`}
        size="small"
        loading={isFetching && !data}
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
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

/** `FaultRecordPage`: a device's fault log (its alarms, open and recovered). */
export function DeviceFaultLogPage() {
  const [filter, setFilter] = useLogFilter();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const { data, isFetching } = useAlarmList(
    { sn: filter.sn, startDate: filter.startDate, endDate: filter.endDate },
    page,
    size,
    filter.sn.length > 0,
  );
  return (
    <Card data-testid="FaultRecordPage">
      <LogFilterBar value={filter} onChange={(f) => (setFilter(f), setPage(1))} />
      <div style={{ marginTop: 16 }}>
        <AlarmTable rows={filter.sn ? (data?.rows ?? []) : []} loading={isFetching && !data} />
      </div>
      <Pagination
        total={filter.sn ? (data?.total ?? 0) : 0}
        page={page}
        limit={size}
        onChange={(p, l) => (setPage(p), setSize(l))}
      />
    </Card>
  );
}

/** `RunningRecordPage`: a device's running log (its readings). */
export function RunningRecordPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useLogFilter();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const { data, isFetching } = useDeviceLog<RunningLogRow>('running', filter.sn, filter, page, size);
  const num = (v: number | null, digits = 1) => (v === null ? '' : v.toFixed(digits));
  return (
    <Card data-testid="RunningRecordPage">
      <LogFilterBar value={filter} onChange={(f) => (setFilter(f), setPage(1))} />
      <Table<RunningLogRow>
        style={{ marginTop: 16 }}
        rowKey="ts"
        size="small"
        loading={isFetching && !data}
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
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
