import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROLE,
  alarmAutoPopupInput,
  alarmIdQuery,
  alarmQuery,
  alarmRow,
  alarmUserParams,
  alarmUserSettings,
  emailOptOutInput,
  envelope,
} from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { authenticate, callerOf, requireRole } from '../auth/guards.ts';
import { canSeeUser } from '../users/dataScope.ts';
import { plantScope } from '../plants/plantScope.ts';
import { openAlarmStream } from './alarmStream.ts';
import { countAlarms, listAlarms } from './queries.ts';
import { confirmAlarm } from './service.ts';
import { alarmSettingsOf, setAutoPopup, updateAlarmSettings } from './settings.ts';

/** The top bar's alarm calls (`/alarm/manager/*`, spec §7): the counter, the dialog's list and confirmation, the push stream and the per-user alarm settings. */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['alarms'];
  const streams = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  // The top bar's calls (spec §7): every signed-in user, each seeing the alarms of its own plants only.
  app.get(
    '/alarm/manager/total',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Unconfirmed alarms matching the query (the top bar’s counter)',
        querystring: alarmQuery,
        response: { 200: envelope(z.number().int()) },
      },
    },
    async (request) =>
      ok(await countAlarms(db(), callerOf(request), { unconfirmed: 'true', ...request.query })),
  );

  pagedList(
    app,
    '/alarm/manager/list',
    {
      preHandler: authenticate,
      tags,
      security: bearer,
      summary: 'Alarms matching the query, newest first (the ticker, the dashboard’s recent alarms)',
      querystring: alarmQuery,
      row: alarmRow,
    },
    (request, window) => listAlarms(db(), callerOf(request), request.query, requestLanguage(request), window),
  );

  pagedList(
    app,
    '/alarm/manager/verify',
    {
      preHandler: authenticate,
      tags,
      security: bearer,
      summary: 'Unconfirmed alarms, paged (the 告警信息 dialog)',
      querystring: alarmQuery,
      row: alarmRow,
    },
    (request, window) =>
      listAlarms(
        db(),
        callerOf(request),
        { ...request.query, unconfirmed: 'true' },
        requestLanguage(request),
        window,
      ),
  );

  app.get(
    '/alarm/manager/update/verify',
    {
      preHandler: authenticate,
      config: { audit: 'confirm alarm' },
      schema: {
        tags,
        security: bearer,
        summary: 'Confirms an alarm: who and when are recorded (the first confirmation stays)',
        querystring: alarmIdQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      request.auditTarget = `alarm ${request.query.alarmId}`;
      const done = await confirmAlarm(app.deps, request.query.alarmId, caller.userId, plantScope(caller));
      if (!done) throw notFound();
      return ok(null);
    },
  );

  app.get(
    '/alarm/manager/stream',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          'Server-sent events: `alarm` when an alarm of the caller’s plants occurs, `changed` when one recovers or is confirmed',
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      reply.hijack();
      const end = openAlarmStream(app.deps, caller, reply.raw, () => streams.delete(end));
      streams.add(end);
    },
  );

  // Per-user settings: the dialog opening by itself (administrators grant it) and the email opt-out.
  app.get(
    '/alarm/manager/settings',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'The caller’s alarm settings',
        response: { 200: envelope(alarmUserSettings) },
      },
    },
    async (request) => ok(await alarmSettingsOf(db(), callerOf(request).userId)),
  );

  app.put(
    '/alarm/manager/settings/email',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'The caller opts out of (or back into) alarm emails',
        body: emailOptOutInput,
        response: { 200: envelope(alarmUserSettings) },
      },
    },
    async (request) => ok(await updateAlarmSettings(db(), callerOf(request).userId, request.body)),
  );

  app.get(
    '/alarm/manager/settings/:userId',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security: bearer,
        summary: 'A user’s alarm settings (administrators)',
        params: alarmUserParams,
        response: { 200: envelope(alarmUserSettings) },
      },
    },
    async (request) => {
      if (!(await canSeeUser(db(), callerOf(request), request.params.userId))) throw notFound();
      return ok(await alarmSettingsOf(db(), request.params.userId));
    },
  );

  app.put(
    '/alarm/manager/settings/:userId/auto-popup',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security: bearer,
        summary: 'Grants or withdraws the alarm dialog that opens by itself and refreshes every 30 s',
        params: alarmUserParams,
        body: alarmAutoPopupInput,
        response: { 200: envelope(alarmUserSettings) },
      },
    },
    async (request) => {
      request.auditTarget = `user ${request.params.userId}`;
      const settings = await setAutoPopup(db(), request.params.userId, request.body);
      if (!settings) throw notFound();
      return ok(settings);
    },
  );
};
