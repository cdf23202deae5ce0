import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, isKnownTimeZone, REPORT_ENDPOINTS as REPORT } from '@solarops/contracts';
import { badRequest } from '../../http/AppError.ts';
import { endpointRoute, type EndpointRouteDoc } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { sendPdf } from '../../http/sendPdf.ts';
import { sendXlsx } from '../../http/sendXlsx.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { abnormalReport } from './abnormalReport.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  runCustomReport,
  updateTemplate,
} from './customReport.ts';
import { customReportWorkbook } from './customReportWorkbook.ts';
import { periodicReport, reportPlants } from './periodicReport.ts';
import { periodLabel } from './periods.ts';
import { customReportPdf, periodicReportPdf } from './reportPdf.ts';
import { reportWorkbook } from './reportWorkbook.ts';
import { sendTestReport } from './scheduledReports.ts';

/**
 * The periodic, abnormal and custom reports. Every route is declared from its entry in the contracts' endpoint map
 * (`REPORT_ENDPOINTS`), which the console calls through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const doc = (
    preHandler: EndpointRouteDoc['preHandler'],
    summary: string,
    errors?: EndpointRouteDoc['errors'],
  ): EndpointRouteDoc => ({
    preHandler,
    tags: ['reports'],
    security: bearer,
    summary,
    ...(errors ? { errors } : {}),
  });
  const unprocessable = { 422: errorEnvelope };
  const form = requirePermission('form');

  endpointRoute(
    app,
    REPORT.plants,
    doc(
      requirePermission('form', 'CustomReport', 'abnormalReport'),
      'The plants of the caller’s scope a report may cover (id, name, time zone), by name',
    ),
    async (request) =>
      ok(
        (await reportPlants(db(), callerOf(request))).map((p) => ({
          id: p.id,
          name: p.name,
          timeZone: p.time_zone,
        })),
      ),
  );

  endpointRoute(
    app,
    REPORT.periodic,
    doc(
      form,
      'The periodic report of one plant or of every plant in scope for a local day, month or year: energy, peak, equivalent hours, income, CO₂ with its factor, alarms, completeness',
      unprocessable,
    ),
    async (request) => ok(await periodicReport(db(), callerOf(request), request.query)),
  );

  endpointRoute(
    app,
    REPORT.periodicExport,
    doc(
      form,
      'The periodic report as an .xlsx workbook, one sheet per section, or as a PDF (format=pdf) with its chart',
      unprocessable,
    ),
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await periodicReport(db(), callerOf(request), query);
      const lang = requestLanguage(request);
      const name = `report-${query.period}-${periodLabel(query.period, query.date)}`;
      if (format === 'pdf') {
        const zone = query.plantId === undefined ? undefined : report.plants[0]?.timeZone;
        return sendPdf(reply, `${name}.pdf`, await periodicReportPdf(report, lang, zone));
      }
      return sendXlsx(reply, `${name}.xlsx`, await reportWorkbook(report, lang));
    },
  );

  endpointRoute(
    app,
    REPORT.abnormal,
    doc(
      requirePermission('abnormalReport'),
      'The abnormal report of one local day: inverters offline in daylight for 2 h or more, plants producing nothing for 1 h or more in sunshine, plants underperforming over the 7 days ending on it, faults still unrecovered at its end',
    ),
    async (request) => ok(await abnormalReport(db(), callerOf(request), request.query)),
  );

  // Custom reports: the caller's own templates, and a definition made for a day (preview, workbook).
  const custom = requirePermission('CustomReport', 'addCustomReport');
  const errors = errorAnswers(400, 401, 403, 404);
  const checkZone = (zone: string | undefined) => {
    if (zone !== undefined && !isKnownTimeZone(zone)) throw badRequest('reports.unknownTimeZone');
  };

  endpointRoute(
    app,
    REPORT.templates,
    doc(custom, 'The caller’s custom report templates, newest change first'),
    async (request) => ok(await listTemplates(db(), callerOf(request).userId)),
  );

  endpointRoute(
    app,
    REPORT.createTemplate,
    doc(
      custom,
      'Save a custom report template (at most 100 per account, names unique per account, its report within the cost bound)',
      { ...errors, 409: errorEnvelope, 422: errorEnvelope },
    ),
    async (request) => {
      request.auditTarget = request.body.name;
      checkZone(request.body.schedule?.timeZone);
      return ok(await createTemplate(db(), callerOf(request), request.body));
    },
  );

  endpointRoute(
    app,
    REPORT.updateTemplate,
    doc(custom, 'Change one of the caller’s custom report templates (its report within the cost bound)', {
      ...errors,
      409: errorEnvelope,
      422: errorEnvelope,
    }),
    async (request) => {
      request.auditTarget = request.body.name;
      checkZone(request.body.schedule?.timeZone);
      return ok(await updateTemplate(db(), callerOf(request), request.params.id, request.body));
    },
  );

  endpointRoute(
    app,
    REPORT.deleteTemplate,
    doc(custom, 'Delete one of the caller’s custom report templates', errors),
    async (request) => {
      request.auditTarget = String(request.params.id);
      await deleteTemplate(db(), callerOf(request).userId, request.params.id);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    REPORT.sendTestReport,
    doc(
      custom,
      'Send a test report now: the template’s current period mailed to its schedule’s recipients',
      errors,
    ),
    async (request) => {
      const userId = callerOf(request).userId;
      const template = await getTemplate(db(), userId, request.params.id);
      request.auditTarget = template.name;
      const sent = await sendTestReport(db(), app.deps.mailer, template, userId);
      if (!sent) throw badRequest('reports.noSchedule');
      return ok(sent);
    },
  );

  endpointRoute(
    app,
    REPORT.preview,
    doc(custom, 'A custom report definition made for a local day over the caller’s scope (the preview)', {
      ...errors,
      422: errorEnvelope,
    }),
    async (request) =>
      ok(await runCustomReport(db(), callerOf(request), request.body.definition, request.body.date)),
  );

  endpointRoute(
    app,
    REPORT.customExport,
    doc(
      custom,
      'The custom report as an .xlsx workbook or a PDF (format), columns in the template’s order, totals last',
      unprocessable,
    ),
    async (request, reply) => {
      const { definition, date, name, format } = request.body;
      const result = await runCustomReport(db(), callerOf(request), definition, date);
      const lang = requestLanguage(request);
      // The template's name may be Chinese: the file name stays ASCII for the header, the file carries the name.
      const file = `custom-report-${result.from}-${result.to}`;
      if (format === 'pdf')
        return sendPdf(reply, `${file}.pdf`, await customReportPdf(result, name || 'report', lang));
      return sendXlsx(reply, `${file}.xlsx`, await customReportWorkbook(result, name || 'report', lang));
    },
  );
};

export const reportsModule = fp(plugin, {
  name: 'reports',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
