import { callsOf } from './endpoints.ts';
import type { SYSTEM_ENDPOINTS } from './systemEndpoints.ts';

/** The console's view of `SYSTEM_ENDPOINTS` (method and path; the schemas as types only). */
export const SYSTEM_CALLS = callsOf<typeof SYSTEM_ENDPOINTS>()({
  config: { method: 'GET', path: '/system/config' },
  settings: { method: 'GET', path: '/system/settings' },
  saveSettings: { method: 'POST', path: '/system/settings' },
  uploadLogo: { method: 'POST', path: '/system/logo' },
  testMail: { method: 'POST', path: '/system/mail/test' },
  reportError: { method: 'POST', path: '/system/errorlog' },
  errorLog: { method: 'GET', path: '/system/errorlog' },
  operationLog: { method: 'GET', path: '/system/log/list' },
  operationLogExport: { method: 'GET', path: '/system/log/export' },
});
