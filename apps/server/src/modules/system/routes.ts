import fp from 'fastify-plugin';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyEnvelope,
  errorEnvelope,
  errorLogBody,
  errorLogRow,
  operationLogQuery,
  operationLogRow,
  pageOf,
  pageQuery,
  ROLE,
} from '@solarops/contracts';
import { ok, page, pageWindow } from '../../http/envelope.ts';
import { operationLog } from '../audit/tables.ts';
import { authenticate, callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { errorLog } from './tables.ts';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const bearer = [{ bearer: [] }];
const tags = ['system'];

const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/system/errorlog',
    {
      preHandler: authenticate,
      // Error reports are not operations of the user.
      config: { audit: false },
      schema: {
        tags,
        summary: 'Report an error the console caught',
        security: bearer,
        body: errorLogBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      const { message, stack, url, info } = request.body;
      await db
        .insert(errorLog)
        .values({ userCode: callerOf(request).userCode, message, stack, url, info: info ?? null });
      return ok(null);
    },
  );

  app.get(
    '/system/errorlog',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        summary: 'Errors reported by consoles, newest first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: pageOf(errorLogRow), ...errors },
      },
    },
    async (request) => {
      const w = pageWindow(request.query);
      const [total] = await db.select({ n: count() }).from(errorLog);
      const rows = await db
        .select()
        .from(errorLog)
        .orderBy(desc(errorLog.id))
        .limit(w.limit)
        .offset(w.offset);
      return page(
        total?.n ?? 0,
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      );
    },
  );

  app.get(
    '/system/log/list',
    {
      preHandler: requirePermission('logList'),
      schema: {
        tags,
        summary: 'The operation log (every write, sign-in and sign-out), newest first',
        security: bearer,
        querystring: operationLogQuery,
        response: { 200: pageOf(operationLogRow), ...errors },
      },
    },
    async (request) => {
      const w = pageWindow(request.query);
      const where = and(
        request.query.userCode
          ? eq(sql`lower(${operationLog.userCode})`, request.query.userCode.toLowerCase())
          : undefined,
      );
      const [total] = await db.select({ n: count() }).from(operationLog).where(where);
      const rows = await db
        .select()
        .from(operationLog)
        .where(where)
        .orderBy(desc(operationLog.id))
        .limit(w.limit)
        .offset(w.offset);
      return page(
        total?.n ?? 0,
        rows.map(({ userId: _userId, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      );
    },
  );
};

export const systemModule = fp(plugin, {
  name: 'system',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
