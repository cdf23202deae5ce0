import { callsOf } from './endpoints.ts';
import type { ALARM_ENDPOINTS } from './alarmEndpoints.ts';

/** The console's view of `ALARM_ENDPOINTS` (method and path; the schemas as types only). */
export const ALARM_CALLS = callsOf<typeof ALARM_ENDPOINTS>()({
  managerTotal: { method: 'GET', path: '/alarm/manager/total' },
  managerList: { method: 'GET', path: '/alarm/manager/list' },
  managerVerify: { method: 'GET', path: '/alarm/manager/verify' },
  confirm: { method: 'GET', path: '/alarm/manager/update/verify' },
  stream: { method: 'GET', path: '/alarm/manager/stream' },
  settings: { method: 'GET', path: '/alarm/manager/settings' },
  emailOptOut: { method: 'PUT', path: '/alarm/manager/settings/email' },
  userSettings: { method: 'GET', path: '/alarm/manager/settings/:userId' },
  autoPopup: { method: 'PUT', path: '/alarm/manager/settings/:userId/auto-popup' },
  catalogue: { method: 'GET', path: '/alarm/catalogue' },
  updateCatalogue: { method: 'PUT', path: '/alarm/catalogue/:code' },
  list: { method: 'GET', path: '/alarm/list' },
  export: { method: 'GET', path: '/alarm/export' },
  detail: { method: 'GET', path: '/alarm/:id/detail' },
  statistics: { method: 'GET', path: '/alarm/statistics' },
  offline: { method: 'GET', path: '/alarm/offline' },
  biPlants: { method: 'GET', path: '/alarm/bi/plants' },
  biCodes: { method: 'GET', path: '/alarm/bi/codes' },
  records: { method: 'GET', path: '/alarm/records' },
  record: { method: 'GET', path: '/alarm/records/:id' },
  eventLog: { method: 'GET', path: '/alarm/device-log/events' },
  runningLog: { method: 'GET', path: '/alarm/device-log/running' },
});
