import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, slaPriorityParams, slaTarget, slaTargetRow } from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/AppError.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { resetSlaTarget, setSlaTarget } from './settings.ts';
import { slaTargets } from './slaWarnings.ts';
import { errors, questionGuard as guard, settingsGuard, tags } from './routeGuards.ts';

/** The resolution targets of work orders by priority: read by the `question` screen, set by administrators and staff. */
export const slaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/workorder/sla',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The resolution targets by priority',
        security: bearer,
        response: { 200: envelope(z.array(slaTargetRow)), ...errors },
      },
    },
    async () => ok(Object.values(await slaTargets(db))),
  );

  app.put(
    '/workorder/sla',
    {
      preHandler: settingsGuard,
      schema: {
        tags,
        summary: 'Sets the resolution target of one priority (administrators and staff)',
        security: bearer,
        body: slaTarget,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.body.priority;
      await setSlaTarget(db, request.body);
      return ok(null);
    },
  );

  app.delete(
    '/workorder/sla/:priority',
    {
      preHandler: settingsGuard,
      schema: {
        tags,
        summary: 'Puts one priority back on its built-in resolution target (administrators and staff)',
        security: bearer,
        params: slaPriorityParams,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.params.priority;
      if (!(await resetSlaTarget(db, request.params.priority))) throw notFound();
      return ok(null);
    },
  );
};
