import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALARM_CALLS as ALARM, type FaultRecordRow } from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';
import { storedLanguage } from '../../../i18n/language.ts';
import { browserTimeZone } from '../../../components/format/timeZone.ts';

/** Filters of the alarm screens (the spec's alarm query params, §3, plus level, code, plant and serial). */
export interface AlarmFilters {
  status?: number | undefined;
  level?: number | undefined;
  code?: number | undefined;
  plantId?: number | undefined;
  plantName?: string | undefined;
  sn?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

const lang = () => storedLanguage();

/** The alarm screens' lists open with 10 rows a page (spec §3's alarm query: pageSize 10). */
export const ALARM_PAGE_SIZE = 10;

export const useAlarmList = (filters: AlarmFilters, pageStart: number, pageSize: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['alarm', 'screen', filters, pageStart, pageSize, lang()],
    queryFn: () =>
      callPage(ALARM.list, {
        query: { ...filters, pageStart, pageSize, langType: lang(), tz: browserTimeZone() },
      }),
    placeholderData: keepPreviousData,
  });

export const useAlarmDetail = (id: number | undefined) =>
  useQuery({
    queryKey: ['alarm', 'detail', id, lang()],
    queryFn: () => callEndpoint(ALARM.detail, { path: { id: id! }, query: { langType: lang() } }),
    enabled: id !== undefined,
  });

export const useAlarmStatistics = (range: { startDate?: string; endDate?: string }) =>
  useQuery({
    queryKey: ['alarm', 'statistics', range, lang()],
    queryFn: () =>
      callEndpoint(ALARM.statistics, {
        query: { ...range, langType: lang(), tz: browserTimeZone() },
      }),
  });

export const useOfflineList = (
  filters: { sn?: string; plantName?: string },
  pageStart: number,
  pageSize: number,
) =>
  useQuery({
    queryKey: ['alarm', 'offline', filters, pageStart, pageSize],
    queryFn: () => callPage(ALARM.offline, { query: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const useBiPlants = (filters: AlarmFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['alarm', 'biPlants', filters, pageStart, pageSize],
    queryFn: () =>
      callPage(ALARM.biPlants, {
        query: { ...filters, pageStart, pageSize, tz: browserTimeZone() },
      }),
    placeholderData: keepPreviousData,
  });

export const useBiCodes = (plantId: number | undefined) =>
  useQuery({
    queryKey: ['alarm', 'biCodes', plantId, lang()],
    queryFn: () => callEndpoint(ALARM.biCodes, { query: { plantId, langType: lang() } }),
    enabled: plantId !== undefined,
  });

export const useFaultRecords = (
  filters: { kind?: FaultRecordRow['kind']; sn?: string },
  pageStart: number,
  pageSize: number,
) =>
  useQuery({
    queryKey: ['alarm', 'records', filters, pageStart, pageSize, lang()],
    queryFn: () =>
      callPage(ALARM.records, {
        query: { ...filters, pageStart, pageSize, langType: lang() },
      }),
    placeholderData: keepPreviousData,
  });

export const useFaultRecord = (id: number | undefined) =>
  useQuery({
    queryKey: ['alarm', 'record', id, lang()],
    queryFn: () =>
      callEndpoint(ALARM.record, {
        path: { id: id! },
        query: { langType: lang() },
      }),
    enabled: id !== undefined,
  });

/** A device's two logs (the event and the running record pages). */
const DEVICE_LOGS = { events: ALARM.eventLog, running: ALARM.runningLog };

export const useDeviceLog = <R>(
  kind: 'events' | 'running',
  sn: string,
  range: { startDate?: string; endDate?: string },
  pageStart: number,
  pageSize: number,
) =>
  useQuery({
    queryKey: ['alarm', 'deviceLog', kind, sn, range, pageStart, pageSize, lang()],
    queryFn: () =>
      callPage(DEVICE_LOGS[kind], {
        query: { sn, ...range, pageStart, pageSize, langType: lang() },
      }) as Promise<{ total: number; rows: R[] }>,
    enabled: sn.length > 0,
    placeholderData: keepPreviousData,
  });
