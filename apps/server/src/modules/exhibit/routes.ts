import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXHIBIT_SCREENS,
  ROLE,
  createDisplayLinkBody,
  createdDisplayLink,
  displayLink,
  emptyEnvelope,
  envelope,
  idSchema,
  powerCurve as powerCurveSchema,
  wallEquipment as wallEquipmentSchema,
  wallOperation as wallOperationSchema,
  wallOverview as wallOverviewSchema,
  wallStation as wallStationSchema,
} from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { callerOf, requireRole } from '../auth/guards.ts';
import { findPlant, powerCurve } from '../plants/queries.ts';
import { localDay } from '../../time/localDay.ts';
import { createDisplayLink, listDisplayLinks, revokeDisplayLink } from './displayLinks.ts';
import { wallEquipment, wallOperation, wallOverview, wallStation } from './queries.ts';
import { wallGuard, wallViewerOf } from './wallGuard.ts';
import { openWallStream } from './wallStream.ts';

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['exhibit'];
  // A wall calls with a user's bearer token or with a display link's `Display <token>`.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get(
    '/exhibit/overview',
    {
      preHandler: wallGuard('overview'),
      schema: {
        tags,
        security: bearer,
        summary: 'The overview wall: fleet totals, energy, CO₂ with its factor, map, ranking, open alarms',
        response: { 200: envelope(wallOverviewSchema) },
      },
    },
    async (request) => ok(await wallOverview(db(), wallViewerOf(request).caller, requestLanguage(request))),
  );

  app.get(
    '/exhibit/station',
    {
      preHandler: wallGuard('station'),
      schema: {
        tags,
        security: bearer,
        summary: 'The station wall: the most powerful plants with their figures, for the wall to rotate',
        response: { 200: envelope(wallStationSchema) },
      },
    },
    async (request) => ok(await wallStation(db(), wallViewerOf(request).caller)),
  );

  app.get(
    '/exhibit/station/:id/curve',
    {
      preHandler: wallGuard('station'),
      schema: {
        tags,
        security: bearer,
        summary:
          'The station wall’s power curve of one of its plants today (the plant’s local day, 5-minute slots)',
        params: z.object({ id: idSchema }),
        response: { 200: envelope(powerCurveSchema) },
      },
    },
    async (request) => {
      const plant = await findPlant(db(), wallViewerOf(request).caller, request.params.id);
      if (!plant) throw notFound();
      return ok(await powerCurve(db(), plant, localDay(plant.time_zone, Date.now())));
    },
  );

  app.get(
    '/exhibit/equipment',
    {
      preHandler: wallGuard('equipment'),
      schema: {
        tags,
        security: bearer,
        summary: 'The equipment wall: devices by state, model and firmware; collectors by network',
        response: { 200: envelope(wallEquipmentSchema) },
      },
    },
    async (request) => ok(await wallEquipment(db(), wallViewerOf(request).caller)),
  );

  app.get(
    '/exhibit/operation',
    {
      preHandler: wallGuard('operation'),
      schema: {
        tags,
        security: bearer,
        summary: 'The operation wall: open alarms by level, the last day’s flow, the newest open alarms',
        response: { 200: envelope(wallOperationSchema) },
      },
    },
    async (request) => ok(await wallOperation(db(), wallViewerOf(request).caller, requestLanguage(request))),
  );

  app.get(
    '/exhibit/stream',
    {
      preHandler: wallGuard(...EXHIBIT_SCREENS),
      schema: {
        tags,
        security: bearer,
        summary:
          'Server-sent events: `changed` when a reading, an alarm or a work order of the wall’s plants arrives or changes (the wall refetches), `revoked` when its display link is revoked or expires',
      },
    },
    async (request, reply) => {
      const viewer = wallViewerOf(request);
      reply.hijack();
      const end = openWallStream(app.deps, viewer, reply.raw, () => streams.delete(end));
      streams.add(end);
    },
  );

  // Display links: administrators only (a link reads an account's plants without its password).
  app.get(
    '/exhibit/links',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security: bearer,
        summary: 'Display links, the newest first, with when and from where each wall last called',
        response: { 200: envelope(z.array(displayLink)) },
      },
    },
    async () => ok(await listDisplayLinks(db())),
  );

  app.post(
    '/exhibit/links',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security: bearer,
        summary:
          'Creates a read-only display link over one account’s plants, expiring after the chosen days; its token is shown this once',
        body: createDisplayLinkBody,
        response: { 200: envelope(createdDisplayLink) },
      },
    },
    async (request) => {
      const created = await createDisplayLink(db(), callerOf(request).userId, request.body);
      request.auditTarget = `display link ${created.id} (${created.userCode})`;
      return ok(created);
    },
  );

  app.delete(
    '/exhibit/links/:id',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security: bearer,
        summary: 'Revokes a display link: its wall is refused from its next call',
        params: z.object({ id: idSchema }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = `display link ${request.params.id}`;
      if (!(await revokeDisplayLink(db(), request.params.id))) throw notFound();
      return ok(null);
    },
  );
};

export const exhibitModule = fp(plugin, {
  name: 'exhibit',
  encapsulate: true,
  dependencies: ['audit', 'auth', 'alarms'],
});
