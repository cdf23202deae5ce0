import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyEnvelope,
  envelope,
  errorEnvelope,
  roleCreateBody,
  roleDetail,
  roleUpdateBody,
} from '@solarops/contracts';
import { conflict, notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { requirePermission } from '../auth/guards.ts';
import { requestLanguage } from '../../http/language.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import { roleDescription } from './seedAccounts.ts';
import { roles } from './tables.ts';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
const bearer = [{ bearer: [] }];
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
    async (request) => {
      const rows = await db.select().from(roles).orderBy(asc(roles.id));
      const lang = requestLanguage(request);
      return ok(
        rows.map((r) => ({
          roleId: r.id,
          name: r.name,
          description: roleDescription(r, lang),
          menuList: r.menuList,
          builtin: r.builtin,
        })),
      );
    },
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
      try {
        const [r] = await db
          .insert(roles)
          .values({
            name: request.body.name,
            description: request.body.description,
            menuList: request.body.menuList,
          })
          .returning();
        request.auditTarget = r!.name;
        return ok({
          roleId: r!.id,
          name: r!.name,
          description: r!.description,
          menuList: r!.menuList,
          builtin: false,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('roleNameTaken');
        throw err;
      }
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
      const { roleId, ...set } = request.body;
      request.auditTarget = String(roleId);
      const changed = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
      if (Object.keys(changed).length === 0) return ok(null);
      try {
        const updated = await db
          .update(roles)
          .set(changed)
          .where(eq(roles.id, roleId))
          .returning({ id: roles.id });
        if (updated.length === 0) throw notFound();
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('roleNameTaken');
        throw err;
      }
      return ok(null);
    },
  );
};
