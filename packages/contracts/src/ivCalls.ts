import { callsOf } from './endpoints.ts';
import type { IV_ENDPOINTS } from './ivEndpoints.ts';

/** The console's view of `IV_ENDPOINTS` (method and path; the schemas as types only). */
export const IV_CALLS = callsOf<typeof IV_ENDPOINTS>()({
  diagnose: { method: 'POST', path: '/iv/diagnose' },
  templates: { method: 'GET', path: '/iv/templates' },
  createTemplate: { method: 'POST', path: '/iv/templates' },
  updateTemplate: { method: 'PUT', path: '/iv/templates/:id' },
  deleteTemplate: { method: 'DELETE', path: '/iv/templates/:id' },
  modules: { method: 'GET', path: '/iv/modules' },
  deviceLayout: { method: 'GET', path: '/iv/devices/:sn/layout' },
  setDeviceLayout: { method: 'PUT', path: '/iv/devices/:sn/layout' },
  inverters: { method: 'GET', path: '/iv/inverters' },
  startTask: { method: 'POST', path: '/iv/tasks' },
  tasks: { method: 'GET', path: '/iv/tasks' },
  task: { method: 'GET', path: '/iv/tasks/:id' },
  taskStrings: { method: 'GET', path: '/iv/tasks/:id/strings' },
  taskReport: { method: 'GET', path: '/iv/tasks/:id/report' },
  string: { method: 'GET', path: '/iv/strings/:id' },
});
