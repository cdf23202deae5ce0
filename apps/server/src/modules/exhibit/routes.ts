import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXHIBIT_ENDPOINTS as EX, EXHIBIT_SCREENS, ROLE } from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { bearerDocs } from '../../http/bearerDocs.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { callerOf, requireRole } from '../auth/guards.ts';
import { findPlant, powerCurve } from '../plants/queries.ts';
import { localDay } from '../../time/localDay.ts';
import { createDisplayLink, listDisplayLinks, revokeDisplayLink } from './displayLinks.ts';
import { wallEquipment, wallOperation, wallOverview, wallStation } from './queries.ts';
import { wallGuard, wallViewerOf } from './wallGuard.ts';
import { openWallStream } from './wallStream.ts';

/**
 * The walls and the display links. Every route is declared from its entry in the contracts' endpoint map
 * (`EXHIBIT_ENDPOINTS`), which the console calls through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['exhibit'];
  // A wall calls with a user's bearer token or with a display link's `Display <token>`.
  const doc = bearerDocs(tags);
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  endpointRoute(
    app,
    EX.overview,
    doc(
      wallGuard('overview'),
      'The overview wall: fleet totals, energy, CO₂ with its factor, map, ranking, open alarms',
    ),
    async (request) => ok(await wallOverview(db(), wallViewerOf(request).caller, requestLanguage(request))),
  );

  endpointRoute(
    app,
    EX.station,
    doc(
      wallGuard('station'),
      'The station wall: the most powerful plants with their figures, for the wall to rotate',
    ),
    async (request) => ok(await wallStation(db(), wallViewerOf(request).caller)),
  );

  endpointRoute(
    app,
    EX.stationCurve,
    doc(
      wallGuard('station'),
      'The station wall’s power curve of one of its plants today (the plant’s local day, 5-minute slots)',
    ),
    async (request) => {
      const plant = await findPlant(db(), wallViewerOf(request).caller, request.params.id);
      if (!plant) throw notFound();
      return ok(await powerCurve(db(), plant, localDay(plant.time_zone, Date.now())));
    },
  );

  endpointRoute(
    app,
    EX.equipment,
    doc(
      wallGuard('equipment'),
      'The equipment wall: devices by state, model and firmware; collectors by network',
    ),
    async (request) => ok(await wallEquipment(db(), wallViewerOf(request).caller)),
  );

  endpointRoute(
    app,
    EX.operation,
    doc(
      wallGuard('operation'),
      'The operation wall: open alarms by level, the last day’s flow, the newest open alarms',
    ),
    async (request) => ok(await wallOperation(db(), wallViewerOf(request).caller, requestLanguage(request))),
  );

  endpointRoute(
    app,
    EX.stream,
    doc(
      wallGuard(...EXHIBIT_SCREENS),
      'Server-sent events: `changed` when a reading, an alarm or a work order of the wall’s plants arrives or changes (the wall refetches), `revoked` when its display link is revoked or expires',
    ),
    async (request, reply) => {
      const viewer = wallViewerOf(request);
      reply.hijack();
      const end = openWallStream(app.deps, viewer, reply.raw, () => streams.delete(end));
      streams.add(end);
      return reply;
    },
  );

  // Display links: administrators only (a link reads an account's plants without its password).
  const admin = requireRole(ROLE.admin);
  endpointRoute(
    app,
    EX.links,
    doc(admin, 'Display links, the newest first, with when and from where each wall last called'),
    async () => ok(await listDisplayLinks(db())),
  );

  endpointRoute(
    app,
    EX.createLink,
    doc(
      admin,
      'Creates a read-only display link over one account’s plants, expiring after the chosen days; its token is shown this once',
    ),
    async (request) => {
      const created = await createDisplayLink(db(), callerOf(request).userId, request.body);
      request.auditTarget = `display link ${created.id} (${created.userCode})`;
      return ok(created);
    },
  );

  endpointRoute(
    app,
    EX.revokeLink,
    doc(admin, 'Revokes a display link: its wall is refused from its next call'),
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
