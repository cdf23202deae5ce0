import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORK_ORDER_ENDPOINTS as WO } from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { addRule, deleteRule, listRules, updateRule } from './settings.ts';
import { doc, questionGuard as guard, settingsGuard } from './routeGuards.ts';

/** The rules that open work orders for alarms: read by the `question` screen, set by administrators and staff. */
export const ruleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  endpointRoute(app, WO.rules, doc(guard, 'The rules that open work orders for alarms'), async () =>
    ok(await listRules(db)),
  );

  endpointRoute(
    app,
    WO.addRule,
    doc(
      settingsGuard,
      'Adds a rule: alarms of at least a level (a code, a plant) open an order once they last its minutes',
    ),
    async (request) => ok(await addRule(db, request.body)),
  );

  endpointRoute(
    app,
    WO.updateRule,
    doc(settingsGuard, 'Changes a rule (the orders it opened stay as they are)'),
    async (request) => {
      request.auditTarget = `#${request.params.id}`;
      const rule = await updateRule(db, request.params.id, request.body);
      if (!rule) throw notFound();
      return ok(rule);
    },
  );

  endpointRoute(app, WO.deleteRule, doc(settingsGuard, 'Removes a rule'), async (request) => {
    if (!(await deleteRule(db, request.params.id))) throw notFound();
    return ok(null);
  });
};
