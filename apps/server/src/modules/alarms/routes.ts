import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alarmDetail as alarmDetailSchema,
  alarmIdParams,
  alarmQuery,
  alarmRow,
  alarmStatistics as alarmStatisticsSchema,
  alarmStatisticsQuery,
  biCodeRow,
  biPlantRow,
  deviceLogQuery,
  envelope,
  eventLogRow,
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
import { callerOf, requirePermission } from '../auth/guards.ts';
import { alarmWorkbook } from './alarmWorkbook.ts';
import { alarmDetail, alarmStatistics, biByCode, biByPlant, listAlarms, listOffline } from './queries.ts';
import {
  deviceEventLog,
  deviceRunningLog,
  findFaultRecord,
  findScopedDevice,
  listFaultRecords,
} from './recordQueries.ts';
import { sendXlsx } from '../../http/sendXlsx.ts';
import { catalogueRoutes } from './catalogueRoutes.ts';
import { managerRoutes } from './managerRoutes.ts';

/** Largest export [rows]. */
const EXPORT_MAX_ROWS = 10_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['alarms'];
  const security = [{ bearer: [] }];

  await app.register(managerRoutes);
  await app.register(catalogueRoutes);

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
