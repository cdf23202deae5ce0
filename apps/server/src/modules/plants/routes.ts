import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindCollectorInput,
  deviceRow,
  emptyEnvelope,
  energyQuery,
  fleetFigures as fleetFiguresSchema,
  fleetFiguresQuery,
  plantExportQuery,
  plantInput,
  plantPictureResult,
  uploadedFile,
  energyFlow as energyFlowSchema,
  energySeries,
  envelope,
  fleetMap as fleetMapSchema,
  plantIdParams,
  plantListQuery,
  plantRow,
  plantPerformance,
  plantSummary,
  powerCurve,
  powerCurveQuery,
  PLANT_LIMITS,
} from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { authenticate, callerOf, requirePermission } from '../auth/guards.ts';
import { plantDevices } from '../devices/queries.ts';
import { localDay } from '../../time/localDay.ts';
import {
  energySeries as energyOf,
  findPlant,
  listPlants,
  plantSummary as summaryOf,
  powerCurve as curveOf,
} from './queries.ts';
import { fleetFigures } from './fleetFigures.ts';
import { energyFlow } from './energyFlow.ts';
import { plantPerformance as performanceOf } from './expectedYield.ts';
import { fleetMap } from './fleetMap.ts';
import { followRoutes } from './followRoutes.ts';
import {
  bindCollector,
  createPlant,
  deletePlant,
  removeUnusedPicture,
  savePlantPicture,
  updatePlant,
} from './plantWrites.ts';
import { plantWorkbook } from './plantWorkbook.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { bearer } from '../../http/routeSchemas.ts';

/** Most plants one export holds. */
const EXPORT_MAX_ROWS = 10_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const figuresOf = fleetFigures(app.deps.db);
  const tags = ['station'];
  const plantOr404 = async (request: Parameters<typeof callerOf>[0], id: number) => {
    const plant = await findPlant(db(), callerOf(request), id);
    if (!plant) throw notFound();
    return plant;
  };

  pagedList(
    app,
    '/plant/list',
    {
      preHandler: requirePermission('list'),
      tags,
      security: bearer,
      summary: 'Plants in the caller’s scope: paged, searchable by name, owner, type and status, sortable',
      querystring: plantListQuery,
      row: plantRow,
    },
    (request, window) => listPlants(db(), callerOf(request), request.query, window),
  );

  app.get(
    '/plant/:id/summary',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Real-time power, energy today / month / year / total, income, equivalent hours, CO2 avoided',
        params: plantIdParams,
        response: { 200: envelope(plantSummary) },
      },
    },
    async (request) => ok(await summaryOf(db(), await plantOr404(request, request.params.id))),
  );

  app.get(
    '/plant/:id/performance',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Expected energy, reference and final yield, PR and temperature-corrected PR (IEC 61724-1) today, this month and this year; irradiation measured, or modelled for a clear sky without a weather station',
        params: plantIdParams,
        response: { 200: envelope(plantPerformance) },
      },
    },
    async (request) => ok(await performanceOf(db(), await plantOr404(request, request.params.id))),
  );

  app.get(
    '/plant/:id/power',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security: bearer,
        summary: 'A local day’s power curve in 5-minute slots; null marks a gap',
        params: plantIdParams,
        querystring: powerCurveQuery,
        response: { 200: envelope(powerCurve) },
      },
    },
    async (request) => {
      const plant = await plantOr404(request, request.params.id);
      return ok(await curveOf(db(), plant, request.query.date ?? localDay(plant.time_zone, Date.now())));
    },
  );

  app.get(
    '/plant/:id/energy-flow',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Live energy flow PV → battery ↔ load ↔ grid: powers, battery SoC, the local day’s generation, charge, discharge, import and export (null where the plant cannot measure it)',
        params: plantIdParams,
        response: { 200: envelope(energyFlowSchema) },
      },
    },
    async (request) => ok(await energyFlow(db(), await plantOr404(request, request.params.id))),
  );

  app.get(
    '/plant/:id/energy',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security: bearer,
        summary: 'Energy and income per day of a month, per month of a year, or per year',
        params: plantIdParams,
        querystring: energyQuery,
        response: { 200: envelope(energySeries) },
      },
    },
    async (request) => {
      const plant = await plantOr404(request, request.params.id);
      return ok(await energyOf(db(), plant, request.query.period, request.query.date));
    },
  );

  app.get(
    '/plant/:id/devices',
    {
      preHandler: requirePermission('list', 'details', 'devicelist'),
      schema: {
        tags,
        security: bearer,
        summary: 'Devices of a plant with their latest state',
        params: plantIdParams,
        response: { 200: envelope(z.array(deviceRow)) },
      },
    },
    async (request) => {
      const plant = await plantOr404(request, request.params.id);
      return ok(await plantDevices(db(), plant.id));
    },
  );
  app.get(
    '/plant/:id',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security: bearer,
        summary: 'One plant with its figures (the plant information of the details screen and the edit form)',
        params: plantIdParams,
        response: { 200: envelope(plantRow) },
      },
    },
    async (request) => {
      const { rows } = await listPlants(
        db(),
        callerOf(request),
        { ...plantListQuery.parse({}), ids: [request.params.id] },
        { limit: 1, offset: 0 },
      );
      if (!rows[0]) throw notFound();
      return ok(rows[0]);
    },
  );

  app.post(
    '/plant',
    {
      preHandler: requirePermission('list'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Create a plant (every field of spec §5 required; the owner is an end user in the caller’s scope)',
        body: plantInput,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const id = await createPlant(db(), callerOf(request), request.body);
      request.auditTarget = `plant ${id} ${request.body.name}`;
      return ok({ id });
    },
  );

  app.put(
    '/plant/:id',
    {
      preHandler: requirePermission('list'),
      schema: {
        tags,
        security: bearer,
        summary: 'Edit a plant',
        params: plantIdParams,
        body: plantInput,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = `plant ${request.params.id}`;
      const before = await updatePlant(app.deps, callerOf(request), request.params.id, request.body);
      if (before !== request.body.picture) await removeUnusedPicture(app.deps, before, request.log);
      return ok(null);
    },
  );

  app.delete(
    '/plant/:id',
    {
      preHandler: requirePermission('list'),
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a plant without devices (409 while devices remain)',
        params: plantIdParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = `plant ${request.params.id}`;
      const picture = await deletePlant(db(), callerOf(request), request.params.id);
      await removeUnusedPicture(app.deps, picture, request.log);
      return ok(null);
    },
  );

  app.post(
    '/plant/picture',
    {
      preHandler: requirePermission('list'),
      config: oneFile(PLANT_LIMITS.pictureMaxBytes),
      schema: {
        tags,
        security: bearer,
        consumes: ['multipart/form-data'],
        summary:
          'Upload a plant picture (multipart `file`: png, jpeg or webp, at most 2 MB); answers its path',
        body: z.object({ file: uploadedFile }),
        response: { 200: envelope(plantPictureResult) },
      },
    },
    async (request) => ok({ picture: await savePlantPicture(app.deps, request.body.file) }),
  );

  listExport(
    app,
    '/plant/export',
    {
      preHandler: requirePermission('list'),
      config: { audit: 'plant export' },
      tags,
      security: bearer,
      summary: 'The plant list as an .xlsx workbook: same filters and sort, or exactly the rows in `ids`',
      querystring: plantExportQuery,
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'plants.xlsx',
      workbook: plantWorkbook,
    },
    async (request, window) => {
      const { ids, langType: _lang, ...filters } = request.query;
      const { rows } = await listPlants(
        db(),
        callerOf(request),
        { ...filters, pageSize: window.limit, ...(ids ? { ids } : {}) },
        window,
      );
      const order = ids ?? [];
      if (ids) rows.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
      return { rows };
    },
  );

  app.post(
    '/plant/:id/collector',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security: bearer,
        summary: 'Bind a collector and the devices reporting through it to the plant',
        params: plantIdParams,
        body: bindCollectorInput,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = `plant ${request.params.id} collector ${request.body.serial}`;
      await bindCollector(app.deps, callerOf(request), request.params.id, request.body.serial);
      return ok(null);
    },
  );

  app.get(
    '/plant/fleet',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          'Dashboard figures over the caller’s plants: counts, power, energy and income of each plant’s own day, CO2, the power curve of the viewer’s day in `timeZone`, 30 days, top plants',
        querystring: fleetFiguresQuery,
        response: { 200: envelope(fleetFiguresSchema) },
      },
    },
    async (request) => ok(await figuresOf(callerOf(request), request.query.timeZone)),
  );

  app.get(
    '/plant/map',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          'The dashboard’s fleet map: every plant of the caller’s scope with its position and state (normal, alarm, offline), and the count of each state',
        response: { 200: envelope(fleetMapSchema) },
      },
    },
    async (request) => ok(await fleetMap(db(), callerOf(request))),
  );

  await app.register(followRoutes);
};

export const plantsModule = fp(plugin, { name: 'plants', dependencies: ['auth'], encapsulate: true });
