import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ROLE,
  envelope,
  faultCatalogueEntry,
  faultCatalogueUpdate,
  faultCodeParams,
} from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { authenticate, requireRole } from '../auth/guards.ts';
import { listFaultCatalogue, updateFaultCatalogueEntry } from './catalogueQueries.ts';

/** The fault catalogue: read by everyone signed in, edited by administrators. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const tags = ['alarms'];

  // The fault catalogue: read by everyone signed in, edited by administrators.
  app.get(
    '/alarm/catalogue',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'The fault catalogue',
        response: { 200: envelope(z.array(faultCatalogueEntry)) },
      },
    },
    async () => ok(await listFaultCatalogue(db())),
  );

  app.put(
    '/alarm/catalogue/:code',
    {
      preHandler: requireRole(ROLE.admin),
      schema: {
        tags,
        security: bearer,
        summary: 'Changes a catalogue entry’s level, family, descriptions or solutions',
        params: faultCodeParams,
        body: faultCatalogueUpdate,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      request.auditTarget = `fault code ${request.params.code}`;
      if (!(await updateFaultCatalogueEntry(db(), request.params.code, request.body))) throw notFound();
      return ok(null);
    },
  );
};
