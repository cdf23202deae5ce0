import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_ENDPOINTS as ROLE, USER_ENDPOINTS as USER, type RouteName } from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
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
import { signedInDoc, tags } from './routeSchemas.ts';

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

/**
 * The accounts below the caller (the /set screens): listed, exported, created, changed, enabled, deleted; declared
 * from their entries in the contracts' endpoint map (`USER_ENDPOINTS`, and `ROLE_ENDPOINTS` for the roles it gives).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const manageAccounts = requirePermission(...ACCOUNT_SCREENS);

  endpointRoute(
    app,
    ROLE.givable,
    // A read that happens to be a POST: nothing to log.
    signedInDoc(authenticate, 'The roles this user may give to users it creates', {
      config: { audit: false },
    }),
    async (request) => ok(await childRoles(deps.db, callerOf(request))),
  );

  pagedList(
    app,
    USER.list,
    signedInDoc(authenticate, 'The users below the caller (ARCHITECTURE §4 scope), paged and filtered'),
    (request, window) => listUsersBelow(deps.db, callerOf(request), request.query, window),
  );

  listExport(
    app,
    USER.export,
    {
      preHandler: authenticate,
      tags,
      summary: `The users below the caller, filtered as the list is, as an .xlsx workbook (at most ${EXPORT_MAX_ROWS} rows)`,
      security: bearer,
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'accounts.xlsx',
      workbook: userWorkbook,
    },
    (request, window) => listUsersBelow(deps.db, callerOf(request), request.query, window),
  );

  endpointRoute(
    app,
    USER.byCode,
    signedInDoc(authenticate, "A user by login name; 404 outside the caller's scope"),
    async (request) => {
      const row = await findUserRowByCode(deps.db, callerOf(request), request.query.userCode);
      if (!row) throw notFound();
      return ok(row);
    },
  );

  for (const [entry, enabled] of [
    [USER.disable, false],
    [USER.enable, true],
  ] as const) {
    endpointRoute(
      app,
      entry,
      signedInDoc(
        manageAccounts,
        enabled ? 'Enable a user' : 'Disable a user: its sessions end (next call: 50012)',
        { config: { audit: enabled ? 'enable user' : 'disable user' } },
      ),
      async (request) => {
        await setEnabled(deps, callerOf(request), request.query.userCode, enabled);
        return ok(null);
      },
    );
  }

  endpointRoute(
    app,
    USER.updateAccount,
    signedInDoc(
      manageAccounts,
      "Change a user's email, phone or password (a new password ends its sessions)",
    ),
    async (request) => {
      await updateAccount(deps, callerOf(request), request.body);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    USER.bindRole,
    signedInDoc(manageAccounts, 'Give a user below the caller a role the caller may give'),
    async (request) => {
      await bindRole(deps, callerOf(request), request.body.userId, request.body.roleId);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    USER.create,
    signedInDoc(
      manageAccounts,
      'Create a sub-account: a distributor creates installers and end users, an installer end users, an ' +
        'administrator any role; the initial password is mailed',
    ),
    async (request) => ok(await createSubAccount(deps, callerOf(request), request.body)),
  );

  endpointRoute(
    app,
    USER.resetPassword,
    signedInDoc(
      manageAccounts,
      'Mail a user a new random password; its sessions end and it changes the password at sign-in',
    ),
    async (request) => {
      await resetPassword(deps, callerOf(request), request.body.userCode);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    USER.delete,
    signedInDoc(
      manageAccounts,
      'Delete a user: disabled, its sessions end, out of the lists; the accountback screen restores it',
    ),
    async (request) => {
      await deleteAccount(deps, callerOf(request), request.body.userCode);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    USER.permissions,
    signedInDoc(
      requirePermission('PagePermission'),
      "A user's effective permissions: the route names of its role (the /permission/page screen)",
    ),
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
