import { useCallback, useEffect, useState } from 'react';
import { Button, Modal, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { AlarmRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../components/format/formatDate.ts';
import { PagedRows } from '../components/list/PagedRows.tsx';
import { usePagedRows } from '../components/list/usePagedRows.ts';
import { alarmApi, alarmPage, useAlarmStream } from '../api/alarms.ts';
import { LEVEL_COLOR } from '../components/format/levelColor.ts';
import { useMessage } from '../components/MessageProvider.tsx';
import { useNoticeOpen } from './layoutDialogs.ts';

/** Session storage key: the newest alarm the dialog was closed on (a reload does not open it again for those). */
export const ALARM_DIALOG_SEEN_KEY = 'alarmDialogClosedAt';

/** Alarm level tag colours (spec §9): 1 alerting, 2 warning, 3 fault. */
const PAGE_SIZE = 10;

/**
 * The 告警信息 dialog (spec §2, §4): opens by itself when there are unconfirmed alarms, and again when the server
 * pushes a new one. Closing it keeps it closed until the next new alarm, across page loads of the session; while
 * the 2G notice is on screen it waits for it.
 */
export function AlarmDialog() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [closedAt, setClosedAt] = useState(() => Number(sessionStorage.getItem(ALARM_DIALOG_SEEN_KEY) ?? 0));
  const noticeOpen = useNoticeOpen((s) => s.open);
  // The dialog's page size is fixed: its list is the unconfirmed alarms, ten at a time.
  const alarms = usePagedRows(alarmPage, { pageSize: PAGE_SIZE, fixedSize: true });
  const { data } = alarms.query;
  const newest = Math.max(0, ...(data?.rows ?? []).map((r) => r.alarmId));
  const onAlarm = useCallback(
    (pushed: { alarmId: number }[]) => {
      if (pushed.some((a) => a.alarmId > closedAt)) setOpen(true);
    },
    [closedAt],
  );
  useAlarmStream(true, onAlarm);

  // Opens for an unconfirmed alarm newer than the one it was last closed on (a pushed alarm is newer).
  useEffect(() => {
    if ((data?.total ?? 0) > 0 && newest > closedAt) setOpen(true);
  }, [data?.total, newest, closedAt]);

  const confirm = async (row: AlarmRow) => {
    try {
      await alarmApi.confirm(row.alarmId);
      void message.success(t('common.operationSucceeded'));
      await queryClient.invalidateQueries({ queryKey: ['alarm'] });
    } catch {
      // Spec §8: a confirmation that fails does nothing visible.
    }
  };
  const close = () => {
    setOpen(false);
    setClosedAt(newest);
    sessionStorage.setItem(ALARM_DIALOG_SEEN_KEY, String(newest));
  };

  return (
    <Modal
      open={open && !noticeOpen}
      title={t('alarm.dialogTitle')}
      width="70%"
      onCancel={close}
      footer={<Button onClick={close}>{t('common.close')}</Button>}
    >
      <PagedRows<AlarmRow>
        {...alarms}
        states="table"
        size="small"
        autoScroll={false}
        table={{
          rowKey: (r) => String(r.alarmId),
          scroll: { y: 550 },
          'data-testid': 'alarm-dialog-table',
          columns: [
            {
              title: t('alarm.index'),
              render: (_v, _r, i) => (alarms.paging.page - 1) * PAGE_SIZE + i + 1,
              width: 70,
            },
            {
              title: t('alarm.level'),
              dataIndex: 'level',
              render: (level: number) => <Tag color={LEVEL_COLOR[level]}>{t(`alarm.levels.${level}`)}</Tag>,
            },
            { title: t('alarm.collectorSn'), dataIndex: 'deviceId' },
            { title: t('alarm.collectorName'), dataIndex: 'collectName' },
            { title: t('alarm.description'), dataIndex: 'description' },
            { title: t('alarm.time'), dataIndex: 'warningTime', render: (v: string) => formatDate(v) },
            {
              title: t('common.operation'),
              render: (_v, row) => (
                <Button type="link" size="small" onClick={() => void confirm(row)}>
                  {t('alarm.confirm')}
                </Button>
              ),
            },
          ],
        }}
      />
    </Modal>
  );
}
