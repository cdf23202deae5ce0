import { Button, Space, Table, type TableColumnsType } from 'antd';
import { ALARM_CALLS, type AlarmRow } from '@solarops/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../../api/callEndpoint.ts';
import { CreateWorkOrderButton } from '../work-order-shared/CreateWorkOrderButton.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { formatZoned } from '../../../components/format/formatDate.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { LevelTag, StatusTag } from './LevelTag.tsx';
import { pathOf } from '../../../router/paths.ts';

/** A zoned time on one line, `2026-11-29 11:49:00 UTC+5:30` [px]. */
const TIME_WIDTH = 210;

/**
 * Alarm rows with a link to their details and a confirm button while unconfirmed. The table scrolls sideways
 * under its fixed operation column: the alarm's time comes right after its level, where a window as narrow as a
 * laptop's still shows it whole.
 */
export function AlarmTable({
  rows,
  loading,
  testId,
}: {
  rows: AlarmRow[];
  loading: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useMessage();
  const queryClient = useQueryClient();
  const confirm = async (row: AlarmRow) => {
    await callEndpoint(ALARM_CALLS.confirm, { query: { alarmId: row.alarmId } });
    void message.success(t('common.operationSucceeded'));
    await queryClient.invalidateQueries({ queryKey: ['alarm'] });
  };
  const columns: TableColumnsType<AlarmRow> = [
    {
      title: t('alarm.level'),
      dataIndex: 'level',
      width: 90,
      render: (l: number) => <LevelTag level={l} />,
    },
    {
      title: t('alarm.time'),
      dataIndex: 'warningTime',
      width: TIME_WIDTH,
      render: (v: string) => formatZoned(v, browserTimeZone()),
    },
    { title: t('operation.alarms.code'), dataIndex: 'code', width: 70 },
    {
      title: t('alarm.description'),
      dataIndex: 'description',
      width: 300,
      render: (d: string, r) => (r.message ? `${d} (${r.message})` : d),
    },
    { title: t('operation.alarms.plant'), dataIndex: 'plantName', width: 200 },
    { title: t('alarm.collectorSn'), dataIndex: 'deviceId', width: 140 },
    { title: t('operation.alarms.deviceSn'), dataIndex: 'deviceSn', width: 140 },
    {
      title: t('operation.alarms.recoveryTime'),
      dataIndex: 'recoveryTime',
      width: TIME_WIDTH,
      render: (v: string | null) => formatZoned(v, browserTimeZone()),
    },
    {
      title: t('operation.alarms.statusLabel'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <StatusTag status={s} />,
    },
    {
      title: t('operation.alarms.confirmedBy'),
      dataIndex: 'confirmedBy',
      width: 220,
      render: (v: string | null, r) => (v ? `${v} ${formatZoned(r.confirmedAt, browserTimeZone())}` : ''),
    },
    {
      title: t('common.operation'),
      fixed: 'right',
      // Three links side by side in either language ("Details", "Work order", "Confirm" is the longest).
      width: 260,
      render: (_v, r) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(pathOf('alarmdetails', { id: r.alarmId }))}
          >
            {t('operation.alarms.details')}
          </Button>
          <CreateWorkOrderButton alarmId={r.alarmId} size="small" />
          {!r.confirmedAt && (
            <Button type="link" size="small" onClick={() => void confirm(r)}>
              {t('alarm.confirm')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<AlarmRow>
      rowKey="alarmId"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={rows}
      data-testid={testId}
      // As wide as its columns, so that a change of a width cannot leave the two apart.
      scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
      columns={columns}
    />
  );
}
