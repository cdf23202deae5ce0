import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyEnvelope,
  errorLogBody,
  errorLogRow,
  envelope,
  publicSettings,
  systemSettings,
  testMailBody,
  testMailResult,
  uploadedFile,
  pageQuery,
  ROLE,
  LOGO_MAX_BYTES,
} from '@solarops/contracts';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { authenticate, callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { loadSettings, saveSettings } from './consoleSettings.ts';
import { listConsoleErrors, recordConsoleError } from './queries.ts';
import { saveLogo, sendTestMail } from './service.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';

const errors = errorAnswers(400, 401, 403, 413);
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
      await recordConsoleError(db, callerOf(request).userCode, request.body);
      return ok(null);
    },
  );

  pagedList(
    app,
    '/system/errorlog',
    {
      preHandler: requireRole(ROLE.admin),
      tags,
      summary: 'Errors reported by consoles, newest first',
      security: bearer,
      querystring: pageQuery,
      row: errorLogRow,
      errors,
    },
    (request, window) => listConsoleErrors(db, window),
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
      config: oneFile(LOGO_MAX_BYTES),
      schema: {
        tags,
        summary: 'Upload the platform logo (multipart `file`: png, jpeg or webp, at most 256 kB)',
        consumes: ['multipart/form-data'],
        security: bearer,
        body: z.object({ file: uploadedFile }),
        response: { 200: envelope(z.object({ logo: z.string() })), ...errors },
      },
    },
    async (request) => ok({ logo: await saveLogo(db, app.deps.config, request.body.file) }),
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
      return ok(await sendTestMail(app.deps.mailer, request.body.to));
    },
  );
};

export const systemModule = fp(plugin, {
  name: 'system',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
