import { callsOf } from './endpoints.ts';
import type { REPORT_ENDPOINTS } from './reportEndpoints.ts';

/** The console's view of `REPORT_ENDPOINTS` (method and path; the schemas as types only). */
export const REPORT_CALLS = callsOf<typeof REPORT_ENDPOINTS>()({
  plants: { method: 'GET', path: '/report/plants' },
  periodic: { method: 'GET', path: '/report/periodic' },
  periodicExport: { method: 'GET', path: '/report/periodic/export' },
  abnormal: { method: 'GET', path: '/report/abnormal' },
  templates: { method: 'GET', path: '/report/custom/templates' },
  createTemplate: { method: 'POST', path: '/report/custom/templates' },
  updateTemplate: { method: 'PUT', path: '/report/custom/templates/:id' },
  deleteTemplate: { method: 'DELETE', path: '/report/custom/templates/:id' },
  sendTestReport: { method: 'POST', path: '/report/custom/templates/:id/send' },
  preview: { method: 'POST', path: '/report/custom/preview' },
  customExport: { method: 'POST', path: '/report/custom/export' },
});
