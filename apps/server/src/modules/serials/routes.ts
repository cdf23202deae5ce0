import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERIAL_ENDPOINTS as SERIALS } from '@solarops/contracts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { t, type MessageKey } from '../../i18n/messages.ts';
import { requirePermission } from '../auth/guards.ts';
import { checkSerial, listSerialRules } from './queries.ts';
import { addSerialRule, deleteSerialRule, updateSerialRule } from './service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['serials'];

/**
 * Serial number rules per device model (the `standardSNnumber` screen) and the check every serial passes. Every
 * route is declared from its entry in the contracts' endpoint map (`SERIAL_ENDPOINTS`), which the console calls
 * through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const guard = requirePermission('standardSNnumber');
  const doc = (summary: string) => ({ preHandler: guard, tags, summary, security: bearer, errors });

  pagedList(app, SERIALS.rules, doc('Serial number rules, by model'), (request, window) =>
    listSerialRules(db, request.query.model, window),
  );

  endpointRoute(app, SERIALS.addRule, doc('Add the serial number rule of a model'), async (request) => {
    request.auditTarget = request.body.model;
    await addSerialRule(db, request.body);
    return ok(null);
  });

  endpointRoute(app, SERIALS.updateRule, doc('Change the serial number rule of a model'), async (request) => {
    const { id, ...rule } = request.body;
    request.auditTarget = rule.model;
    await updateSerialRule(db, id, rule);
    return ok(null);
  });

  endpointRoute(app, SERIALS.deleteRule, doc('Delete the serial number rule of a model'), async (request) => {
    request.auditTarget = await deleteSerialRule(db, request.body.id);
    return ok(null);
  });

  endpointRoute(
    app,
    SERIALS.check,
    {
      ...doc("Check a serial against its model's rule; the reason names what is wrong"),
      // A question, not a change: nothing to log.
      config: { audit: false },
    },
    async (request) => {
      const reason = await checkSerial(db, request.body.model, request.body.sn);
      return ok({
        valid: reason === null,
        reason,
        message: reason ? t(requestLanguage(request), reason as MessageKey) : null,
      });
    },
  );
};

export const serialsModule = fp(plugin, {
  name: 'serials',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
