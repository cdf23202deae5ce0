import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ROLE, type CreateUserBody, type RouteName, type UserRow } from '@solarops/contracts';
import { conflict, fieldError, forbidden, notFound } from '../../http/AppError.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { hasPermission } from '../auth/guards.ts';
import { hashPassword, randomPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import { checkFree, checkPolicy, type UserDeps } from './accountChecks.ts';
import { canSeeUser } from './dataScope.ts';
import { childRoles, emailTaken, findUserRowByCode } from './queries.ts';
import { users } from './tables.ts';

/* Accounts managed from above: a parent or an administrator creates, changes, disables, deletes and resets the
   accounts below it, on the account screen of their role. */

/** The user `userCode` when it lies in the caller's scope and is not the caller; 404 otherwise. */
async function targetBelow(deps: UserDeps, caller: AuthContext, userCode: string) {
  const row = await findUserRowByCode(deps.db, caller, userCode);
  if (!row) throw notFound();
  if (row.userId === caller.userId) throw forbidden('cannotChangeSelf');
  return row;
}

/** Disables or enables a user below the caller; disabling ends its sessions (their next call gets 50012). */
export async function setEnabled(deps: UserDeps, caller: AuthContext, userCode: string, enabled: boolean) {
  const target = await targetBelow(deps, caller, userCode);
  checkScreenFor(caller, target.roleId, 'accountback');
  // Enabling also restores a deleted account (the accountback screen).
  await deps.db
    .update(users)
    .set({ enabled, ...(enabled ? { deletedAt: null } : {}), updatedAt: new Date() })
    .where(eq(users.id, target.userId));
  if (!enabled) await revokeUserSessions(deps.db, target.userId, 'disabled');
}

/** Deletes a user below the caller: disabled, its sessions ended, left out of the lists; `accountback` restores it. */
export async function deleteAccount(deps: UserDeps, caller: AuthContext, userCode: string) {
  const target = await targetBelow(deps, caller, userCode);
  checkScreenFor(caller, target.roleId);
  await deps.db
    .update(users)
    .set({ enabled: false, deletedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, target.userId));
  await revokeUserSessions(deps.db, target.userId, 'disabled');
}

/** An administrator or parent changes a user's email, phone or password; a new password ends its sessions. */
export async function updateAccount(
  deps: UserDeps,
  caller: AuthContext,
  form: {
    userCode: string;
    name?: string | undefined;
    dealercode?: string | undefined;
    email?: string | undefined;
    phone?: string | undefined;
    password?: string | undefined;
  },
) {
  const target = await targetBelow(deps, caller, form.userCode);
  checkScreenFor(caller, target.roleId);
  if (form.password) await checkPolicy(deps, 'password', form.password);
  if (form.dealercode !== undefined) {
    // Only an installer is bound to a distributor, and only to one that exists.
    if (target.roleId !== ROLE.installer) throw fieldError('dealercode', 'onlyInstallers');
    const [distributor] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleId, ROLE.distributor), eq(users.dealercode, form.dealercode)));
    if (!distributor) throw fieldError('dealercode', 'dealercodeUnknown');
  }
  if (form.email && (await emailTaken(deps.db, form.email, target.userId))) throw conflict('emailTaken');
  await deps.db
    .update(users)
    .set({
      ...(form.name ? { name: form.name } : {}),
      ...(form.dealercode ? { dealercode: form.dealercode } : {}),
      ...(form.email ? { email: form.email } : {}),
      ...(form.phone ? { phone: form.phone } : {}),
      ...(form.password
        ? { passwordHash: await hashPassword(form.password), failedLogins: 0, lockedUntil: null }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, target.userId));
  if (form.password) await revokeUserSessions(deps.db, target.userId, 'password');
}

/** Gives a user below the caller one of the roles the caller may give. */
export async function bindRole(deps: UserDeps, caller: AuthContext, userId: number, roleId: number) {
  const allowed = await childRoles(deps.db, caller);
  if (!allowed.some((r) => r.roleId === roleId)) throw fieldError('roleId', 'roleNotAllowed');
  if (userId === caller.userId) throw forbidden('cannotChangeSelf');
  if (!(await canSeeUser(deps.db, caller, userId))) throw notFound();
  await deps.db.update(users).set({ roleId, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The account screen that manages users of `roleId` (spec §2 /set): a caller needs it to create, reset or change
 * such a user. Staff roles created by administrators (ids above 6) are managed on the staff screen.
 */
export function screenOfRole(roleId: number): RouteName {
  switch (roleId) {
    case ROLE.distributor:
      return 'businessman';
    case ROLE.installer:
      return 'Install';
    case ROLE.endUser:
      return 'deviceuser';
    case ROLE.enterprise:
      return 'enterprise';
    default:
      return 'staff';
  }
}

/** 403 unless the caller holds the screen of the target's role (or `accountback`, where every account returns). */
export function checkScreenFor(caller: AuthContext, roleId: number, ...also: RouteName[]) {
  if (!hasPermission(caller, screenOfRole(roleId), ...also)) throw forbidden();
}

/** A fresh distributor code: `D` and eight hexadecimal capitals, retried on the rare clash. */
async function freeDealercode(deps: UserDeps): Promise<string> {
  for (;;) {
    const code = `D${randomBytes(4).toString('hex').toUpperCase()}`;
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleId, ROLE.distributor), eq(users.dealercode, code)));
    if (!taken) return code;
  }
}

async function mailInitialPassword(
  deps: UserDeps,
  to: string,
  userCode: string,
  password: string,
  reset: boolean,
) {
  await deps.mailer.send({
    to,
    subject: reset ? 'SolarOps 密码已重置 / password reset' : 'SolarOps 账号已创建 / account created',
    text:
      `${reset ? '您的账号密码已被管理员重置' : '已为您创建账号'}：${userCode}。初始密码：${password}\n` +
      '首次登录后请修改密码。\n\n' +
      `${reset ? 'The password of your account was reset' : 'An account was created for you'}: ${userCode}. ` +
      `Initial password: ${password}\nYou will be asked to change it at your first sign-in.\n`,
  });
}

/**
 * Creates a sub-account (ARCHITECTURE §4): a distributor creates installers, bound to its own dealer code, and end
 * users; an installer creates end users, which belong to it; administrators and staff create any role but
 * administrator. The new account belongs to its creator (parent), gets a random password by mail and must change
 * it at its first sign-in.
 */
export async function createSubAccount(
  deps: UserDeps,
  caller: AuthContext,
  body: CreateUserBody,
): Promise<UserRow> {
  checkScreenFor(caller, body.roleId);
  const allowed = await childRoles(deps.db, caller);
  if (!allowed.some((r) => r.roleId === body.roleId)) throw fieldError('roleId', 'roleNotAllowed');
  await checkFree(deps, body.userCode, body.email);
  let dealercode: string | null = null;
  if (body.roleId === ROLE.distributor) {
    dealercode = body.dealercode ?? (await freeDealercode(deps));
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleId, ROLE.distributor), eq(users.dealercode, dealercode)));
    if (taken) throw conflict('dealercodeTaken');
  } else if (body.roleId === ROLE.installer) {
    if (caller.roleId === ROLE.distributor) {
      // An installer created by a distributor works under that distributor's code, whatever the form said.
      dealercode = caller.dealercode;
    } else if (body.dealercode) {
      const [distributor] = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.roleId, ROLE.distributor), eq(users.dealercode, body.dealercode)));
      if (!distributor) throw fieldError('dealercode', 'dealercodeUnknown');
      dealercode = body.dealercode;
    }
  }
  const password = randomPassword();
  try {
    const [row] = await deps.db
      .insert(users)
      .values({
        userCode: body.userCode,
        name: body.name,
        email: body.email,
        phone: body.phone,
        passwordHash: await hashPassword(password),
        roleId: body.roleId,
        dealercode,
        parentId: caller.userId,
        status: 'active',
        firstLogin: true,
      })
      .returning({ id: users.id });
    await mailInitialPassword(deps, body.email, body.userCode, password, false);
    const created = await findUserRowByCode(deps.db, caller, body.userCode);
    if (!created || created.userId !== row!.id) throw notFound();
    return created;
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(body.roleId === ROLE.distributor ? 'dealercodeTaken' : 'userCodeTaken');
    throw err;
  }
}

/** Mails a user below the caller a new random password; its sessions end and it must change the password. */
export async function resetPassword(deps: UserDeps, caller: AuthContext, userCode: string) {
  const target = await targetBelow(deps, caller, userCode);
  checkScreenFor(caller, target.roleId);
  if (!target.email) throw fieldError('userCode', 'emailUnknown');
  const password = randomPassword();
  await deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      firstLogin: true,
      failedLogins: 0,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, target.userId));
  await revokeUserSessions(deps.db, target.userId, 'password');
  await mailInitialPassword(deps, target.email, target.userCode, password, true);
}
