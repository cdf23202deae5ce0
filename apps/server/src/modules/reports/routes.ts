import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customReportResult,
  customReportRun,
  emptyEnvelope,
  errorEnvelope,
  reportTemplate,
  reportTemplateId,
  reportTemplateInput,
  abnormalReport as abnormalReportSchema,
  abnormalReportQuery,
  envelope,
  periodicExportQuery,
  periodicReport as periodicReportSchema,
  periodicReportQuery,
  reportPlantOption,
} from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { sendPdf } from '../../http/sendPdf.ts';
import { sendXlsx } from '../../http/sendXlsx.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { abnormalReport } from './abnormalReport.ts';
import { badRequest } from '../../http/AppError.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { isKnownTimeZone } from '@solarops/contracts';
import { sendTestReport } from './scheduledReports.ts';
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
import { customReportPdf, periodicReportPdf } from './reportPdf.ts';
import { periodLabel } from './periods.ts';
import { reportWorkbook } from './reportWorkbook.ts';

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['reports'];

  app.get(
    '/report/plants',
    {
      preHandler: requirePermission('form', 'CustomReport', 'abnormalReport'),
      schema: {
        tags,
        security: bearer,
        summary: 'The plants of the caller’s scope a report may cover (id, name, time zone), by name',
        response: { 200: envelope(z.array(reportPlantOption)) },
      },
    },
    async (request) =>
      ok(
        (await reportPlants(db(), callerOf(request))).map((p) => ({
          id: p.id,
          name: p.name,
          timeZone: p.time_zone,
        })),
      ),
  );

  app.get(
    '/report/periodic',
    {
      preHandler: requirePermission('form'),
      schema: {
        tags,
        security: bearer,
        summary:
          'The periodic report of one plant or of every plant in scope for a local day, month or year: energy, peak, equivalent hours, income, CO₂ with its factor, alarms, completeness',
        querystring: periodicReportQuery,
        response: { 200: envelope(periodicReportSchema), 422: errorEnvelope },
      },
    },
    async (request) => ok(await periodicReport(db(), callerOf(request), request.query)),
  );

  app.get(
    '/report/periodic/export',
    {
      preHandler: requirePermission('form'),
      schema: {
        tags,
        security: bearer,
        summary:
          'The periodic report as an .xlsx workbook, one sheet per section, or as a PDF (format=pdf) with its chart',
        querystring: periodicExportQuery,
        response: { 422: errorEnvelope },
      },
    },
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

  app.get(
    '/report/abnormal',
    {
      preHandler: requirePermission('abnormalReport'),
      schema: {
        tags,
        security: bearer,
        summary:
          'The abnormal report of one local day: inverters offline in daylight for 2 h or more, plants producing nothing for 1 h or more in sunshine, plants underperforming over the 7 days ending on it, faults still unrecovered at its end',
        querystring: abnormalReportQuery,
        response: { 200: envelope(abnormalReportSchema) },
      },
    },
    async (request) => ok(await abnormalReport(db(), callerOf(request), request.query)),
  );

  // Custom reports: the caller's own templates, and a definition made for a day (preview, workbook).
  const custom = requirePermission('CustomReport', 'addCustomReport');
  const errors = errorAnswers(400, 401, 403, 404);
  const checkZone = (zone: string | undefined) => {
    if (zone !== undefined && !isKnownTimeZone(zone)) throw badRequest('reports.unknownTimeZone');
  };

  app.get(
    '/report/custom/templates',
    {
      preHandler: custom,
      schema: {
        tags,
        security: bearer,
        summary: 'The caller’s custom report templates, newest change first',
        response: { 200: envelope(z.array(reportTemplate)) },
      },
    },
    async (request) => ok(await listTemplates(db(), callerOf(request).userId)),
  );

  app.post(
    '/report/custom/templates',
    {
      preHandler: custom,
      schema: {
        tags,
        security: bearer,
        summary:
          'Save a custom report template (at most 100 per account, names unique per account, its report within the cost bound)',
        body: reportTemplateInput,
        response: { 200: envelope(reportTemplate), ...errors, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = request.body.name;
      checkZone(request.body.schedule?.timeZone);
      return ok(await createTemplate(db(), callerOf(request), request.body));
    },
  );

  app.put(
    '/report/custom/templates/:id',
    {
      preHandler: custom,
      schema: {
        tags,
        security: bearer,
        summary: 'Change one of the caller’s custom report templates (its report within the cost bound)',
        params: reportTemplateId,
        body: reportTemplateInput,
        response: { 200: envelope(reportTemplate), ...errors, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = request.body.name;
      checkZone(request.body.schedule?.timeZone);
      return ok(await updateTemplate(db(), callerOf(request), request.params.id, request.body));
    },
  );

  app.delete(
    '/report/custom/templates/:id',
    {
      preHandler: custom,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete one of the caller’s custom report templates',
        params: reportTemplateId,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = String(request.params.id);
      await deleteTemplate(db(), callerOf(request).userId, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/report/custom/templates/:id/send',
    {
      preHandler: custom,
      schema: {
        tags,
        security: bearer,
        summary: 'Send a test report now: the template’s current period mailed to its schedule’s recipients',
        params: reportTemplateId,
        response: {
          200: envelope(z.object({ from: z.string(), to: z.string(), recipients: z.array(z.string()) })),
          ...errors,
        },
      },
    },
    async (request) => {
      const userId = callerOf(request).userId;
      const template = await getTemplate(db(), userId, request.params.id);
      request.auditTarget = template.name;
      const sent = await sendTestReport(db(), app.deps.mailer, template, userId);
      if (!sent) throw badRequest('reports.noSchedule');
      return ok(sent);
    },
  );

  app.post(
    '/report/custom/preview',
    {
      preHandler: custom,
      schema: {
        tags,
        security: bearer,
        summary: 'A custom report definition made for a local day over the caller’s scope (the preview)',
        body: customReportRun,
        response: { 200: envelope(customReportResult), ...errors, 422: errorEnvelope },
      },
    },
    async (request) =>
      ok(await runCustomReport(db(), callerOf(request), request.body.definition, request.body.date)),
  );

  app.post(
    '/report/custom/export',
    {
      preHandler: custom,
      schema: {
        tags,
        security: bearer,
        summary:
          'The custom report as an .xlsx workbook or a PDF (format), columns in the template’s order, totals last',
        body: customReportRun,
        response: { 422: errorEnvelope },
      },
    },
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
