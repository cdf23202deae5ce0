import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROLE,
  alarmAutoPopupInput,
  alarmDetail as alarmDetailSchema,
  alarmIdParams,
  alarmIdQuery,
  alarmQuery,
  alarmRow,
  alarmStatistics as alarmStatisticsSchema,
  alarmStatisticsQuery,
  alarmUserParams,
  alarmUserSettings,
  biCodeRow,
  biPlantRow,
  deviceLogQuery,
  emailOptOutInput,
  envelope,
  eventLogRow,
  faultCatalogueEntry,
  faultCatalogueUpdate,
  faultCodeParams,
  faultRecordDetail,
  faultRecordQuery,
  faultRecordRow,
  offlineQuery,
  offlineRow,
  pageOf,
  runningLogRow,
} from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok, page, pageWindow } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { authenticate, callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { canSeeUser } from '../users/dataScope.ts';
import { plantScope } from '../plants/plantScope.ts';
import { openAlarmStream } from './alarmStream.ts';
import { alarmWorkbook } from './alarmWorkbook.ts';
import { listFaultCatalogue, updateFaultCatalogueEntry } from './catalogueQueries.ts';
import {
  alarmDetail,
  alarmStatistics,
  biByCode,
  biByPlant,
  countAlarms,
  listAlarms,
  listOffline,
} from './queries.ts';
import {
  deviceEventLog,
  deviceRunningLog,
  findFaultRecord,
  findScopedDevice,
  listFaultRecords,
} from './recordQueries.ts';
import { confirmAlarm } from './service.ts';
import { alarmSettingsOf, setAutoPopup, updateAlarmSettings } from './settings.ts';
import { sendXlsx } from '../../http/sendXlsx.ts';

/** Largest export [rows]. */
const EXPORT_MAX_ROWS = 10_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['alarms'];
  const security = [{ bearer: [] }];
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
        security,
        summary: 'Unconfirmed alarms matching the query (the top bar’s counter)',
        querystring: alarmQuery,
        response: { 200: envelope(z.number().int()) },
      },
    },
    async (request) =>
      ok(await countAlarms(db(), callerOf(request), { unconfirmed: 'true', ...request.query })),
  );

  app.get(
    '/alarm/manager/list',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        summary: 'Alarms matching the query, newest first (the ticker, the dashboard’s recent alarms)',
        querystring: alarmQuery,
        response: { 200: pageOf(alarmRow) },
      },
    },
    async (request) => {
      const { total, rows } = await listAlarms(
        db(),
        callerOf(request),
        request.query,
        requestLanguage(request),
        pageWindow(request.query),
      );
      return page(total, rows);
    },
  );

  app.get(
    '/alarm/manager/verify',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        summary: 'Unconfirmed alarms, paged (the 告警信息 dialog)',
        querystring: alarmQuery,
        response: { 200: pageOf(alarmRow) },
      },
    },
    async (request) => {
      const { total, rows } = await listAlarms(
        db(),
        callerOf(request),
        { ...request.query, unconfirmed: 'true' },
        requestLanguage(request),
        pageWindow(request.query),
      );
      return page(total, rows);
    },
  );

  app.get(
    '/alarm/manager/update/verify',
    {
      preHandler: authenticate,
      config: { audit: 'confirm alarm' },
      schema: {
        tags,
        security,
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
        security,
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
        security,
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
        security,
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
        security,
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
        security,
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

  // The fault catalogue: read by everyone signed in, edited by administrators.
  app.get(
    '/alarm/catalogue',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        summary: 'The fault catalogue',
        response: { 200: envelope(z.array(faultCatalogueEntry)) },
      },
    },
    async () => ok(await listFaultCatalogue(db())),
  );

  app.put(
    '/alarm/catalogue/:code',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security,
        summary: 'Changes a catalogue entry’s level, family, descriptions or solutions',
        params: faultCodeParams,
        body: faultCatalogueUpdate,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      request.auditTarget = `fault code ${request.params.code}`;
      if (!(await updateFaultCatalogueEntry(db(), request.params.code, request.body))) throw notFound();
      return ok(null);
    },
  );

  // The screens' calls, each behind the route names of the screens that use it.
  app.get(
    '/alarm/list',
    {
      preHandler: requirePermission(
        'alarmlist',
        'alarmlist1',
        'alarm',
        'BIFaultDetailList',
        'FaultRecordPage',
      ),
      schema: {
        tags,
        security,
        summary: 'Alarms with the screens’ filters (level, code, plant, serial, status, dates)',
        querystring: alarmQuery,
        response: { 200: pageOf(alarmRow) },
      },
    },
    async (request) => {
      const { total, rows } = await listAlarms(
        db(),
        callerOf(request),
        request.query,
        requestLanguage(request),
        pageWindow(request.query),
      );
      return page(total, rows);
    },
  );

  app.get(
    '/alarm/export',
    {
      preHandler: requirePermission('alarmlist', 'alarmlist1'),
      schema: {
        tags,
        security,
        summary: 'The filtered alarm list as an .xlsx workbook (at most 10 000 rows)',
        querystring: alarmQuery,
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const { rows } = await listAlarms(db(), callerOf(request), request.query, lang, {
        limit: EXPORT_MAX_ROWS,
        offset: 0,
      });
      const file = await alarmWorkbook(rows, lang);
      return sendXlsx(reply, 'alarms.xlsx', file);
    },
  );

  app.get(
    '/alarm/:id/detail',
    {
      preHandler: requirePermission('alarmdetails', 'alarmlist', 'alarmlist1'),
      schema: {
        tags,
        security,
        summary: 'An alarm with its solution and the device’s readings two hours either side',
        params: alarmIdParams,
        querystring: z.object({ langType: z.enum(['zh', 'en']).optional() }),
        response: { 200: envelope(alarmDetailSchema) },
      },
    },
    async (request) => {
      const d = await alarmDetail(db(), callerOf(request), request.params.id, requestLanguage(request));
      if (!d) throw notFound();
      return ok(d);
    },
  );

  app.get(
    '/alarm/statistics',
    {
      preHandler: requirePermission('alarm', 'alarmstatistics'),
      schema: {
        tags,
        security,
        summary: 'Alarm counts by level, status, code, plant and local day',
        querystring: alarmStatisticsQuery,
        response: { 200: envelope(alarmStatisticsSchema) },
      },
    },
    async (request) =>
      ok(await alarmStatistics(db(), callerOf(request), request.query, requestLanguage(request))),
  );

  app.get(
    '/alarm/offline',
    {
      preHandler: requirePermission('offinelist'),
      schema: {
        tags,
        security,
        summary: 'Offline collectors and devices, and since when',
        querystring: offlineQuery,
        response: { 200: pageOf(offlineRow) },
      },
    },
    async (request) => {
      const { total, rows } = await listOffline(
        db(),
        callerOf(request),
        request.query,
        pageWindow(request.query),
      );
      return page(total, rows);
    },
  );

  app.get(
    '/alarm/bi/plants',
    {
      preHandler: requirePermission('BIAlarmList'),
      schema: {
        tags,
        security,
        summary: 'Alarm analysis by plant',
        querystring: alarmQuery,
        response: { 200: pageOf(biPlantRow) },
      },
    },
    async (request) => {
      const { total, rows } = await biByPlant(
        db(),
        callerOf(request),
        request.query,
        pageWindow(request.query),
      );
      return page(total, rows);
    },
  );

  app.get(
    '/alarm/bi/codes',
    {
      preHandler: requirePermission('BIDetails', 'BIAlarmList'),
      schema: {
        tags,
        security,
        summary: 'Alarm analysis of the plants in the query by fault code',
        querystring: alarmQuery,
        response: { 200: envelope(z.array(biCodeRow)) },
      },
    },
    async (request) => ok(await biByCode(db(), callerOf(request), request.query, requestLanguage(request))),
  );

  app.get(
    '/alarm/records',
    {
      preHandler: requirePermission('faultRecord', 'machineFault', 'arcDetection'),
      schema: {
        tags,
        security,
        summary: 'Fault records (grid waveforms, arc-fault spectra) captured by devices, newest first',
        querystring: faultRecordQuery,
        response: { 200: pageOf(faultRecordRow) },
      },
    },
    async (request) => {
      const { total, rows } = await listFaultRecords(
        db(),
        callerOf(request),
        request.query,
        requestLanguage(request),
        pageWindow(request.query),
      );
      return page(total, rows);
    },
  );

  app.get(
    '/alarm/records/:id',
    {
      preHandler: requirePermission(
        'machineFaultRecord',
        'arcDetectionDetail',
        'faultRecord',
        'alarmdetails',
      ),
      schema: {
        tags,
        security,
        summary: 'A fault record with its samples',
        params: alarmIdParams,
        querystring: z.object({ langType: z.enum(['zh', 'en']).optional() }),
        response: { 200: envelope(faultRecordDetail) },
      },
    },
    async (request) => {
      const r = await findFaultRecord(db(), callerOf(request), request.params.id, requestLanguage(request));
      if (!r) throw notFound();
      return ok(r);
    },
  );

  app.get(
    '/alarm/device-log/events',
    {
      preHandler: requirePermission('EventRecordPage'),
      schema: {
        tags,
        security,
        summary: 'A device’s event log',
        querystring: deviceLogQuery,
        response: { 200: pageOf(eventLogRow) },
      },
    },
    async (request) => {
      const device = await findScopedDevice(db(), callerOf(request), request.query.sn);
      if (!device) throw notFound();
      const { total, rows } = await deviceEventLog(
        db(),
        device,
        request.query,
        requestLanguage(request),
        pageWindow(request.query),
      );
      return page(total, rows);
    },
  );

  app.get(
    '/alarm/device-log/running',
    {
      preHandler: requirePermission('RunningRecordPage'),
      schema: {
        tags,
        security,
        summary: 'A device’s running log (its readings)',
        querystring: deviceLogQuery,
        response: { 200: pageOf(runningLogRow) },
      },
    },
    async (request) => {
      const device = await findScopedDevice(db(), callerOf(request), request.query.sn);
      if (!device) throw notFound();
      const { total, rows } = await deviceRunningLog(db(), device, request.query, pageWindow(request.query));
      return page(total, rows);
    },
  );
};

/** Alarms and fault records: the life cycle from the device link, the top bar's calls and the screens' calls. */
export const alarmsModule = fp(plugin, {
  name: 'alarms',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
