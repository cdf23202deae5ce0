import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyEnvelope,
  envelope,
  serialCheckBody,
  serialCheckResult,
  serialRuleBody,
  serialRuleIdBody,
  serialRuleListQuery,
  serialRuleRow,
  serialRuleUpdateBody,
} from '@solarops/contracts';
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

/** Serial number rules per device model (the `standardSNnumber` screen) and the check every serial passes. */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const guard = requirePermission('standardSNnumber');

  pagedList(
    app,
    '/serial/rule/list',
    {
      preHandler: guard,
      tags,
      summary: 'Serial number rules, by model',
      security: bearer,
      querystring: serialRuleListQuery,
      row: serialRuleRow,
      errors,
    },
    (request, window) => listSerialRules(db, request.query.model, window),
  );

  app.post(
    '/serial/rule/add',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add the serial number rule of a model',
        security: bearer,
        body: serialRuleBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.body.model;
      await addSerialRule(db, request.body);
      return ok(null);
    },
  );

  app.post(
    '/serial/rule/update',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Change the serial number rule of a model',
        security: bearer,
        body: serialRuleUpdateBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      const { id, ...rule } = request.body;
      request.auditTarget = rule.model;
      await updateSerialRule(db, id, rule);
      return ok(null);
    },
  );

  app.post(
    '/serial/rule/delete',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Delete the serial number rule of a model',
        security: bearer,
        body: serialRuleIdBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = await deleteSerialRule(db, request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/serial/rule/check',
    {
      preHandler: guard,
      // A question, not a change: nothing to log.
      config: { audit: false },
      schema: {
        tags,
        summary: "Check a serial against its model's rule; the reason names what is wrong",
        security: bearer,
        body: serialCheckBody,
        response: { 200: envelope(serialCheckResult), ...errors },
      },
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
