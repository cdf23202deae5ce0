import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLE,
  COLLECTOR_ENDPOINTS as COLLECTOR,
  DEVICE_ENDPOINTS as DEVICE,
  PLANT_ENDPOINTS as PLANT,
} from '@solarops/contracts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { fieldError, notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { rekeyCollector, removeCollector } from './collectorAccounts.ts';
import { createAgentCollector, issueAgentConfig } from './agentConfig.ts';
import { acceptFoundDevice } from './foundDevices.ts';
import { publicOrigin } from '../../http/publicOrigin.ts';
import {
  deviceHistory as historyOf,
  findDevice,
  listDevices,
  plantCollectors,
  searchCollectors,
} from './queries.ts';
import { listRelations } from './relations.ts';
import { relationWorkbook } from './relationWorkbook.ts';
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { stationDoc as doc } from '../plants/routeDoc.ts';

/** Most rows one relation export holds. */
const EXPORT_MAX_ROWS = 10_000;

const toMs = (v: number | string) => (typeof v === 'number' ? v : Date.parse(v));
/** Longest history range of one call [ms]. */
const MAX_HISTORY_RANGE_MS = 400 * 86_400_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  /**
   * Where an agent reaches the console, for its agent.yaml: the public address of the call, and the port the
   * embedded broker listens on (MQTT_PORT 0 lets it pick a free one), else the configured one.
   */
  const consoleAddress = (request: FastifyRequest) => {
    const url = app.deps.config.mqttUrl ? undefined : app.deps.deviceLink.brokerUrl;
    return {
      mqttPort: (url && Number(new URL(url).port)) || app.deps.config.mqttPort,
      origin: publicOrigin(request, app.deps.config.publicUrl),
    };
  };

  pagedList(
    app,
    DEVICE.list,
    doc(
      requirePermission('devicelist', 'devicelist1', 'devicelistZT'),
      'Devices of the fleet in the caller’s scope with their latest state; filters by serial, plant, status, model, family',
    ),
    (request, window) => listDevices(db(), callerOf(request), request.query, window),
  );

  endpointRoute(
    app,
    DEVICE.history,
    doc(
      requirePermission('devicelist', 'details', 'devicelist1'),
      'A device’s readings of the chosen fields over a time range, downsampled to at most maxPoints',
    ),
    async (request) => {
      const { date, from: fromQ, to: toQ, fields, maxPoints } = request.query;
      let range: { from?: number; to?: number } = {};
      if (!date) {
        if (fromQ === undefined) throw fieldError('from', 'validation.required');
        if (toQ === undefined) throw fieldError('to', 'validation.required');
        const from = toMs(fromQ);
        const to = toMs(toQ);
        if (!(to > from)) throw fieldError('to', 'validation.format');
        if (to - from > MAX_HISTORY_RANGE_MS) throw fieldError('to', 'validation.format');
        range = { from, to };
      }
      const history = await historyOf(db(), callerOf(request), request.params.sn, {
        date,
        fields,
        maxPoints,
        ...range,
      });
      if (!history) throw notFound();
      return ok(history);
    },
  );

  endpointRoute(
    app,
    COLLECTOR.search,
    doc(
      requirePermission('collectorSearch'),
      'Collectors whose serial starts with `sn`, with signal, SIM and the devices bound to them',
    ),
    async (request) => ok(await searchCollectors(db(), callerOf(request), request.query.sn)),
  );
  endpointRoute(
    app,
    PLANT.collectors,
    doc(
      requirePermission('details', 'list'),
      'The collectors of a plant (the plant details), an edge agent without devices yet among them',
    ),
    async (request) => ok(await plantCollectors(db(), callerOf(request), request.params.id)),
  );

  endpointRoute(
    app,
    DEVICE.detail,
    doc(
      requirePermission('devicelist', 'devicelist1', 'devicelistZT', 'details'),
      'One device with its latest state (the device detail)',
    ),
    async (request) => {
      const device = await findDevice(db(), callerOf(request), request.params.sn);
      if (!device) throw notFound();
      return ok(device);
    },
  );

  endpointRoute(
    app,
    COLLECTOR.detail,
    doc(
      requirePermission('collectorSearch', 'dialogcollectinfor', 'details'),
      'One collector by its exact serial (the collector information dialog of the plant details)',
    ),
    async (request) => {
      const found = (await searchCollectors(db(), callerOf(request), request.params.sn)).find(
        (c) => c.serial === request.params.sn,
      );
      if (!found) throw notFound();
      return ok(found);
    },
  );

  endpointRoute(
    app,
    COLLECTOR.rekey,
    doc(
      requireRole(ROLE.admin),
      'A new device secret for the collector, answered once; the old one stops working (also at the broker)',
    ),
    async (request) => {
      request.auditTarget = `collector ${request.params.sn}`;
      const issued = await rekeyCollector(db(), app.deps.brokerAccounts, request.params.sn);
      app.deps.fleetChanges.emit('collectorsChanged', [request.params.sn]);
      app.deps.fleetChanges.emit('collectorRekeyed', issued.serial, issued.secret);
      return ok(issued);
    },
  );

  endpointRoute(
    app,
    COLLECTOR.agentConfig,
    doc(
      requireRole(ROLE.admin, ROLE.installer),
      'An edge agent of the caller’s plants: a new device secret and its agent.yaml as a file and a QR code, answered once (409 for a datalogger)',
    ),
    async (request) => {
      request.auditTarget = `collector ${request.params.sn}`;
      const issued = await issueAgentConfig(
        db(),
        app.deps.brokerAccounts,
        callerOf(request),
        request.params.sn,
        consoleAddress(request),
      );
      app.deps.fleetChanges.emit('collectorsChanged', [request.params.sn]);
      app.deps.fleetChanges.emit('collectorRekeyed', issued.serial, issued.secret);
      return ok(issued);
    },
  );

  endpointRoute(
    app,
    COLLECTOR.addAgent,
    doc(
      requireRole(ROLE.admin, ROLE.installer),
      'A new edge agent in a plant of the caller’s, with its device secret and agent.yaml as a file and a QR code, answered once',
    ),
    async (request) => {
      request.auditTarget = `collector ${request.body.serial}`;
      const made = await createAgentCollector(
        db(),
        app.deps.brokerAccounts,
        callerOf(request),
        request.body,
        consoleAddress(request),
      );
      app.deps.fleetChanges.emit('collectorsChanged', [made.serial]);
      return ok(made);
    },
  );

  endpointRoute(
    app,
    COLLECTOR.acceptFound,
    doc(
      requireRole(ROLE.admin, ROLE.installer),
      'A device the edge agent found (in no plant yet) accepted into the agent’s plant under the serial the agent reads it by',
    ),
    async (request) => {
      request.auditTarget = `collector ${request.params.sn} device ${request.body.deviceSn}`;
      const accepted = await acceptFoundDevice(db(), callerOf(request), request.params.sn, request.body);
      // The device link reads the plant's devices again: the agent's next batch lands in the plant.
      app.deps.fleetChanges.emit('fleetAdded');
      return ok(accepted);
    },
  );

  endpointRoute(
    app,
    COLLECTOR.remove,
    doc(
      requireRole(ROLE.admin),
      'Removes a collector without devices or history, and its broker account (409 otherwise)',
    ),
    async (request) => {
      request.auditTarget = `collector ${request.params.sn}`;
      await removeCollector(db(), app.deps.brokerAccounts, request.params.sn);
      app.deps.fleetChanges.emit('collectorsChanged', [request.params.sn]);
      return ok(null);
    },
  );

  pagedList(
    app,
    DEVICE.relationList,
    doc(
      requirePermission('relationList'),
      'Collector-device serial mapping with the history of moves, searchable by either serial',
    ),
    (request, window) => listRelations(db(), callerOf(request), request.query, window),
  );

  listExport(
    app,
    DEVICE.relationExport,
    {
      ...doc(
        requirePermission('relationList'),
        'The collector-device mapping as an .xlsx workbook, with the same filters as the list',
        { config: { audit: 'relation export' } },
      ),
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'relations.xlsx',
      workbook: relationWorkbook,
    },
    (request, window) => listRelations(db(), callerOf(request), request.query, window),
  );
};

/**
 * The console's device and collector calls, declared from their entries in the contracts' endpoint map
 * (`DEVICE_ENDPOINTS`, `COLLECTOR_ENDPOINTS`); a plant's collectors (`/plant/:id/collectors`) are the plant's
 * segment. The devices' own HTTP link (`/device/v1/*`) is the device link module's.
 */
export const devicesModule = fp(plugin, { name: 'devices', dependencies: ['auth'], encapsulate: true });
