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
  runningLogRow,
} from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
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
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { catalogueRoutes } from './catalogueRoutes.ts';
import { managerRoutes } from './managerRoutes.ts';

/** Largest export [rows]. */
const EXPORT_MAX_ROWS = 10_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['alarms'];

  await app.register(managerRoutes);
  await app.register(catalogueRoutes);

  // The screens' calls, each behind the route names of the screens that use it.
  pagedList(
    app,
    '/alarm/list',
    {
      preHandler: requirePermission(
        'alarmlist',
        'alarmlist1',
        'alarm',
        'BIFaultDetailList',
        'FaultRecordPage',
      ),
      tags,
      security: bearer,
      summary: 'Alarms with the screens’ filters (level, code, plant, serial, status, dates)',
      querystring: alarmQuery,
      row: alarmRow,
    },
    (request, window) => listAlarms(db(), callerOf(request), request.query, requestLanguage(request), window),
  );

  listExport(
    app,
    '/alarm/export',
    {
      preHandler: requirePermission('alarmlist', 'alarmlist1'),
      tags,
      security: bearer,
      summary: 'The filtered alarm list as an .xlsx workbook (at most 10 000 rows)',
      querystring: alarmQuery,
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'alarms.xlsx',
      workbook: alarmWorkbook,
    },
    (request, window) => listAlarms(db(), callerOf(request), request.query, requestLanguage(request), window),
  );

  app.get(
    '/alarm/:id/detail',
    {
      preHandler: requirePermission('alarmdetails', 'alarmlist', 'alarmlist1'),
      schema: {
        tags,
        security: bearer,
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
        security: bearer,
        summary: 'Alarm counts by level, status, code, plant and local day',
        querystring: alarmStatisticsQuery,
        response: { 200: envelope(alarmStatisticsSchema) },
      },
    },
    async (request) =>
      ok(await alarmStatistics(db(), callerOf(request), request.query, requestLanguage(request))),
  );

  pagedList(
    app,
    '/alarm/offline',
    {
      preHandler: requirePermission('offinelist'),
      tags,
      security: bearer,
      summary: 'Offline collectors and devices, and since when',
      querystring: offlineQuery,
      row: offlineRow,
    },
    (request, window) => listOffline(db(), callerOf(request), request.query, window),
  );

  pagedList(
    app,
    '/alarm/bi/plants',
    {
      preHandler: requirePermission('BIAlarmList'),
      tags,
      security: bearer,
      summary: 'Alarm analysis by plant',
      querystring: alarmQuery,
      row: biPlantRow,
    },
    (request, window) => biByPlant(db(), callerOf(request), request.query, window),
  );

  app.get(
    '/alarm/bi/codes',
    {
      preHandler: requirePermission('BIDetails', 'BIAlarmList'),
      schema: {
        tags,
        security: bearer,
        summary: 'Alarm analysis of the plants in the query by fault code',
        querystring: alarmQuery,
        response: { 200: envelope(z.array(biCodeRow)) },
      },
    },
    async (request) => ok(await biByCode(db(), callerOf(request), request.query, requestLanguage(request))),
  );

  pagedList(
    app,
    '/alarm/records',
    {
      preHandler: requirePermission('faultRecord', 'machineFault', 'arcDetection'),
      tags,
      security: bearer,
      summary: 'Fault records (grid waveforms, arc-fault spectra) captured by devices, newest first',
      querystring: faultRecordQuery,
      row: faultRecordRow,
    },
    (request, window) =>
      listFaultRecords(db(), callerOf(request), request.query, requestLanguage(request), window),
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
        security: bearer,
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

  pagedList(
    app,
    '/alarm/device-log/events',
    {
      preHandler: requirePermission('EventRecordPage'),
      tags,
      security: bearer,
      summary: 'A device’s event log',
      querystring: deviceLogQuery,
      row: eventLogRow,
    },
    async (request, window) => {
      const device = await findScopedDevice(db(), callerOf(request), request.query.sn);
      if (!device) throw notFound();
      return deviceEventLog(db(), device, request.query, requestLanguage(request), window);
    },
  );

  pagedList(
    app,
    '/alarm/device-log/running',
    {
      preHandler: requirePermission('RunningRecordPage'),
      tags,
      security: bearer,
      summary: 'A device’s running log (its readings)',
      querystring: deviceLogQuery,
      row: runningLogRow,
    },
    async (request, window) => {
      const device = await findScopedDevice(db(), callerOf(request), request.query.sn);
      if (!device) throw notFound();
      return deviceRunningLog(db(), device, request.query, window);
    },
  );
};

/** Alarms and fault records: the life cycle from the device link, the top bar's calls and the screens' calls. */
export const alarmsModule = fp(plugin, {
  name: 'alarms',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
