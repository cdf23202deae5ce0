import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  avatarForm,
  avatarResult,
  bindRoleForm,
  createUserBody,
  dealercodeQuery,
  emptyEnvelope,
  encryptedUpdateForm,
  enterpriseAuditBody,
  enterpriseListQuery,
  enterpriseRegisterBody,
  enterpriseRow,
  envelope,
  errorEnvelope,
  forgetPasswordForm,
  getCodeQuery,
  nextListQuery,
  userExportQuery,
  resetPasswordBody,
  roleItem,
  terminalRegisterBody,
  updateFirstBody,
  updateProfileForm,
  userCodeQuery,
  userInfo,
  userPermissions,
  userRow,
  type RouteName,
} from '@solarops/contracts';
import { notFound, unauthorized } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { requireClient } from '../auth/clientAuth.ts';
import { issueEmailCode } from '../auth/emailCodes.ts';
import { authenticate, callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { AVATAR_MAX_BYTES, ROLE } from '@solarops/contracts';
import { childRoles, findUserRowByCode, listUsersBelow, loadUserInfo } from './queries.ts';
import { roleRoutes } from './roleRoutes.ts';
import { userWorkbook } from './userWorkbook.ts';
import { bindDealercode, changeOwnPassword, saveAvatar, updateProfile } from './profile.ts';
import {
  bindRole,
  createSubAccount,
  deleteAccount,
  resetPassword,
  setEnabled,
  updateAccount,
} from './accountAdmin.ts';
import { forgetPassword, registerEnterprise, registerTerminal } from './registration.ts';
import { auditEnterprise, listEnterprises } from './enterpriseAudit.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';

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

const errors = errorAnswers(400, 401, 403, 404, 409, 429);
const client = [{ client: [] }];
const tags = ['users'];

const plugin: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(roleRoutes);

  app.get(
    '/user/manager/info',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: envelope(userInfo), ...errors },
      },
    },
    async (request) => {
      const info = await loadUserInfo(deps.db, callerOf(request).userId);
      if (!info) throw unauthorized();
      return ok(info);
    },
  );

  app.post(
    '/user/manager/update/first',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Change the own password (first login or later); other sessions of the user end with 50012',
        security: bearer,
        body: updateFirstBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await changeOwnPassword(deps, callerOf(request), request.body.oldPassword, request.body.newPassword);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/update',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Update the own profile (form; each field optional)',
        consumes: ['application/x-www-form-urlencoded'],
        security: bearer,
        body: updateProfileForm,
        response: { 200: envelope(userInfo), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await updateProfile(deps, caller, request.body);
      return ok((await loadUserInfo(deps.db, caller.userId))!);
    },
  );

  app.post(
    '/user/manager/avatar',
    {
      preHandler: authenticate,
      config: oneFile(AVATAR_MAX_BYTES),
      schema: {
        tags,
        summary: 'Upload the own avatar (multipart `file`: png, jpeg or webp, at most 1 MB)',
        consumes: ['multipart/form-data'],
        security: bearer,
        body: avatarForm,
        response: { 200: envelope(avatarResult), 413: errorEnvelope, ...errors },
      },
    },
    async (request) => ok({ avatar: await saveAvatar(deps, callerOf(request), request.body.file) }),
  );

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

  app.get(
    '/user/manager/bind/dealercode',
    {
      preHandler: requireRole(ROLE.installer),
      config: { audit: 'bind dealercode' },
      schema: {
        tags,
        summary: 'An installer binds itself to a distributor code',
        security: bearer,
        querystring: dealercodeQuery,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.query.dealercode;
      await bindDealercode(deps, callerOf(request), request.query.dealercode);
      return ok(null);
    },
  );

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

  app.get(
    '/user/manager/get/code',
    {
      preHandler: requireClient,
      config: {
        audit: 'send email code',
        rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'Mail a 6-digit code (valid 10 minutes; 1 a minute and 10 a day per address)',
        security: client,
        querystring: getCodeQuery,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await issueEmailCode(deps.db, deps.mailer, deps.signingKey, request.query.email);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/forget/password',
    {
      preHandler: requireClient,
      config: { rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Set a new password with an emailed code',
        consumes: ['application/x-www-form-urlencoded'],
        security: client,
        body: forgetPasswordForm,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await forgetPassword(deps, request.body);
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

  app.post(
    '/user/manager/terminal/register',
    {
      config: { rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Register a personal account (active at once)',
        body: terminalRegisterBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await registerTerminal(deps, request.body);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/enterprise/register',
    {
      config: { rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Register an enterprise account (pending authentication)',
        body: enterpriseRegisterBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await registerEnterprise(deps, request.body);
      return ok(null);
    },
  );

  pagedList(
    app,
    '/user/manager/enterprise/list',
    {
      preHandler: requirePermission('enterprise'),
      tags,
      summary: 'Enterprise registrations and their audit',
      security: bearer,
      querystring: enterpriseListQuery,
      row: enterpriseRow,
      errors,
    },
    (request, window) => listEnterprises(deps, callerOf(request), request.query.status, window),
  );

  app.post(
    '/user/manager/enterprise/audit',
    {
      preHandler: requirePermission('enterprise'),
      schema: {
        tags,
        summary: 'Approve (mails a random initial password) or refuse a pending enterprise account',
        security: bearer,
        body: enterpriseAuditBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await auditEnterprise(deps, callerOf(request), request.body);
      return ok(null);
    },
  );
};

export const usersModule = fp(plugin, { name: 'users', encapsulate: true, dependencies: ['audit', 'auth'] });
