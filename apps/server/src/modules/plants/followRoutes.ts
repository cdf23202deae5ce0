import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, followInput, followRow } from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { follow, listFollows, unfollow } from './follows.ts';

/** The caller's follow list (the `collectList` screen): the plants and collectors it follows. */
export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['station'];

  app.get(
    '/follow/list',
    {
      preHandler: requirePermission('collectList'),
      schema: {
        tags,
        security: bearer,
        summary: 'The caller’s follow list: followed plants and collectors',
        response: { 200: envelope(z.array(followRow)) },
      },
    },
    async (request) => ok(await listFollows(db(), callerOf(request))),
  );

  app.post(
    '/follow',
    {
      preHandler: requirePermission('collectList', 'list', 'collectorSearch', 'details'),
      schema: {
        tags,
        security: bearer,
        summary: 'Follow a plant (by id) or a collector (by serial)',
        body: followInput,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = `${request.body.kind} ${request.body.target}`;
      await follow(db(), callerOf(request), request.body.kind, request.body.target);
      return ok(null);
    },
  );

  app.delete(
    '/follow',
    {
      preHandler: requirePermission('collectList', 'list', 'collectorSearch', 'details'),
      schema: {
        tags,
        security: bearer,
        summary: 'Remove a plant or collector from the caller’s follow list',
        querystring: followInput,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditTarget = `${request.query.kind} ${request.query.target}`;
      await unfollow(db(), callerOf(request).userId, request.query.kind, request.query.target);
      return ok(null);
    },
  );
};
