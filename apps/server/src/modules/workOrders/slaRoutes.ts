import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORK_ORDER_ENDPOINTS as WO } from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { resetSlaTarget, setSlaTarget } from './settings.ts';
import { slaTargets } from './slaWarnings.ts';
import { doc, questionGuard as guard, settingsGuard } from './routeGuards.ts';

/** The resolution targets of work orders by priority: read by the `question` screen, set by administrators and staff. */
export const slaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  endpointRoute(app, WO.slaTargets, doc(guard, 'The resolution targets by priority'), async () =>
    ok(Object.values(await slaTargets(db))),
  );

  endpointRoute(
    app,
    WO.setSlaTarget,
    doc(settingsGuard, 'Sets the resolution target of one priority (administrators and staff)'),
    async (request) => {
      request.auditTarget = request.body.priority;
      await setSlaTarget(db, request.body);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    WO.resetSlaTarget,
    doc(settingsGuard, 'Puts one priority back on its built-in resolution target (administrators and staff)'),
    async (request) => {
      request.auditTarget = request.params.priority;
      if (!(await resetSlaTarget(db, request.params.priority))) throw notFound();
      return ok(null);
    },
  );
};
