import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyEnvelope,
  envelope,
  deviceSnParams,
  idSchema,
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
  langType,
} from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { sendPdf } from '../../http/sendPdf.ts';
import { requestLanguage } from '../../http/language.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { getDeviceLayout, setDeviceLayout } from './deviceLayouts.ts';
import { diagnoseForApi } from './diagnose.ts';
import { MODULE_CATALOGUE } from './moduleCatalogue.ts';
import {
  abnormalStrings,
  findTask,
  listInverters,
  listTasks,
  plantTimeZone,
  stringDetail,
  taskInverters,
  taskStrings,
} from './queries.ts';
import { settleScans } from './settleScans.ts';
import { startScan } from './startScan.ts';
import { taskReportCsv, taskReportPdf } from './taskReport.ts';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.ts';

const errors = errorAnswers(400, 401, 403, 404);
const idParams = z.object({ id: idSchema });
const tags = ['iv'];
/** Abnormal strings a report draws with their curves (a chart and its evidence each take a third of a page). */
const REPORT_CURVES = 60;

/** IV-curve diagnosis (the `diagnosis` screens): templates, scan tasks, their strings, and the open door. */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const center = app.deps.commandCenter;
  const guard = requirePermission('diagnosis', 'diagnosisResults', 'diagnosisResults1');
  const startGuard = requirePermission('diagnosis');

  app.post(
    '/iv/diagnose',
    {
      preHandler: startGuard,
      schema: {
        tags,
        summary:
          'Diagnose one IV curve from any tracer: key points at STC (IEC 60891), performance factor, fault class with confidence, advice',
        security: bearer,
        body: ivDiagnoseBody,
        response: { 200: envelope(ivDiagnosisResult), ...errors },
      },
    },
    async (request) => ok(diagnoseForApi(request.body, requestLanguage(request))),
  );

  app.get(
    '/iv/templates',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary: 'IV templates',
        response: { 200: envelope(z.array(ivTemplate)), ...errors },
      },
    },
    async (request) => ok(await listTemplates(db(), callerOf(request))),
  );

  app.post(
    '/iv/templates',
    {
      preHandler: startGuard,
      schema: {
        tags,
        security: bearer,
        summary: 'Create an IV template (module datasheet, coefficients in %/K, decay, string, sensitivity)',
        body: ivTemplateBody,
        response: { 200: envelope(ivTemplate), ...errors },
      },
    },
    async (request) => ok(await createTemplate(db(), callerOf(request), request.body)),
  );

  app.put(
    '/iv/templates/:id',
    {
      preHandler: startGuard,
      schema: {
        tags,
        security: bearer,
        summary: 'Edit an IV template (tasks keep the copy they were started with)',
        params: idParams,
        body: ivTemplateBody,
        response: { 200: envelope(ivTemplate), ...errors },
      },
    },
    async (request) => ok(await updateTemplate(db(), callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iv/templates/:id',
    {
      preHandler: startGuard,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete an IV template',
        params: idParams,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await deleteTemplate(db(), callerOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/iv/modules',
    {
      preHandler: startGuard,
      schema: {
        tags,
        security: bearer,
        summary:
          'The shipped list of common PV modules with their datasheet values at STC (a template or an inverter’s module type starts from one)',
        response: { 200: envelope(z.array(ivCatalogueModule)), ...errors },
      },
    },
    async () => ok([...MODULE_CATALOGUE]),
  );

  app.get(
    '/iv/devices/:sn/layout',
    {
      preHandler: requirePermission('diagnosis', 'devicelist', 'devicelist1', 'devicelistZT', 'details'),
      schema: {
        tags,
        security: bearer,
        summary:
          'An inverter’s layout for IV diagnosis: MPPT inputs with strings and modules per string, module type (null: the task’s template applies)',
        params: deviceSnParams,
        response: { 200: envelope(ivDeviceLayoutView), ...errors },
      },
    },
    async (request) => ok(await getDeviceLayout(db(), callerOf(request), request.params.sn)),
  );

  app.put(
    '/iv/devices/:sn/layout',
    {
      preHandler: startGuard,
      schema: {
        tags,
        security: bearer,
        summary:
          'Set (or with a null layout clear) an inverter’s layout; later scans judge each string against it, started tasks keep theirs',
        params: deviceSnParams,
        body: z.object({ layout: ivDeviceLayout.nullable() }),
        response: { 200: envelope(ivDeviceLayoutView), ...errors },
      },
    },
    async (request) => {
      request.auditTarget = `IV layout ${request.params.sn}`;
      return ok(await setDeviceLayout(db(), callerOf(request), request.params.sn, request.body.layout));
    },
  );

  app.get(
    '/iv/inverters',
    {
      preHandler: startGuard,
      schema: {
        tags,
        security: bearer,
        summary: 'The inverters the caller may scan, with their plant and whether their collector is online',
        response: { 200: envelope(z.array(ivInverter)), ...errors },
      },
    },
    async (request) => ok(await listInverters(db(), callerOf(request))),
  );

  app.post(
    '/iv/tasks',
    {
      preHandler: startGuard,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security: bearer,
        summary:
          'Start an IV scan of inverters of one plant against a template (password asked again; offline inverters and those past 10 scans today are refused)',
        body: ivTaskBody,
        response: { 200: envelope(ivTaskCreated), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { taskId, created } = await startScan(db(), caller, requestLanguage(request), request.body);
      request.auditTarget = `IV task ${taskId}`;
      await center.dispatchCreated(created.toSend);
      return ok({ task: await findTask(db(), caller, taskId), refused: created.refused });
    },
  );

  app.get(
    '/iv/tasks',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary: 'IV tasks with their state and strings by class',
        querystring: z.object({ plantId: idSchema.optional() }),
        response: { 200: envelope(z.array(ivTask)), ...errors },
      },
    },
    async (request) => {
      await settleScans(db());
      return ok(await listTasks(db(), callerOf(request), request.query.plantId));
    },
  );

  app.get(
    '/iv/tasks/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary: 'One IV task with its inverters’ scans',
        params: idParams,
        response: {
          200: envelope(z.object({ task: ivTask, inverters: z.array(ivTaskInverter) })),
          ...errors,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await settleScans(db(), request.params.id);
      return ok({
        task: await findTask(db(), caller, request.params.id),
        inverters: await taskInverters(db(), caller, request.params.id),
      });
    },
  );

  app.get(
    '/iv/tasks/:id/strings',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary: 'A task’s strings, filtered by class and serial, sorted',
        params: idParams,
        querystring: ivStringQuery,
        response: { 200: envelope(z.array(ivStringRow)), ...errors },
      },
    },
    async (request) => {
      await settleScans(db(), request.params.id);
      return ok(await taskStrings(db(), callerOf(request), request.params.id, request.query));
    },
  );

  app.get(
    '/iv/tasks/:id/report',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary:
          'A task’s report in the caller’s language: PDF (format=pdf) or CSV (format=csv) of every string',
        params: idParams,
        querystring: z.object({ format: z.enum(['pdf', 'csv']).default('pdf'), langType }),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const lang = requestLanguage(request);
      await settleScans(db(), request.params.id);
      const task = await findTask(db(), caller, request.params.id);
      const rows = await taskStrings(db(), caller, task.id, { sort: 'serial', order: 'asc' });
      const name = `iv-task-${task.id}`;
      if (request.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(taskReportCsv(rows, lang));
      const abnormal = await abnormalStrings(db(), caller, task.id, REPORT_CURVES);
      return sendPdf(
        reply,
        `${name}.pdf`,
        await taskReportPdf(task, rows, abnormal, lang, await plantTimeZone(db(), task.plantId)),
      );
    },
  );

  app.get(
    '/iv/strings/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary:
          'One string: measured, expected (same conditions and STC) and translated curves, figures, advice',
        params: idParams,
        response: { 200: envelope(ivStringDetail), ...errors },
      },
    },
    async (request) =>
      ok(await stringDetail(db(), callerOf(request), request.params.id, requestLanguage(request))),
  );
};

export const ivModule = fp(plugin, { name: 'iv', encapsulate: true, dependencies: ['audit', 'auth'] });
