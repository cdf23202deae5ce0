import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { and, count, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyEnvelope,
  errorEnvelope,
  errorLogBody,
  errorLogRow,
  envelope,
  LOGO_MAX_BYTES,
  operationLogQuery,
  publicSettings,
  systemSettings,
  testMailBody,
  testMailResult,
  uploadedFile,
  operationLogRow,
  pageOf,
  pageQuery,
  ROLE,
} from '@solarops/contracts';
import { z } from 'zod';
import { AppError, fieldError } from '../../http/AppError.ts';
import { ok, page, pageWindow } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { operationLog } from '../audit/tables.ts';
import { authenticate, callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { loadSettings, saveSettings } from './consoleSettings.ts';
import { operationLogWorkbook } from './operationLogWorkbook.ts';
import { errorLog } from './tables.ts';
import { sendXlsx } from '../../http/sendXlsx.ts';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 413: errorEnvelope };

/** Most rows one operation-log export holds. */
const LOG_EXPORT_MAX_ROWS = 50_000;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The logo's type is read from its bytes, never from the client's claim. */
const LOGO_TYPES: { ext: string; test: (b: Uint8Array) => boolean }[] = [
  { ext: 'png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    test: (b) =>
      Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
      Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP',
  },
];
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

  const logWhere = (q: z.infer<typeof operationLogQuery>) =>
    and(
      q.userCode ? eq(sql`lower(${operationLog.userCode})`, q.userCode.toLowerCase()) : undefined,
      q.action ? ilike(operationLog.action, `%${escapeLike(q.action)}%`) : undefined,
      q.result ? eq(operationLog.result, q.result) : undefined,
      q.startDate ? gte(operationLog.createdAt, q.startDate) : undefined,
      q.endDate ? lte(operationLog.createdAt, q.endDate) : undefined,
    );

  app.get(
    '/system/log/list',
    {
      preHandler: requirePermission('logList'),
      schema: {
        tags,
        summary: 'The operation log (every write, sign-in and sign-out), newest first, filtered',
        security: bearer,
        querystring: operationLogQuery,
        response: { 200: pageOf(operationLogRow), ...errors },
      },
    },
    async (request) => {
      const w = pageWindow(request.query);
      const where = logWhere(request.query);
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

  app.get(
    '/system/log/export',
    {
      preHandler: requirePermission('logList'),
      config: { audit: 'operation log export' },
      schema: {
        tags,
        summary: 'The filtered operation log as an .xlsx workbook (newest first, at most 50 000 rows)',
        security: bearer,
        querystring: operationLogQuery,
      },
    },
    async (request, reply) => {
      const rows = await db
        .select()
        .from(operationLog)
        .where(logWhere(request.query))
        .orderBy(desc(operationLog.id))
        .limit(LOG_EXPORT_MAX_ROWS);
      const file = await operationLogWorkbook(rows, requestLanguage(request));
      return sendXlsx(reply, 'operation-log.xlsx', file);
    },
  );

  app.get(
    '/system/config',
    {
      // Read before sign-in too: the sign-in page shows the platform name and language.
      schema: {
        tags,
        summary: 'Platform name, logo, default language and the notice dialog',
        response: { 200: envelope(publicSettings) },
      },
    },
    async () => {
      const { platformName, logo, defaultLanguage, notice } = await loadSettings(db, app.deps.config);
      return ok({ platformName, logo, defaultLanguage, notice });
    },
  );

  app.get(
    '/system/settings',
    {
      preHandler: requirePermission('system'),
      schema: {
        tags,
        summary: 'Every setting of the system screen',
        security: bearer,
        response: { 200: envelope(systemSettings), ...errors },
      },
    },
    async () => ok(await loadSettings(db, app.deps.config)),
  );

  app.post(
    '/system/settings',
    {
      preHandler: requirePermission('system'),
      schema: {
        tags,
        summary: 'Save the settings of the system screen',
        security: bearer,
        body: systemSettings,
        response: { 200: envelope(systemSettings), ...errors },
      },
    },
    async (request) => {
      request.auditTarget = 'settings';
      await saveSettings(db, request.body);
      return ok(await loadSettings(db, app.deps.config));
    },
  );

  app.post(
    '/system/logo',
    {
      preHandler: requirePermission('system'),
      schema: {
        tags,
        summary: 'Upload the platform logo (multipart `file`: png, jpeg or webp, at most 256 kB)',
        consumes: ['multipart/form-data'],
        security: bearer,
        body: z.object({ file: uploadedFile }),
        response: { 200: envelope(z.object({ logo: z.string() })), ...errors },
      },
    },
    async (request) => {
      const { file } = request.body;
      if (file.data.length > LOGO_MAX_BYTES) throw new AppError(413, 'payloadTooLarge');
      const type = LOGO_TYPES.find((t) => t.test(file.data));
      if (!type) throw fieldError('file', 'fileType');
      const name = `logo-${randomBytes(8).toString('hex')}.${type.ext}`;
      const dir = path.join(app.deps.config.filesDir, 'branding');
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), file.data);
      const logo = `/prod-api/files/branding/${name}`;
      await saveSettings(db, { ...(await loadSettings(db, app.deps.config)), logo });
      return ok({ logo });
    },
  );

  app.post(
    '/system/mail/test',
    {
      preHandler: requirePermission('system'),
      schema: {
        tags,
        summary: 'Send one test mail through the configured SMTP server; the answer says whether it went',
        security: bearer,
        body: testMailBody,
        response: { 200: envelope(testMailResult), ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.body.to;
      try {
        await app.deps.mailer.send({
          to: request.body.to,
          subject: 'SolarOps 测试邮件 / test mail',
          text: '这是一封测试邮件，邮件设置可用。\n\nThis is a test mail: the mail settings work.\n',
        });
        return ok({ sent: true, error: null });
      } catch (err) {
        // The SMTP server's own words help the administrator most (wrong host, refused login...).
        return ok({ sent: false, error: err instanceof Error ? err.message : String(err) });
      }
    },
  );
};

export const systemModule = fp(plugin, {
  name: 'system',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
