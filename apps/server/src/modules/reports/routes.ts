import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  abnormalReport as abnormalReportSchema,
  abnormalReportQuery,
  envelope,
  periodicReport as periodicReportSchema,
  periodicReportQuery,
  reportPlantOption,
} from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { sendXlsx } from '../../http/sendXlsx.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { abnormalReport } from './abnormalReport.ts';
import { periodicReport, reportPlants } from './periodicReport.ts';
import { reportWorkbook } from './reportWorkbook.ts';

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['reports'];
  const security = [{ bearer: [] }];

  app.get(
    '/report/plants',
    {
      preHandler: requirePermission('form', 'CustomReport', 'abnormalReport'),
      schema: {
        tags,
        security,
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
        security,
        summary:
          'The periodic report of one plant or of every plant in scope for a local day, month or year: energy, peak, equivalent hours, income, CO₂ with its factor, alarms, completeness',
        querystring: periodicReportQuery,
        response: { 200: envelope(periodicReportSchema) },
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
        security,
        summary: 'The periodic report as an .xlsx workbook, one sheet per section',
        querystring: periodicReportQuery,
      },
    },
    async (request, reply) => {
      const report = await periodicReport(db(), callerOf(request), request.query);
      const file = await reportWorkbook(report, requestLanguage(request));
      return sendXlsx(reply, `report-${request.query.period}-${request.query.date}.xlsx`, file);
    },
  );

  app.get(
    '/report/abnormal',
    {
      preHandler: requirePermission('abnormalReport'),
      schema: {
        tags,
        security,
        summary:
          'The abnormal report of one local day: inverters offline in daylight for 2 h or more, plants producing nothing for 1 h or more in sunshine, plants underperforming over the 7 days ending on it',
        querystring: abnormalReportQuery,
        response: { 200: envelope(abnormalReportSchema) },
      },
    },
    async (request) => ok(await abnormalReport(db(), callerOf(request), request.query)),
  );
};

export const reportsModule = fp(plugin, {
  name: 'reports',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
