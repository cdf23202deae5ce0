import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE, LOGO_MAX_BYTES, SYSTEM_ENDPOINTS as SYSTEM } from '@solarops/contracts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { bearerDocs } from '../../http/bearerDocs.ts';
import { ok } from '../../http/envelope.ts';
import { authenticate, callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { loadSettings, saveSettings } from './consoleSettings.ts';
import { listConsoleErrors, recordConsoleError } from './queries.ts';
import { saveLogo, sendTestMail } from './service.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { errorAnswers } from '../../http/routeSchemas.ts';

const errors = errorAnswers(400, 401, 403, 413);

/** A system route's documentation: its guard and summary, with the error answers it declares. */
const doc = bearerDocs(['system'], errors);

const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // Error reports are not operations of the user.
  endpointRoute(
    app,
    SYSTEM.reportError,
    doc(authenticate, 'Report an error the console caught', { config: { audit: false } }),
    async (request) => {
      await recordConsoleError(db, callerOf(request).userCode, request.body);
      return ok(null);
    },
  );

  pagedList(
    app,
    SYSTEM.errorLog,
    doc(requireRole(ROLE.admin), 'Errors reported by consoles, newest first'),
    (request, window) => listConsoleErrors(db, window),
  );

  // Read before sign-in too (no guard): the sign-in page shows the platform name and language.
  endpointRoute(
    app,
    SYSTEM.config,
    { tags: ['system'], summary: 'Platform name, logo, default language and the notice dialog' },
    async () => {
      const { platformName, logo, defaultLanguage, notice } = await loadSettings(db, app.deps.config);
      return ok({ platformName, logo, defaultLanguage, notice });
    },
  );

  endpointRoute(
    app,
    SYSTEM.settings,
    doc(requirePermission('system'), 'Every setting of the system screen'),
    async () => ok(await loadSettings(db, app.deps.config)),
  );

  endpointRoute(
    app,
    SYSTEM.saveSettings,
    doc(requirePermission('system'), 'Save the settings of the system screen'),
    async (request) => {
      request.auditTarget = 'settings';
      await saveSettings(db, request.body);
      return ok(await loadSettings(db, app.deps.config));
    },
  );

  endpointRoute(
    app,
    SYSTEM.uploadLogo,
    doc(
      requirePermission('system'),
      'Upload the platform logo (multipart `file`: png, jpeg or webp, at most 256 kB)',
      { config: oneFile(LOGO_MAX_BYTES) },
    ),
    async (request) => ok({ logo: await saveLogo(db, app.deps.config, request.body.file) }),
  );

  endpointRoute(
    app,
    SYSTEM.testMail,
    doc(
      requirePermission('system'),
      'Send one test mail through the configured SMTP server; the answer says whether it went',
    ),
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
