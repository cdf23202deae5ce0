import { callsOf } from './endpoints.ts';
import type { WORK_ORDER_ENDPOINTS } from './workOrderEndpoints.ts';

/** The console's view of `WORK_ORDER_ENDPOINTS` (method and path; the schemas as types only). */
export const WORK_ORDER_CALLS = callsOf<typeof WORK_ORDER_ENDPOINTS>()({
  list: { method: 'GET', path: '/workorder/list' },
  assignees: { method: 'GET', path: '/workorder/assignees' },
  notices: { method: 'GET', path: '/workorder/notices' },
  slaTargets: { method: 'GET', path: '/workorder/sla' },
  setSlaTarget: { method: 'PUT', path: '/workorder/sla' },
  resetSlaTarget: { method: 'DELETE', path: '/workorder/sla/:priority' },
  rules: { method: 'GET', path: '/workorder/rules' },
  addRule: { method: 'POST', path: '/workorder/rules' },
  updateRule: { method: 'PUT', path: '/workorder/rules/:id' },
  deleteRule: { method: 'DELETE', path: '/workorder/rules/:id' },
  create: { method: 'POST', path: '/workorder' },
  detail: { method: 'GET', path: '/workorder/:id' },
  serviceReport: { method: 'GET', path: '/workorder/:id/report.pdf' },
  move: { method: 'POST', path: '/workorder/:id/move' },
  addNote: { method: 'POST', path: '/workorder/:id/notes' },
  addPhoto: { method: 'POST', path: '/workorder/:id/photos' },
  addSignature: { method: 'POST', path: '/workorder/:id/signatures' },
});
