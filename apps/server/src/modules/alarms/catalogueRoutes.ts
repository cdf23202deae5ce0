import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE, ALARM_ENDPOINTS as ALARM } from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { authenticate, requireRole } from '../auth/guards.ts';
import { listFaultCatalogue, updateFaultCatalogueEntry } from './catalogueQueries.ts';
import { alarmDoc as doc } from './routeDoc.ts';

/** The fault catalogue: read by everyone signed in, edited by administrators. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;

  // The fault catalogue: read by everyone signed in, edited by administrators.
  endpointRoute(app, ALARM.catalogue, doc(authenticate, 'The fault catalogue'), async () =>
    ok(await listFaultCatalogue(db())),
  );

  endpointRoute(
    app,
    ALARM.updateCatalogue,
    doc(requireRole(ROLE.admin), 'Changes a catalogue entry’s level, family, descriptions or solutions'),
    async (request) => {
      request.auditTarget = `fault code ${request.params.code}`;
      if (!(await updateFaultCatalogueEntry(db(), request.params.code, request.body))) throw notFound();
      return ok(null);
    },
  );
};
