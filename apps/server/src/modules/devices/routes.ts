import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROLE,
  acceptFoundInput,
  agentCollectorInput,
  deviceKind,
  agentConfigFile,
  collectorRow,
  collectorSecret,
  collectorSearchQuery,
  deviceHistory,
  deviceHistoryQuery,
  deviceListQuery,
  deviceRow,
  deviceSnParams,
  emptyEnvelope,
  envelope,
  PLANT_ENDPOINTS as PLANT,
  relationExportQuery,
  relationListQuery,
  relationRow,
} from '@solarops/contracts';
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
import { bearer } from '../../http/routeSchemas.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';

/** Most rows one relation export holds. */
const EXPORT_MAX_ROWS = 10_000;

const toMs = (v: number | string) => (typeof v === 'number' ? v : Date.parse(v));
/** Longest history range of one call [ms]. */
const MAX_HISTORY_RANGE_MS = 400 * 86_400_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['station'];
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
    '/device/list',
    {
      preHandler: requirePermission('devicelist', 'devicelist1', 'devicelistZT'),
      tags,
      security: bearer,
      summary:
        'Devices of the fleet in the caller’s scope with their latest state; filters by serial, plant, status, model, family',
      querystring: deviceListQuery,
      row: deviceRow,
    },
    (request, window) => listDevices(db(), callerOf(request), request.query, window),
  );

  app.get(
    '/device/:sn/history',
    {
      preHandler: requirePermission('devicelist', 'details', 'devicelist1'),
      schema: {
        tags,
        security: bearer,
        summary:
          'A device’s readings of the chosen fields over a time range, downsampled to at most maxPoints',
        params: deviceSnParams,
        querystring: deviceHistoryQuery,
        response: { 200: envelope(deviceHistory) },
      },
    },
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

  app.get(
    '/collector/search',
    {
      preHandler: requirePermission('collectorSearch'),
      schema: {
        tags,
        security: bearer,
        summary: 'Collectors whose serial starts with `sn`, with signal, SIM and the devices bound to them',
        querystring: collectorSearchQuery,
        response: { 200: envelope(z.array(collectorRow)) },
      },
    },
    async (request) => ok(await searchCollectors(db(), callerOf(request), request.query.sn)),
  );
  endpointRoute(
    app,
    PLANT.collectors,
    {
      preHandler: requirePermission('details', 'list'),
      tags,
      security: bearer,
      summary: 'The collectors of a plant (the plant details), an edge agent without devices yet among them',
    },
    async (request) => ok(await plantCollectors(db(), callerOf(request), request.params.id)),
  );

  app.get(
    '/device/:sn',
    {
      preHandler: requirePermission('devicelist', 'devicelist1', 'devicelistZT', 'details'),
      schema: {
        tags,
        security: bearer,
        summary: 'One device with its latest state (the device detail)',
        params: deviceSnParams,
        response: { 200: envelope(deviceRow) },
      },
    },
    async (request) => {
      const device = await findDevice(db(), callerOf(request), request.params.sn);
      if (!device) throw notFound();
      return ok(device);
    },
  );

  app.get(
    '/collector/:sn',
    {
      preHandler: requirePermission('collectorSearch', 'dialogcollectinfor', 'details'),
      schema: {
        tags,
        security: bearer,
        summary: 'One collector by its exact serial (the collector information dialog of the plant details)',
        params: deviceSnParams,
        response: { 200: envelope(collectorRow) },
      },
    },
    async (request) => {
      const found = (await searchCollectors(db(), callerOf(request), request.params.sn)).find(
        (c) => c.serial === request.params.sn,
      );
      if (!found) throw notFound();
      return ok(found);
    },
  );

  app.post(
    '/collector/:sn/secret',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security: bearer,
        summary:
          'A new device secret for the collector, answered once; the old one stops working (also at the broker)',
        params: deviceSnParams,
        response: { 200: envelope(collectorSecret) },
      },
    },
    async (request) => {
      request.auditTarget = `collector ${request.params.sn}`;
      const issued = await rekeyCollector(db(), app.deps.brokerAccounts, request.params.sn);
      app.deps.fleetChanges.emit('collectorsChanged', [request.params.sn]);
      app.deps.fleetChanges.emit('collectorRekeyed', issued.serial, issued.secret);
      return ok(issued);
    },
  );

  app.post(
    '/collector/:sn/agent-config',
    {
      preHandler: requireRole(ROLE.admin, ROLE.installer),
      schema: {
        tags,
        security: bearer,
        summary:
          'An edge agent of the caller’s plants: a new device secret and its agent.yaml as a file and a QR code, answered once (409 for a datalogger)',
        params: deviceSnParams,
        response: { 200: envelope(agentConfigFile) },
      },
    },
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

  app.post(
    '/collector/agent',
    {
      preHandler: requireRole(ROLE.admin, ROLE.installer),
      schema: {
        tags,
        security: bearer,
        summary:
          'A new edge agent in a plant of the caller’s, with its device secret and agent.yaml as a file and a QR code, answered once',
        body: agentCollectorInput,
        response: { 200: envelope(agentConfigFile) },
      },
    },
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

  app.post(
    '/collector/:sn/accept',
    {
      preHandler: requireRole(ROLE.admin, ROLE.installer),
      schema: {
        tags,
        security: bearer,
        summary:
          'A device the edge agent found (in no plant yet) accepted into the agent’s plant under the serial the agent reads it by',
        params: deviceSnParams,
        body: acceptFoundInput,
        response: {
          200: envelope(z.object({ serial: z.string(), kind: deviceKind, plantId: z.number().int() })),
        },
      },
    },
    async (request) => {
      request.auditTarget = `collector ${request.params.sn} device ${request.body.deviceSn}`;
      const accepted = await acceptFoundDevice(db(), callerOf(request), request.params.sn, request.body);
      // The device link reads the plant's devices again: the agent's next batch lands in the plant.
      app.deps.fleetChanges.emit('fleetAdded');
      return ok(accepted);
    },
  );

  app.delete(
    '/collector/:sn',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security: bearer,
        summary: 'Removes a collector without devices or history, and its broker account (409 otherwise)',
        params: deviceSnParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = `collector ${request.params.sn}`;
      await removeCollector(db(), app.deps.brokerAccounts, request.params.sn);
      app.deps.fleetChanges.emit('collectorsChanged', [request.params.sn]);
      return ok(null);
    },
  );

  pagedList(
    app,
    '/device/relation/list',
    {
      preHandler: requirePermission('relationList'),
      tags,
      security: bearer,
      summary: 'Collector-device serial mapping with the history of moves, searchable by either serial',
      querystring: relationListQuery,
      row: relationRow,
    },
    (request, window) => listRelations(db(), callerOf(request), request.query, window),
  );

  listExport(
    app,
    '/device/relation/export',
    {
      preHandler: requirePermission('relationList'),
      config: { audit: 'relation export' },
      tags,
      security: bearer,
      summary: 'The collector-device mapping as an .xlsx workbook, with the same filters as the list',
      querystring: relationExportQuery,
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'relations.xlsx',
      workbook: relationWorkbook,
    },
    (request, window) => listRelations(db(), callerOf(request), request.query, window),
  );
};

export const devicesModule = fp(plugin, { name: 'devices', dependencies: ['auth'], encapsulate: true });
