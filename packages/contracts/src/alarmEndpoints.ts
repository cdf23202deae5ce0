import { z } from 'zod';
import {
  alarmAutoPopupInput,
  alarmDetail,
  alarmIdParams,
  alarmIdQuery,
  alarmQuery,
  alarmRow,
  alarmStatistics,
  alarmStatisticsQuery,
  alarmUserParams,
  alarmUserSettings,
  biCodeRow,
  biPlantRow,
  deviceLogQuery,
  emailOptOutInput,
  eventLogRow,
  faultCatalogueEntry,
  faultCatalogueUpdate,
  faultCodeParams,
  faultRecordDetail,
  faultRecordQuery,
  faultRecordRow,
  offlineQuery,
  offlineRow,
  runningLogRow,
} from './alarms.ts';
import { envelope, langType, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';

const langQuery = z.object({ langType });

/**
 * The alarms' calls: the top bar's (`/alarm/manager/*`, spec §7: counter, ticker, dialog, push stream, per-user
 * settings), the alarm screens', the device logs and the fault catalogue.
 */
export const ALARM_ENDPOINTS = {
  managerTotal: endpoint({
    method: 'GET',
    path: '/alarm/manager/total',
    query: alarmQuery,
    response: envelope(z.number().int()),
  }),
  managerList: endpoint({
    method: 'GET',
    path: '/alarm/manager/list',
    query: alarmQuery,
    response: pageOf(alarmRow),
  }),
  managerVerify: endpoint({
    method: 'GET',
    path: '/alarm/manager/verify',
    query: alarmQuery,
    response: pageOf(alarmRow),
  }),
  confirm: endpoint({
    method: 'GET',
    path: '/alarm/manager/update/verify',
    query: alarmIdQuery,
    response: envelope(z.null()),
  }),
  /** Server-sent events (`alarm`, `changed`), read through fetch. */
  stream: endpoint({ method: 'GET', path: '/alarm/manager/stream' }),
  settings: endpoint({
    method: 'GET',
    path: '/alarm/manager/settings',
    response: envelope(alarmUserSettings),
  }),
  emailOptOut: endpoint({
    method: 'PUT',
    path: '/alarm/manager/settings/email',
    body: emailOptOutInput,
    response: envelope(alarmUserSettings),
  }),
  userSettings: endpoint({
    method: 'GET',
    path: '/alarm/manager/settings/:userId',
    params: alarmUserParams,
    response: envelope(alarmUserSettings),
  }),
  autoPopup: endpoint({
    method: 'PUT',
    path: '/alarm/manager/settings/:userId/auto-popup',
    params: alarmUserParams,
    body: alarmAutoPopupInput,
    response: envelope(alarmUserSettings),
  }),
  catalogue: endpoint({
    method: 'GET',
    path: '/alarm/catalogue',
    response: envelope(z.array(faultCatalogueEntry)),
  }),
  updateCatalogue: endpoint({
    method: 'PUT',
    path: '/alarm/catalogue/:code',
    params: faultCodeParams,
    body: faultCatalogueUpdate,
    response: envelope(z.null()),
  }),
  list: endpoint({ method: 'GET', path: '/alarm/list', query: alarmQuery, response: pageOf(alarmRow) }),
  export: endpoint({ method: 'GET', path: '/alarm/export', query: alarmQuery }),
  detail: endpoint({
    method: 'GET',
    path: '/alarm/:id/detail',
    params: alarmIdParams,
    query: langQuery,
    response: envelope(alarmDetail),
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/alarm/statistics',
    query: alarmStatisticsQuery,
    response: envelope(alarmStatistics),
  }),
  offline: endpoint({
    method: 'GET',
    path: '/alarm/offline',
    query: offlineQuery,
    response: pageOf(offlineRow),
  }),
  biPlants: endpoint({
    method: 'GET',
    path: '/alarm/bi/plants',
    query: alarmQuery,
    response: pageOf(biPlantRow),
  }),
  biCodes: endpoint({
    method: 'GET',
    path: '/alarm/bi/codes',
    query: alarmQuery,
    response: envelope(z.array(biCodeRow)),
  }),
  records: endpoint({
    method: 'GET',
    path: '/alarm/records',
    query: faultRecordQuery,
    response: pageOf(faultRecordRow),
  }),
  record: endpoint({
    method: 'GET',
    path: '/alarm/records/:id',
    params: alarmIdParams,
    query: langQuery,
    response: envelope(faultRecordDetail),
  }),
  eventLog: endpoint({
    method: 'GET',
    path: '/alarm/device-log/events',
    query: deviceLogQuery,
    response: pageOf(eventLogRow),
  }),
  runningLog: endpoint({
    method: 'GET',
    path: '/alarm/device-log/running',
    query: deviceLogQuery,
    response: pageOf(runningLogRow),
  }),
};
