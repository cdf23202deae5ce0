import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceRow,
  energyQuery,
  energySeries,
  envelope,
  pageOf,
  plantIdParams,
  plantListQuery,
  plantRow,
  plantSummary,
  powerCurve,
  powerCurveQuery,
} from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok, page, pageWindow } from '../../http/envelope.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { plantDevices } from '../devices/queries.ts';
import { localDay } from '../telemetry/localDay.ts';
import {
  energySeries as energyOf,
  findPlant,
  listPlants,
  plantSummary as summaryOf,
  powerCurve as curveOf,
} from './queries.ts';

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['station'];
  const security = [{ bearer: [] }];
  const plantOr404 = async (request: Parameters<typeof callerOf>[0], id: number) => {
    const plant = await findPlant(db(), callerOf(request), id);
    if (!plant) throw notFound();
    return plant;
  };

  app.get(
    '/plant/list',
    {
      preHandler: requirePermission('list'),
      schema: {
        tags,
        security,
        summary: 'Plants in the caller’s scope: paged, searchable by name, owner, type and status, sortable',
        querystring: plantListQuery,
        response: { 200: pageOf(plantRow) },
      },
    },
    async (request) => {
      const { total, rows } = await listPlants(
        db(),
        callerOf(request),
        request.query,
        pageWindow(request.query),
      );
      return page(total, rows);
    },
  );

  app.get(
    '/plant/:id/summary',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security,
        summary:
          'Real-time power, energy today / month / year / total, income, equivalent hours, CO2 avoided',
        params: plantIdParams,
        response: { 200: envelope(plantSummary) },
      },
    },
    async (request) => ok(await summaryOf(db(), await plantOr404(request, request.params.id))),
  );

  app.get(
    '/plant/:id/power',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security,
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
    '/plant/:id/energy',
    {
      preHandler: requirePermission('list', 'details'),
      schema: {
        tags,
        security,
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
        security,
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
};

export const plantsModule = fp(plugin, { name: 'plants', dependencies: ['auth'], encapsulate: true });
