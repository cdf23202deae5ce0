import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FOLLOW_ENDPOINTS as FOLLOW } from '@solarops/contracts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { follow, listFollows, unfollow } from './follows.ts';
import { stationDoc } from './routeDoc.ts';

/**
 * The caller's follow list (the `collectList` screen): the plants and collectors it follows, declared from their
 * entries in the contracts' endpoint map (`FOLLOW_ENDPOINTS`, the `/follow` segment).
 */
export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;

  endpointRoute(
    app,
    FOLLOW.list,
    stationDoc(requirePermission('collectList'), 'The caller’s follow list: followed plants and collectors'),
    async (request) => ok(await listFollows(db(), callerOf(request))),
  );

  endpointRoute(
    app,
    FOLLOW.follow,
    stationDoc(
      requirePermission('collectList', 'list', 'collectorSearch', 'details'),
      'Follow a plant (by id) or a collector (by serial)',
    ),
    async (request) => {
      request.auditTarget = `${request.body.kind} ${request.body.target}`;
      await follow(db(), callerOf(request), request.body.kind, request.body.target);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    FOLLOW.unfollow,
    stationDoc(
      requirePermission('collectList', 'list', 'collectorSearch', 'details'),
      'Remove a plant or collector from the caller’s follow list',
    ),
    async (request) => {
      request.auditTarget = `${request.query.kind} ${request.query.target}`;
      await unfollow(db(), callerOf(request).userId, request.query.kind, request.query.target);
      return ok(null);
    },
  );
};
