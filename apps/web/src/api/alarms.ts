import dayjs from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ALARM_CALLS as ALARM, endpointPath, type AlarmPush, type AlarmRow } from '@solarops/contracts';
import { browserTimeZone } from '../components/format/timeZone.ts';
import { useEventStream } from './eventStream.ts';
import { callEndpoint, callPage } from './callEndpoint.ts';
import { session } from './session.ts';
import { storedLanguage } from '../i18n/language.ts';
import { DEFAULT_DATE_FORMAT } from '../components/format/formatDate.ts';
import type { PageQuery } from '../components/list/usePagedRows.ts';

/** Spec §4, §9: the top bar's alarm figures are fetched again every 30 s (besides the server's push). */
export const ALARM_REFRESH_MS = 30_000;

const day = (offsetDays: number, end: boolean) =>
  dayjs().add(offsetDays, 'day')[end ? 'endOf' : 'startOf']('day').format(DEFAULT_DATE_FORMAT);

/** The top bar's alarm calls (spec §7). They run in the background, so they are quiet. */
export const alarmApi = {
  total: () =>
    callEndpoint(ALARM.managerTotal, {
      query: { status: 0, startDate: day(-1, false), endDate: day(1, true), tz: browserTimeZone() },
      quiet: true,
    }),
  ticker: () =>
    callPage(ALARM.managerList, {
      query: {
        pageStart: 1,
        pageSize: 10,
        status: 0,
        userCode: session.get('userCode') ?? '',
        langType: storedLanguage(),
        startDate: day(-1, false),
        endDate: day(0, true),
        tz: browserTimeZone(),
      },
      quiet: true,
    }),
  page: (pageNumber: number, pageSize: number) =>
    callPage(ALARM.managerVerify, {
      query: { pageNumber, pageSize, status: 0, langType: storedLanguage() },
      quiet: true,
    }),
  confirm: (alarmId: AlarmRow['alarmId']) => callEndpoint(ALARM.confirm, { query: { alarmId }, quiet: true }),
  settings: () => callEndpoint(ALARM.settings, { quiet: true }),
};

const quietly = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);

export const useAlarmTotal = (enabled: boolean) =>
  useQuery({
    queryKey: ['alarm', 'total'],
    queryFn: () => quietly(alarmApi.total(), 0),
    enabled,
    refetchInterval: ALARM_REFRESH_MS,
  });

export const useAlarmTicker = (enabled: boolean) =>
  useQuery({
    queryKey: ['alarm', 'ticker'],
    queryFn: () => quietly(alarmApi.ticker(), { total: 0, rows: [] as AlarmRow[] }),
    enabled,
    refetchInterval: ALARM_REFRESH_MS,
  });

/** A page of the unconfirmed alarms (the alarm dialog's). */
export const alarmPage = (pageNumber: number, pageSize: number): PageQuery<AlarmRow> => ({
  queryKey: ['alarm', 'page', pageNumber, pageSize],
  queryFn: () => quietly(alarmApi.page(pageNumber, pageSize), { total: 0, rows: [] as AlarmRow[] }),
  refetchInterval: ALARM_REFRESH_MS,
});

/** The caller's alarm settings: whether its dialog opens by itself (granted by an administrator). */
export const useAlarmSettings = () =>
  useQuery({
    queryKey: ['alarmSettings'],
    queryFn: () => quietly(alarmApi.settings(), { alarmAutoPopup: false, emailOptOut: false }),
    staleTime: 5 * 60_000,
  });

/**
 * Listens to the server's alarm push (`/alarm/manager/stream`, server-sent events read through fetch so that the
 * token travels in the Authorization header, not in the URL). A new alarm refreshes the top bar's figures at once
 * and calls `onAlarm`; a recovered or confirmed one refreshes them. After a drop the stream reconnects and the
 * figures are fetched again at once: an alarm raised meanwhile shows then, not at the next 30 s refresh.
 */
export function useAlarmStream(enabled: boolean, onAlarm?: (alarms: AlarmPush[]) => void) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['alarm'] });
  useEventStream(
    enabled ? endpointPath(ALARM.stream, {}) : null,
    (e) => {
      refresh();
      if (e.event === 'alarm') onAlarm?.(JSON.parse(e.data) as AlarmPush[]);
    },
    refresh,
  );
}
