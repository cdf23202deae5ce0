import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLANT_LIMITS, PLANT_ENDPOINTS as PLANT, plantListQuery } from '@solarops/contracts';
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
import { endpointRoute } from '../../http/endpointRoute.ts';
import { stationDoc } from './routeDoc.ts';

/** Most plants one export holds. */
const EXPORT_MAX_ROWS = 10_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const figuresOf = fleetFigures(app.deps.db);
  const plantOr404 = async (request: Parameters<typeof callerOf>[0], id: number) => {
    const plant = await findPlant(db(), callerOf(request), id);
    if (!plant) throw notFound();
    return plant;
  };

  pagedList(
    app,
    PLANT.list,
    stationDoc(
      requirePermission('list'),
      'Plants in the caller’s scope: paged, searchable by name, owner, type and status, sortable',
    ),
    (request, window) => listPlants(db(), callerOf(request), request.query, window),
  );

  endpointRoute(
    app,
    PLANT.summary,
    stationDoc(
      requirePermission('list', 'details'),
      'Real-time power, energy today / month / year / total, income, equivalent hours, CO2 avoided',
    ),
    async (request) => ok(await summaryOf(db(), await plantOr404(request, request.params.id))),
  );

  endpointRoute(
    app,
    PLANT.performance,
    stationDoc(
      requirePermission('list', 'details'),
      'Expected energy, reference and final yield, PR and temperature-corrected PR (IEC 61724-1) today, this month and this year; irradiation measured, or modelled for a clear sky without a weather station',
    ),
    async (request) => ok(await performanceOf(db(), await plantOr404(request, request.params.id))),
  );

  endpointRoute(
    app,
    PLANT.power,
    stationDoc(
      requirePermission('list', 'details'),
      'A local day’s power curve in 5-minute slots; null marks a gap',
    ),
    async (request) => {
      const plant = await plantOr404(request, request.params.id);
      return ok(await curveOf(db(), plant, request.query.date ?? localDay(plant.time_zone, Date.now())));
    },
  );

  endpointRoute(
    app,
    PLANT.energyFlow,
    stationDoc(
      requirePermission('list', 'details'),
      'Live energy flow PV → battery ↔ load ↔ grid: powers, battery SoC, the local day’s generation, charge, discharge, import and export (null where the plant cannot measure it)',
    ),
    async (request) => ok(await energyFlow(db(), await plantOr404(request, request.params.id))),
  );

  endpointRoute(
    app,
    PLANT.energy,
    stationDoc(
      requirePermission('list', 'details'),
      'Energy and income per day of a month, per month of a year, or per year',
    ),
    async (request) => {
      const plant = await plantOr404(request, request.params.id);
      return ok(await energyOf(db(), plant, request.query.period, request.query.date));
    },
  );

  endpointRoute(
    app,
    PLANT.devices,
    stationDoc(
      requirePermission('list', 'details', 'devicelist'),
      'Devices of a plant with their latest state',
    ),
    async (request) => {
      const plant = await plantOr404(request, request.params.id);
      return ok(await plantDevices(db(), plant.id));
    },
  );
  endpointRoute(
    app,
    PLANT.plant,
    stationDoc(
      requirePermission('list', 'details'),
      'One plant with its figures (the plant information of the details screen and the edit form)',
    ),
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

  endpointRoute(
    app,
    PLANT.create,
    stationDoc(
      requirePermission('list'),
      'Create a plant (every field of spec §5 required; the owner is an end user in the caller’s scope)',
    ),
    async (request) => {
      const id = await createPlant(db(), callerOf(request), request.body);
      request.auditTarget = `plant ${id} ${request.body.name}`;
      return ok({ id });
    },
  );

  endpointRoute(app, PLANT.update, stationDoc(requirePermission('list'), 'Edit a plant'), async (request) => {
    request.auditTarget = `plant ${request.params.id}`;
    const before = await updatePlant(app.deps, callerOf(request), request.params.id, request.body);
    if (before !== request.body.picture) await removeUnusedPicture(app.deps, before, request.log);
    return ok(null);
  });

  endpointRoute(
    app,
    PLANT.remove,
    stationDoc(requirePermission('list'), 'Delete a plant without devices (409 while devices remain)'),
    async (request) => {
      request.auditTarget = `plant ${request.params.id}`;
      const picture = await deletePlant(db(), callerOf(request), request.params.id);
      await removeUnusedPicture(app.deps, picture, request.log);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    PLANT.uploadPicture,
    stationDoc(
      requirePermission('list'),
      'Upload a plant picture (multipart `file`: png, jpeg or webp, at most 2 MB); answers its path',
      { config: oneFile(PLANT_LIMITS.pictureMaxBytes) },
    ),
    async (request) => ok({ picture: await savePlantPicture(app.deps, request.body.file) }),
  );

  listExport(
    app,
    PLANT.export,
    {
      ...stationDoc(
        requirePermission('list'),
        'The plant list as an .xlsx workbook: same filters and sort, or exactly the rows in `ids`',
        { config: { audit: 'plant export' } },
      ),
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

  endpointRoute(
    app,
    PLANT.bindCollector,
    stationDoc(
      requirePermission('list', 'details'),
      'Bind a collector and the devices reporting through it to the plant',
    ),
    async (request) => {
      request.auditTarget = `plant ${request.params.id} collector ${request.body.serial}`;
      await bindCollector(app.deps, callerOf(request), request.params.id, request.body.serial);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    PLANT.fleet,
    stationDoc(
      authenticate,
      'Dashboard figures over the caller’s plants: counts, power, energy and income of each plant’s own day, CO2, the power curve of the viewer’s day in `timeZone`, 30 days, top plants',
    ),
    async (request) => ok(await figuresOf(callerOf(request), request.query.timeZone)),
  );

  endpointRoute(
    app,
    PLANT.map,
    stationDoc(
      authenticate,
      'The dashboard’s fleet map: every plant of the caller’s scope with its position and state (normal, alarm, offline), and the count of each state',
    ),
    async (request) => ok(await fleetMap(db(), callerOf(request))),
  );

  await app.register(followRoutes);
};

/**
 * The plants' calls, declared from their entries in the contracts' endpoint map (`PLANT_ENDPOINTS`, the `/plant`
 * segment; a plant's collectors are the devices module's), with the follow list's (`FOLLOW_ENDPOINTS`).
 */
export const plantsModule = fp(plugin, { name: 'plants', dependencies: ['auth'], encapsulate: true });
