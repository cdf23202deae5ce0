import { z } from 'zod';
import { idSchema } from './common.ts';
import { emptyEnvelope, envelope, langType, pageOf, pageQuery } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  ivCatalogueModule,
  ivDeviceLayout,
  ivDeviceLayoutView,
  ivDiagnoseBody,
  ivDiagnosisResult,
  ivInverter,
  ivStringDetail,
  ivStringQuery,
  ivStringRow,
  ivTask,
  ivTaskBody,
  ivTaskCreated,
  ivTaskInverter,
  ivTemplate,
  ivTemplateBody,
} from './iv.ts';
import { deviceSnParams } from './plants.ts';

const idParams = z.object({ id: idSchema });

/** `GET /iv/tasks/:id/report`: the task's report as a PDF or a CSV, in the language asked for. */
export const ivReportQuery = z.object({ format: z.enum(['pdf', 'csv']).default('pdf'), langType });

/** `GET /iv/tasks`: a page of the caller's tasks, newest first, of one plant when given. */
export const ivTaskQuery = pageQuery.extend({ plantId: idSchema.optional() });

/** The IV diagnosis's calls (the `diagnosis` screens and an inverter's layout on the device detail). */
export const IV_ENDPOINTS = {
  diagnose: endpoint({
    method: 'POST',
    path: '/iv/diagnose',
    body: ivDiagnoseBody,
    response: envelope(ivDiagnosisResult),
  }),
  templates: endpoint({ method: 'GET', path: '/iv/templates', response: envelope(z.array(ivTemplate)) }),
  createTemplate: endpoint({
    method: 'POST',
    path: '/iv/templates',
    body: ivTemplateBody,
    response: envelope(ivTemplate),
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: '/iv/templates/:id',
    params: idParams,
    body: ivTemplateBody,
    response: envelope(ivTemplate),
  }),
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: '/iv/templates/:id',
    params: idParams,
    response: emptyEnvelope,
  }),
  modules: endpoint({ method: 'GET', path: '/iv/modules', response: envelope(z.array(ivCatalogueModule)) }),
  deviceLayout: endpoint({
    method: 'GET',
    path: '/iv/devices/:sn/layout',
    params: deviceSnParams,
    response: envelope(ivDeviceLayoutView),
  }),
  setDeviceLayout: endpoint({
    method: 'PUT',
    path: '/iv/devices/:sn/layout',
    params: deviceSnParams,
    body: z.object({ layout: ivDeviceLayout.nullable() }),
    response: envelope(ivDeviceLayoutView),
  }),
  inverters: endpoint({ method: 'GET', path: '/iv/inverters', response: envelope(z.array(ivInverter)) }),
  startTask: endpoint({
    method: 'POST',
    path: '/iv/tasks',
    body: ivTaskBody,
    response: envelope(ivTaskCreated),
  }),
  tasks: endpoint({
    method: 'GET',
    path: '/iv/tasks',
    query: ivTaskQuery,
    response: pageOf(ivTask),
  }),
  task: endpoint({
    method: 'GET',
    path: '/iv/tasks/:id',
    params: idParams,
    response: envelope(z.object({ task: ivTask, inverters: z.array(ivTaskInverter) })),
  }),
  taskStrings: endpoint({
    method: 'GET',
    path: '/iv/tasks/:id/strings',
    params: idParams,
    query: ivStringQuery,
    response: envelope(z.array(ivStringRow)),
  }),
  taskReport: endpoint({
    method: 'GET',
    path: '/iv/tasks/:id/report',
    params: idParams,
    query: ivReportQuery,
  }),
  string: endpoint({
    method: 'GET',
    path: '/iv/strings/:id',
    params: idParams,
    response: envelope(ivStringDetail),
  }),
};
