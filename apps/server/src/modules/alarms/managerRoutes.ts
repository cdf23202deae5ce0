import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE, ALARM_ENDPOINTS as ALARM } from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { authenticate, callerOf, requireRole } from '../auth/guards.ts';
import { canSeeUser } from '../users/dataScope.ts';
import { plantScope } from '../plants/plantScope.ts';
import { openAlarmStream } from './alarmStream.ts';
import { countAlarms, listAlarms } from './queries.ts';
import { confirmAlarm } from './service.ts';
import { alarmDoc as doc } from './routeDoc.ts';
import { alarmSettingsOf, setAutoPopup, updateAlarmSettings } from './settings.ts';

/** The top bar's alarm calls (`/alarm/manager/*`, spec §7): the counter, the dialog's list and confirmation, the push stream and the per-user alarm settings. */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const streams = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  // The top bar's calls (spec §7): every signed-in user, each seeing the alarms of its own plants only.
  endpointRoute(
    app,
    ALARM.managerTotal,
    doc(authenticate, 'Unconfirmed alarms matching the query (the top bar’s counter)'),
    async (request) =>
      ok(await countAlarms(db(), callerOf(request), { unconfirmed: 'true', ...request.query })),
  );

  pagedList(
    app,
    ALARM.managerList,
    doc(authenticate, 'Alarms matching the query, newest first (the ticker, the dashboard’s recent alarms)'),
    (request, window) => listAlarms(db(), callerOf(request), request.query, requestLanguage(request), window),
  );

  pagedList(
    app,
    ALARM.managerVerify,
    doc(authenticate, 'Unconfirmed alarms, paged (the 告警信息 dialog)'),
    (request, window) =>
      listAlarms(
        db(),
        callerOf(request),
        { ...request.query, unconfirmed: 'true' },
        requestLanguage(request),
        window,
      ),
  );

  endpointRoute(
    app,
    ALARM.confirm,
    doc(authenticate, 'Confirms an alarm: who and when are recorded (the first confirmation stays)', {
      config: { audit: 'confirm alarm' },
    }),
    async (request) => {
      const caller = callerOf(request);
      request.auditTarget = `alarm ${request.query.alarmId}`;
      const done = await confirmAlarm(app.deps, request.query.alarmId, caller.userId, plantScope(caller));
      if (!done) throw notFound();
      return ok(null);
    },
  );

  endpointRoute(
    app,
    ALARM.stream,
    doc(
      authenticate,
      'Server-sent events: `alarm` when an alarm of the caller’s plants occurs, `changed` when one recovers or is confirmed',
    ),
    async (request, reply) => {
      const caller = callerOf(request);
      reply.hijack();
      const end = openAlarmStream(app.deps, caller, reply.raw, () => streams.delete(end));
      streams.add(end);
      return reply;
    },
  );

  // Per-user settings: the dialog opening by itself (administrators grant it) and the email opt-out.
  endpointRoute(app, ALARM.settings, doc(authenticate, 'The caller’s alarm settings'), async (request) =>
    ok(await alarmSettingsOf(db(), callerOf(request).userId)),
  );

  endpointRoute(
    app,
    ALARM.emailOptOut,
    doc(authenticate, 'The caller opts out of (or back into) alarm emails'),
    async (request) => ok(await updateAlarmSettings(db(), callerOf(request).userId, request.body)),
  );

  endpointRoute(
    app,
    ALARM.userSettings,
    doc(requireRole(ROLE.admin), 'A user’s alarm settings (administrators)'),
    async (request) => {
      if (!(await canSeeUser(db(), callerOf(request), request.params.userId))) throw notFound();
      return ok(await alarmSettingsOf(db(), request.params.userId));
    },
  );

  endpointRoute(
    app,
    ALARM.autoPopup,
    doc(
      requireRole(ROLE.admin),
      'Grants or withdraws the alarm dialog that opens by itself and refreshes every 30 s',
    ),
    async (request) => {
      request.auditTarget = `user ${request.params.userId}`;
      const settings = await setAutoPopup(db(), request.params.userId, request.body);
      if (!settings) throw notFound();
      return ok(settings);
    },
  );
};
