import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindRoleForm,
  createUserBody,
  emptyEnvelope,
  encryptedUpdateForm,
  envelope,
  nextListQuery,
  userExportQuery,
  resetPasswordBody,
  roleItem,
  userCodeQuery,
  userPermissions,
  userRow,
  type RouteName,
} from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { authenticate, callerOf, requirePermission } from '../auth/guards.ts';
import { childRoles, findUserRowByCode, listUsersBelow, loadUserInfo } from './queries.ts';
import { userWorkbook } from './userWorkbook.ts';
import {
  bindRole,
  createSubAccount,
  deleteAccount,
  resetPassword,
  setEnabled,
  updateAccount,
} from './accountAdmin.ts';
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { errors, tags } from './routeSchemas.ts';

/** Largest account export [rows]. */
const EXPORT_MAX_ROWS = 10_000;

/** The screens that manage accounts (spec §2, /set): any of them allows the account-changing calls. */
const ACCOUNT_SCREENS: RouteName[] = [
  'accountback',
  'businessman',
  'Install',
  'deviceuser',
  'staff',
  'enterprise',
];

/** The accounts below the caller (the /set screens): listed, exported, created, changed, enabled, deleted. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/role/manager/child/list',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'The roles this user may give to users it creates',
        security: bearer,
        response: { 200: envelope(z.array(roleItem)), ...errors },
      },
      // A read that happens to be a POST: nothing to log.
      config: { audit: false },
    },
    async (request) => ok(await childRoles(deps.db, callerOf(request))),
  );

  pagedList(
    app,
    '/user/manager/next/list',
    {
      preHandler: authenticate,
      tags,
      summary: 'The users below the caller (ARCHITECTURE §4 scope), paged and filtered',
      security: bearer,
      querystring: nextListQuery,
      row: userRow,
      errors,
    },
    (request, window) => listUsersBelow(deps.db, callerOf(request), request.query, window),
  );

  listExport(
    app,
    '/user/manager/next/export',
    {
      preHandler: authenticate,
      tags,
      summary: `The users below the caller, filtered as the list is, as an .xlsx workbook (at most ${EXPORT_MAX_ROWS} rows)`,
      security: bearer,
      querystring: userExportQuery,
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'accounts.xlsx',
      workbook: userWorkbook,
    },
    (request, window) => listUsersBelow(deps.db, callerOf(request), request.query, window),
  );

  app.get(
    '/user/manager/info/bycode',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: "A user by login name; 404 outside the caller's scope",
        security: bearer,
        querystring: userCodeQuery,
        response: { 200: envelope(userRow), ...errors },
      },
    },
    async (request) => {
      const row = await findUserRowByCode(deps.db, callerOf(request), request.query.userCode);
      if (!row) throw notFound();
      return ok(row);
    },
  );

  for (const [path, enabled] of [
    ['/user/manager/update/unable', false],
    ['/user/manager/update/enable', true],
  ] as const) {
    app.get(
      path,
      {
        preHandler: requirePermission(...ACCOUNT_SCREENS),
        config: { audit: enabled ? 'enable user' : 'disable user' },
        schema: {
          tags,
          summary: enabled ? 'Enable a user' : 'Disable a user: its sessions end (next call: 50012)',
          security: bearer,
          querystring: userCodeQuery,
          response: { 200: emptyEnvelope, ...errors },
        },
      },
      async (request) => {
        await setEnabled(deps, callerOf(request), request.query.userCode, enabled);
        return ok(null);
      },
    );
  }

  app.post(
    '/user/manager/update/encrypted',
    {
      preHandler: requirePermission(...ACCOUNT_SCREENS),
      schema: {
        tags,
        summary: "Change a user's email, phone or password (a new password ends its sessions)",
        consumes: ['application/x-www-form-urlencoded'],
        security: bearer,
        body: encryptedUpdateForm,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await updateAccount(deps, callerOf(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/bind/role',
    {
      preHandler: requirePermission(...ACCOUNT_SCREENS),
      schema: {
        tags,
        summary: 'Give a user below the caller a role the caller may give',
        consumes: ['application/x-www-form-urlencoded'],
        security: bearer,
        body: bindRoleForm,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await bindRole(deps, callerOf(request), request.body.userId, request.body.roleId);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/add',
    {
      preHandler: requirePermission(...ACCOUNT_SCREENS),
      schema: {
        tags,
        summary:
          'Create a sub-account: a distributor creates installers and end users, an installer end users, an ' +
          'administrator any role; the initial password is mailed',
        security: bearer,
        body: createUserBody,
        response: { 200: envelope(userRow), ...errors },
      },
    },
    async (request) => ok(await createSubAccount(deps, callerOf(request), request.body)),
  );

  app.post(
    '/user/manager/reset/password',
    {
      preHandler: requirePermission(...ACCOUNT_SCREENS),
      schema: {
        tags,
        summary: 'Mail a user a new random password; its sessions end and it changes the password at sign-in',
        security: bearer,
        body: resetPasswordBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await resetPassword(deps, callerOf(request), request.body.userCode);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/delete',
    {
      preHandler: requirePermission(...ACCOUNT_SCREENS),
      schema: {
        tags,
        summary:
          'Delete a user: disabled, its sessions end, out of the lists; the accountback screen restores it',
        security: bearer,
        body: resetPasswordBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await deleteAccount(deps, callerOf(request), request.body.userCode);
      return ok(null);
    },
  );

  app.get(
    '/user/manager/permissions',
    {
      preHandler: requirePermission('PagePermission'),
      schema: {
        tags,
        summary: "A user's effective permissions: the route names of its role (the /permission/page screen)",
        security: bearer,
        querystring: userCodeQuery,
        response: { 200: envelope(userPermissions), ...errors },
      },
    },
    async (request) => {
      const row = await findUserRowByCode(deps.db, callerOf(request), request.query.userCode);
      const info = row ? await loadUserInfo(deps.db, row.userId) : undefined;
      if (!row || !info) throw notFound();
      return ok({
        userCode: row.userCode,
        roleId: row.roleId,
        roleName: row.roleName,
        menuList: info.menuList,
      });
    },
  );
};
