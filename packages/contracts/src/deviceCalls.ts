import { callsOf } from './endpoints.ts';
import type { COLLECTOR_ENDPOINTS, DEVICE_ENDPOINTS } from './deviceEndpoints.ts';

/** The console's view of `DEVICE_ENDPOINTS` (method and path; the schemas as types only). */
export const DEVICE_CALLS = callsOf<typeof DEVICE_ENDPOINTS>()({
  list: { method: 'GET', path: '/device/list' },
  history: { method: 'GET', path: '/device/:sn/history' },
  detail: { method: 'GET', path: '/device/:sn' },
  relationList: { method: 'GET', path: '/device/relation/list' },
  relationExport: { method: 'GET', path: '/device/relation/export' },
});

/** The console's view of `COLLECTOR_ENDPOINTS` (method and path; the schemas as types only). */
export const COLLECTOR_CALLS = callsOf<typeof COLLECTOR_ENDPOINTS>()({
  search: { method: 'GET', path: '/collector/search' },
  detail: { method: 'GET', path: '/collector/:sn' },
  rekey: { method: 'POST', path: '/collector/:sn/secret' },
  agentConfig: { method: 'POST', path: '/collector/:sn/agent-config' },
  addAgent: { method: 'POST', path: '/collector/agent' },
  acceptFound: { method: 'POST', path: '/collector/:sn/accept' },
  remove: { method: 'DELETE', path: '/collector/:sn' },
});
