import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_ENDPOINTS as ROLE } from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { requirePermission } from '../auth/guards.ts';
import { requestLanguage } from '../../http/language.ts';
import { errorAnswers } from '../../http/routeSchemas.ts';
import { bearerDocs } from '../../http/bearerDocs.ts';
import { createRole, listRoles, updateRole } from './roles.ts';

const roleDoc = bearerDocs(['roles'], errorAnswers(400, 401, 403, 404, 409));

/**
 * Roles and their menu lists: the `permissions` screen (staff have it too, spec §6), declared from their entries in
 * the contracts' endpoint map (`ROLE_ENDPOINTS`).
 */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const guard = requirePermission('permissions', 'staff');

  endpointRoute(app, ROLE.list, roleDoc(guard, 'Every role with its menu list'), async (request) =>
    ok(await listRoles(db, requestLanguage(request))),
  );

  endpointRoute(app, ROLE.create, roleDoc(guard, 'Create a staff role'), async (request) => {
    const role = await createRole(db, request.body);
    request.auditTarget = role.name;
    return ok(role);
  });

  endpointRoute(
    app,
    ROLE.update,
    roleDoc(guard, "Edit a role's name, description or menu list"),
    async (request) => {
      request.auditTarget = String(request.body.roleId);
      await updateRole(db, request.body);
      return ok(null);
    },
  );
};
