import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IV_ENDPOINTS as IV } from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { bearerDocs } from '../../http/bearerDocs.ts';
import { pagedList } from '../../http/listRoutes.ts';
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
const tags = ['iv'];
/** Abnormal strings a report draws with their curves (a chart and its evidence each take a third of a page). */
const REPORT_CURVES = 60;

/**
 * IV-curve diagnosis (the `diagnosis` screens): templates, scan tasks, their strings, and the open door. Every route
 * is declared from its entry in the contracts' endpoint map (`IV_ENDPOINTS`), which the console calls through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const center = app.deps.commandCenter;
  const guard = requirePermission('diagnosis', 'diagnosisResults', 'diagnosisResults1');
  const startGuard = requirePermission('diagnosis');
  const doc = bearerDocs(tags, errors);

  endpointRoute(
    app,
    IV.diagnose,
    doc(
      startGuard,
      'Diagnose one IV curve from any tracer: key points at STC (IEC 60891), performance factor, fault class with confidence, advice',
    ),
    async (request) => ok(diagnoseForApi(request.body, requestLanguage(request))),
  );

  endpointRoute(app, IV.templates, doc(guard, 'IV templates'), async (request) =>
    ok(await listTemplates(db(), callerOf(request))),
  );

  endpointRoute(
    app,
    IV.createTemplate,
    doc(
      startGuard,
      'Create an IV template (module datasheet, coefficients in %/K, decay, string, sensitivity)',
    ),
    async (request) => ok(await createTemplate(db(), callerOf(request), request.body)),
  );

  endpointRoute(
    app,
    IV.updateTemplate,
    doc(startGuard, 'Edit an IV template (tasks keep the copy they were started with)'),
    async (request) => ok(await updateTemplate(db(), callerOf(request), request.params.id, request.body)),
  );

  endpointRoute(app, IV.deleteTemplate, doc(startGuard, 'Delete an IV template'), async (request) => {
    await deleteTemplate(db(), callerOf(request), request.params.id);
    return ok(null);
  });

  endpointRoute(
    app,
    IV.modules,
    doc(
      startGuard,
      'The shipped list of common PV modules with their datasheet values at STC (a template or an inverter’s module type starts from one)',
    ),
    async () => ok([...MODULE_CATALOGUE]),
  );

  endpointRoute(
    app,
    IV.deviceLayout,
    doc(
      requirePermission('diagnosis', 'devicelist', 'devicelist1', 'devicelistZT', 'details'),
      'An inverter’s layout for IV diagnosis: MPPT inputs with strings and modules per string, module type (null: the task’s template applies)',
    ),
    async (request) => ok(await getDeviceLayout(db(), callerOf(request), request.params.sn)),
  );

  endpointRoute(
    app,
    IV.setDeviceLayout,
    doc(
      startGuard,
      'Set (or with a null layout clear) an inverter’s layout; later scans judge each string against it, started tasks keep theirs',
    ),
    async (request) => {
      request.auditTarget = `IV layout ${request.params.sn}`;
      return ok(await setDeviceLayout(db(), callerOf(request), request.params.sn, request.body.layout));
    },
  );

  endpointRoute(
    app,
    IV.inverters,
    doc(
      startGuard,
      'The inverters the caller may scan, with their plant and whether their collector is online',
    ),
    async (request) => ok(await listInverters(db(), callerOf(request))),
  );

  endpointRoute(
    app,
    IV.startTask,
    {
      ...doc(
        startGuard,
        'Start an IV scan of inverters of one plant against a template (password asked again; offline inverters and those past 10 scans today are refused)',
      ),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const caller = callerOf(request);
      const { taskId, created } = await startScan(db(), caller, requestLanguage(request), request.body);
      request.auditTarget = `IV task ${taskId}`;
      await center.dispatchCreated(created.toSend);
      return ok({ task: await findTask(db(), caller, taskId), refused: created.refused });
    },
  );

  pagedList(
    app,
    IV.tasks,
    doc(guard, 'IV tasks, newest first, with their state and strings by class'),
    async (request, window) => {
      await settleScans(db());
      return listTasks(db(), callerOf(request), request.query.plantId, window);
    },
  );

  endpointRoute(app, IV.task, doc(guard, 'One IV task with its inverters’ scans'), async (request) => {
    const caller = callerOf(request);
    await settleScans(db(), request.params.id);
    return ok({
      task: await findTask(db(), caller, request.params.id),
      inverters: await taskInverters(db(), caller, request.params.id),
    });
  });

  endpointRoute(
    app,
    IV.taskStrings,
    doc(guard, 'A task’s strings, filtered by class and serial, sorted'),
    async (request) => {
      await settleScans(db(), request.params.id);
      return ok(await taskStrings(db(), callerOf(request), request.params.id, request.query));
    },
  );

  endpointRoute(
    app,
    IV.taskReport,
    {
      preHandler: guard,
      tags,
      security: bearer,
      summary:
        'A task’s report in the caller’s language: PDF (format=pdf) or CSV (format=csv) of every string',
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

  endpointRoute(
    app,
    IV.string,
    doc(
      guard,
      'One string: measured, expected (same conditions and STC) and translated curves, figures, advice',
    ),
    async (request) =>
      ok(await stringDetail(db(), callerOf(request), request.params.id, requestLanguage(request))),
  );
};

export const ivModule = fp(plugin, { name: 'iv', encapsulate: true, dependencies: ['audit', 'auth'] });
