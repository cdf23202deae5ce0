import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, roleCreateBody, roleDetail, roleUpdateBody } from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { requirePermission } from '../auth/guards.ts';
import { requestLanguage } from '../../http/language.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { createRole, listRoles, updateRole } from './roles.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['roles'];

/** Roles and their menu lists: the `permissions` screen (staff have it too, spec §6). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const guard = requirePermission('permissions', 'staff');

  app.get(
    '/role/manager/list',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every role with its menu list',
        security: bearer,
        response: { 200: envelope(z.array(roleDetail)), ...errors },
      },
    },
    async (request) => ok(await listRoles(db, requestLanguage(request))),
  );

  app.post(
    '/role/manager/add',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Create a staff role',
        security: bearer,
        body: roleCreateBody,
        response: { 200: envelope(roleDetail), ...errors },
      },
    },
    async (request) => {
      const role = await createRole(db, request.body);
      request.auditTarget = role.name;
      return ok(role);
    },
  );

  app.post(
    '/role/manager/update',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Edit a role's name, description or menu list",
        security: bearer,
        body: roleUpdateBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = String(request.body.roleId);
      await updateRole(db, request.body);
      return ok(null);
    },
  );
};
