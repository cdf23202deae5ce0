import { z } from 'zod';
import { idSchema } from './common.ts';
import { emptyEnvelope, envelope, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  slaPriorityParams,
  slaTarget,
  slaTargetRow,
  WORK_ORDER_STATES,
  workOrderAssignee,
  workOrderAssigneesQuery,
  workOrderCreate,
  workOrderDetail,
  workOrderImageForm,
  workOrderMoveBody,
  workOrderNoteBody,
  workOrderNotice,
  workOrderQuery,
  workOrderRow,
  workOrderRule,
  workOrderRuleInput,
} from './workOrders.ts';

const idParams = z.object({ id: idSchema });

/** A photo or the signature, sent as a form with its file. */
const imageUpload = (path: '/workorder/:id/photos' | '/workorder/:id/signatures') =>
  endpoint({
    method: 'POST',
    path,
    params: idParams,
    consumes: 'multipart/form-data',
    body: workOrderImageForm,
    response: emptyEnvelope,
  });

/** Work orders from alarms (the `question` screen), their SLA targets and the rules that open them. */
export const WORK_ORDER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/workorder/list',
    query: workOrderQuery,
    response: pageOf(workOrderRow),
  }),
  assignees: endpoint({
    method: 'GET',
    path: '/workorder/assignees',
    query: workOrderAssigneesQuery,
    response: envelope(z.array(workOrderAssignee)),
  }),
  notices: endpoint({
    method: 'GET',
    path: '/workorder/notices',
    response: envelope(z.array(workOrderNotice)),
  }),
  slaTargets: endpoint({ method: 'GET', path: '/workorder/sla', response: envelope(z.array(slaTargetRow)) }),
  setSlaTarget: endpoint({ method: 'PUT', path: '/workorder/sla', body: slaTarget, response: emptyEnvelope }),
  resetSlaTarget: endpoint({
    method: 'DELETE',
    path: '/workorder/sla/:priority',
    params: slaPriorityParams,
    response: emptyEnvelope,
  }),
  rules: endpoint({ method: 'GET', path: '/workorder/rules', response: envelope(z.array(workOrderRule)) }),
  addRule: endpoint({
    method: 'POST',
    path: '/workorder/rules',
    body: workOrderRuleInput,
    response: envelope(workOrderRule),
  }),
  updateRule: endpoint({
    method: 'PUT',
    path: '/workorder/rules/:id',
    params: idParams,
    body: workOrderRuleInput,
    response: envelope(workOrderRule),
  }),
  deleteRule: endpoint({
    method: 'DELETE',
    path: '/workorder/rules/:id',
    params: idParams,
    response: emptyEnvelope,
  }),
  create: endpoint({
    method: 'POST',
    path: '/workorder',
    body: workOrderCreate,
    response: envelope(z.object({ id: z.number().int() })),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/workorder/:id',
    params: idParams,
    response: envelope(workOrderDetail),
  }),
  /** A file: the service report as a PDF. */
  serviceReport: endpoint({ method: 'GET', path: '/workorder/:id/report.pdf', params: idParams }),
  move: endpoint({
    method: 'POST',
    path: '/workorder/:id/move',
    params: idParams,
    body: workOrderMoveBody,
    response: envelope(z.object({ state: z.enum(WORK_ORDER_STATES) })),
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/workorder/:id/notes',
    params: idParams,
    body: workOrderNoteBody,
    response: emptyEnvelope,
  }),
  addPhoto: imageUpload('/workorder/:id/photos'),
  addSignature: imageUpload('/workorder/:id/signatures'),
};
