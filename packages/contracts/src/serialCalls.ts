import { callsOf } from './endpoints.ts';
import type { SERIAL_ENDPOINTS } from './serialEndpoints.ts';

/** The console's view of `SERIAL_ENDPOINTS` (method and path; the schemas as types only). */
export const SERIAL_CALLS = callsOf<typeof SERIAL_ENDPOINTS>()({
  rules: { method: 'GET', path: '/serial/rule/list' },
  addRule: { method: 'POST', path: '/serial/rule/add' },
  updateRule: { method: 'POST', path: '/serial/rule/update' },
  deleteRule: { method: 'POST', path: '/serial/rule/delete' },
  check: { method: 'POST', path: '/serial/rule/check' },
});
