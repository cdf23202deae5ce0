import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, workOrderRule, workOrderRuleInput } from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/AppError.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { addRule, deleteRule, listRules, updateRule } from './settings.ts';
import { errors, idParams, questionGuard as guard, settingsGuard, tags } from './routeGuards.ts';

/** The rules that open work orders for alarms: read by the `question` screen, set by administrators and staff. */
export const ruleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/workorder/rules',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The rules that open work orders for alarms',
        security: bearer,
        response: { 200: envelope(z.array(workOrderRule)), ...errors },
      },
    },
    async () => ok(await listRules(db)),
  );

  app.post(
    '/workorder/rules',
    {
      preHandler: settingsGuard,
      schema: {
        tags,
        summary:
          'Adds a rule: alarms of at least a level (a code, a plant) open an order once they last its minutes',
        security: bearer,
        body: workOrderRuleInput,
        response: { 200: envelope(workOrderRule), ...errors },
      },
    },
    async (request) => ok(await addRule(db, request.body)),
  );

  app.put(
    '/workorder/rules/:id',
    {
      preHandler: settingsGuard,
      schema: {
        tags,
        summary: 'Changes a rule (the orders it opened stay as they are)',
        security: bearer,
        params: idParams,
        body: workOrderRuleInput,
        response: { 200: envelope(workOrderRule), ...errors },
      },
    },
    async (request) => {
      request.auditTarget = `#${request.params.id}`;
      const rule = await updateRule(db, request.params.id, request.body);
      if (!rule) throw notFound();
      return ok(rule);
    },
  );

  app.delete(
    '/workorder/rules/:id',
    {
      preHandler: settingsGuard,
      schema: {
        tags,
        summary: 'Removes a rule',
        security: bearer,
        params: idParams,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      if (!(await deleteRule(db, request.params.id))) throw notFound();
      return ok(null);
    },
  );
};
