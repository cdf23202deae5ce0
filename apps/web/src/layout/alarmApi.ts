import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { request, requestPage } from '../api/request.ts';
import { session } from '../api/session.ts';
import { storedLanguage } from '../i18n/language.ts';
import { DEFAULT_DATE_FORMAT } from '../components/format/formatDate.ts';

/** An alarm row as the top bar's calls return it (spec §3 "Alarm"). */
export interface AlarmRow {
  alarmId: number | string;
  level?: number;
  collectName?: string;
  deviceId?: string;
  description?: string;
  message?: string;
  saveTime?: string;
}

const day = (offsetDays: number, end: boolean) =>
  dayjs().add(offsetDays, 'day')[end ? 'endOf' : 'startOf']('day').format(DEFAULT_DATE_FORMAT);

/**
 * The top bar's alarm calls (spec §7). They run in the background, so they are quiet: until the alarms module
 * exists on the server they answer 404, which reads as no alarms.
 */
export const alarmApi = {
  total: () =>
    request<number>('/alarm/manager/total', {
      params: { status: 0, startDate: day(-1, false), endDate: day(1, true) },
      quiet: true,
    }),
  ticker: () =>
    requestPage<AlarmRow>('/alarm/manager/list', {
      params: {
        pageStart: 1,
        pageSize: 10,
        status: 0,
        userCode: session.get('userCode') ?? '',
        langType: storedLanguage(),
        startDate: day(-1, false),
        endDate: day(0, true),
      },
      quiet: true,
    }),
  page: (pageNumber: number, pageSize: number) =>
    requestPage<AlarmRow>('/alarm/manager/verify', {
      params: { pageNumber, pageSize, status: 0, langType: storedLanguage() },
      quiet: true,
    }),
  confirm: (alarmId: AlarmRow['alarmId']) =>
    request<null>('/alarm/manager/update/verify', { params: { alarmId }, quiet: true }),
};

const quietly = <T>(p: Promise<T>, fallback: T) => p.catch(() => fallback);

export const useAlarmTotal = (enabled: boolean) =>
  useQuery({
    queryKey: ['alarm', 'total'],
    queryFn: () => quietly(alarmApi.total(), 0),
    enabled,
  });

export const useAlarmTicker = (enabled: boolean) =>
  useQuery({
    queryKey: ['alarm', 'ticker'],
    queryFn: () => quietly(alarmApi.ticker(), { total: 0, rows: [] as AlarmRow[] }),
    enabled,
  });

export const useAlarmPage = (enabled: boolean, pageNumber: number, pageSize: number) =>
  useQuery({
    queryKey: ['alarm', 'page', pageNumber, pageSize],
    queryFn: () => quietly(alarmApi.page(pageNumber, pageSize), { total: 0, rows: [] as AlarmRow[] }),
    enabled,
  });
