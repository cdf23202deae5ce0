import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, operationLogQuery, operationLogRow, pageOf } from '@solarops/contracts';
import { page, pageWindow } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { sendXlsx } from '../../http/sendXlsx.ts';
import { requirePermission } from '../auth/guards.ts';
import { operationLogWorkbook } from './operationLogWorkbook.ts';
import { listOperationLog, operationLogForExport } from './queries.ts';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const security = [{ bearer: [] }];
const tags = ['system'];

const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/system/log/list',
    {
      preHandler: requirePermission('logList'),
      schema: {
        tags,
        summary: 'The operation log (every write, sign-in and sign-out), newest first, filtered',
        security,
        querystring: operationLogQuery,
        response: { 200: pageOf(operationLogRow), ...errors },
      },
    },
    async (request) => {
      const { total, rows } = await listOperationLog(db, request.query, pageWindow(request.query));
      return page(total, rows);
    },
  );

  app.get(
    '/system/log/export',
    {
      preHandler: requirePermission('logList'),
      config: { audit: 'operation log export' },
      schema: {
        tags,
        summary: 'The filtered operation log as an .xlsx workbook (newest first, at most 50 000 rows)',
        security,
        querystring: operationLogQuery,
      },
    },
    async (request, reply) => {
      const rows = await operationLogForExport(db, request.query);
      return sendXlsx(
        reply,
        'operation-log.xlsx',
        await operationLogWorkbook(rows, requestLanguage(request)),
      );
    },
  );
};

/** The operation-log screen's calls (list and export); the log itself is written by the `audit` hook. */
export const operationLogModule = fp(plugin, {
  name: 'operationLog',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
