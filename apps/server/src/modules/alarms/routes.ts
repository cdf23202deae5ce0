import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALARM_ENDPOINTS as ALARM } from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
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
import { catalogueRoutes } from './catalogueRoutes.ts';
import { managerRoutes } from './managerRoutes.ts';
import { alarmDoc as doc } from './routeDoc.ts';

/** Largest export [rows]. */
const EXPORT_MAX_ROWS = 10_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;

  await app.register(managerRoutes);
  await app.register(catalogueRoutes);

  // The screens' calls, each behind the route names of the screens that use it; every route is declared from its
  // entry in the contracts' endpoint map (`ALARM_ENDPOINTS`), which the console calls through.
  pagedList(
    app,
    ALARM.list,
    doc(
      requirePermission('alarmlist', 'alarmlist1', 'alarm', 'BIFaultDetailList', 'FaultRecordPage'),
      'Alarms with the screens’ filters (level, code, plant, serial, status, dates)',
    ),
    (request, window) => listAlarms(db(), callerOf(request), request.query, requestLanguage(request), window),
  );

  listExport(
    app,
    ALARM.export,
    {
      ...doc(
        requirePermission('alarmlist', 'alarmlist1'),
        'The filtered alarm list as an .xlsx workbook (at most 10 000 rows)',
      ),
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'alarms.xlsx',
      workbook: alarmWorkbook,
    },
    (request, window) => listAlarms(db(), callerOf(request), request.query, requestLanguage(request), window),
  );

  endpointRoute(
    app,
    ALARM.detail,
    doc(
      requirePermission('alarmdetails', 'alarmlist', 'alarmlist1'),
      'An alarm with its solution and the device’s readings two hours either side',
    ),
    async (request) => {
      const d = await alarmDetail(db(), callerOf(request), request.params.id, requestLanguage(request));
      if (!d) throw notFound();
      return ok(d);
    },
  );

  endpointRoute(
    app,
    ALARM.statistics,
    doc(
      requirePermission('alarm', 'alarmstatistics'),
      'Alarm counts by level, status, code, plant and local day',
    ),
    async (request) =>
      ok(await alarmStatistics(db(), callerOf(request), request.query, requestLanguage(request))),
  );

  pagedList(
    app,
    ALARM.offline,
    doc(requirePermission('offinelist'), 'Offline collectors and devices, and since when'),
    (request, window) => listOffline(db(), callerOf(request), request.query, window),
  );

  pagedList(
    app,
    ALARM.biPlants,
    doc(requirePermission('BIAlarmList'), 'Alarm analysis by plant'),
    (request, window) => biByPlant(db(), callerOf(request), request.query, window),
  );

  endpointRoute(
    app,
    ALARM.biCodes,
    doc(
      requirePermission('BIDetails', 'BIAlarmList'),
      'Alarm analysis of the plants in the query by fault code',
    ),
    async (request) => ok(await biByCode(db(), callerOf(request), request.query, requestLanguage(request))),
  );

  pagedList(
    app,
    ALARM.records,
    doc(
      requirePermission('faultRecord', 'machineFault', 'arcDetection'),
      'Fault records (grid waveforms, arc-fault spectra) captured by devices, newest first',
    ),
    (request, window) =>
      listFaultRecords(db(), callerOf(request), request.query, requestLanguage(request), window),
  );

  endpointRoute(
    app,
    ALARM.record,
    doc(
      requirePermission('machineFaultRecord', 'arcDetectionDetail', 'faultRecord', 'alarmdetails'),
      'A fault record with its samples',
    ),
    async (request) => {
      const r = await findFaultRecord(db(), callerOf(request), request.params.id, requestLanguage(request));
      if (!r) throw notFound();
      return ok(r);
    },
  );

  pagedList(
    app,
    ALARM.eventLog,
    doc(requirePermission('EventRecordPage'), 'A device’s event log'),
    async (request, window) => {
      const device = await findScopedDevice(db(), callerOf(request), request.query.sn);
      if (!device) throw notFound();
      return deviceEventLog(db(), device, request.query, requestLanguage(request), window);
    },
  );

  pagedList(
    app,
    ALARM.runningLog,
    doc(requirePermission('RunningRecordPage'), 'A device’s running log (its readings)'),
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
