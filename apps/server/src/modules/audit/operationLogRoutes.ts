import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SYSTEM_ENDPOINTS as SYSTEM } from '@solarops/contracts';
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { requirePermission } from '../auth/guards.ts';
import { operationLogWorkbook } from './operationLogWorkbook.ts';
import { LOG_EXPORT_MAX_ROWS, listOperationLog, operationLogForExport } from './queries.ts';

const errors = errorAnswers(400, 401, 403);
const tags = ['system'];

const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  pagedList(
    app,
    SYSTEM.operationLog,
    {
      preHandler: requirePermission('logList'),
      tags,
      summary: 'The operation log (every write, sign-in and sign-out), newest first, filtered',
      security: bearer,
      errors,
    },
    (request, window) => listOperationLog(db, request.query, window),
  );

  listExport(
    app,
    SYSTEM.operationLogExport,
    {
      preHandler: requirePermission('logList'),
      config: { audit: 'operation log export' },
      tags,
      summary: 'The filtered operation log as an .xlsx workbook (newest first, at most 50 000 rows)',
      security: bearer,
      maxRows: LOG_EXPORT_MAX_ROWS,
      fileName: 'operation-log.xlsx',
      workbook: operationLogWorkbook,
    },
    async (request, window) => ({ rows: await operationLogForExport(db, request.query, window.limit) }),
  );
};

/**
 * The operation-log screen's calls (list and export), declared from their entries in the contracts' endpoint map
 * (`SYSTEM_ENDPOINTS`, the `/system` segment); the log itself is written by the `audit` hook.
 */
export const operationLogModule = fp(plugin, {
  name: 'operationLog',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
