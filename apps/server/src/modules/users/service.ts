import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  AVATAR_MAX_BYTES,
  ROLE,
  type CreateUserBody,
  type EnterpriseRegisterBody,
  type EnterpriseRow,
  type RouteName,
  type UserRow,
  type TerminalRegisterBody,
  type UploadedFile,
} from '@solarops/contracts';
import type { AppDeps } from '../../http/deps.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../http/AppError.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { consumeEmailCode } from '../auth/emailCodes.ts';
import { hasPermission } from '../auth/guards.ts';
import { loadSettings } from '../system/consoleSettings.ts';
import { hashPassword, randomPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { canSeeUser, inScope } from './dataScope.ts';
import { childRoles, emailTaken, findUserRowByCode, userCodeTaken } from './queries.ts';
import { enterpriseRegistrations, users } from './tables.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'signingKey'>;

/** 400 on `field` unless `password` meets the password policy of the system screen. */
async function checkPolicy(deps: Deps, field: string, password: string) {
  const { passwordPolicy: p } = await loadSettings(deps.db, deps.config);
  const key: MessageKey | undefined =
    password.length < p.minLength
      ? 'passwordTooShort'
      : p.requireDigit && !/\d/.test(password)
        ? 'passwordNeedsDigit'
        : p.requireLetter && !/[A-Za-z]/.test(password)
          ? 'passwordNeedsLetter'
          : p.requireSymbol && !/[^A-Za-z0-9]/.test(password)
            ? 'passwordNeedsSymbol'
            : undefined;
  if (key)
    throw new AppError(400, 'validationFailed', {
      fieldErrors: [{ field, key, params: { min: p.minLength } }],
    });
}

/** The user `userCode` when it lies in the caller's scope and is not the caller; 404 otherwise. */
async function targetBelow(deps: Deps, caller: AuthContext, userCode: string) {
  const row = await findUserRowByCode(deps.db, caller, userCode);
  if (!row) throw notFound();
  if (row.userId === caller.userId) throw forbidden('cannotChangeSelf');
  return row;
}

/** First-login (or any) password change by the user: other sessions end with 50012, this one continues. */
export async function changeOwnPassword(
  deps: Deps,
  caller: AuthContext,
  oldPassword: string,
  newPassword: string,
) {
  const [u] = await deps.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!u || !(await verifyPassword(oldPassword, u.hash))) throw fieldError('oldPassword', 'wrongOldPassword');
  if (oldPassword === newPassword) throw fieldError('newPassword', 'samePassword');
  await checkPolicy(deps, 'newPassword', newPassword);
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), firstLogin: false, updatedAt: new Date() })
    .where(eq(users.id, caller.userId));
  await revokeUserSessions(deps.db, caller.userId, 'password', caller.sid);
}

export async function updateProfile(
  deps: Deps,
  caller: AuthContext,
  form: {
    name?: string | undefined;
    email?: string | undefined;
    phone?: string | undefined;
    introduction?: string | undefined;
  },
) {
  if (form.email && (await emailTaken(deps.db, form.email, caller.userId))) throw conflict('emailTaken');
  const set = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined));
  await deps.db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, caller.userId));
}

const IMAGE_TYPES: { ext: string; test: (b: Uint8Array) => boolean }[] = [
  { ext: 'png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    test: (b) =>
      Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
      Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP',
  },
];

/** Stores an avatar image under FILES_DIR/avatars; the type is read from the bytes, not from the client's claim. */
export async function saveAvatar(deps: Deps, caller: AuthContext, file: UploadedFile): Promise<string> {
  if (file.data.length > AVATAR_MAX_BYTES) throw new AppError(413, 'payloadTooLarge');
  const type = IMAGE_TYPES.find((t) => t.test(file.data));
  if (!type) throw fieldError('file', 'fileType');
  const name = `${caller.userId}-${randomBytes(8).toString('hex')}.${type.ext}`;
  const dir = path.join(deps.config.filesDir, 'avatars');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), file.data);
  const avatar = `/prod-api/files/avatars/${name}`;
  await deps.db.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.id, caller.userId));
  return avatar;
}

/** Disables or enables a user below the caller; disabling ends its sessions (their next call gets 50012). */
export async function setEnabled(deps: Deps, caller: AuthContext, userCode: string, enabled: boolean) {
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
export async function deleteAccount(deps: Deps, caller: AuthContext, userCode: string) {
  const target = await targetBelow(deps, caller, userCode);
  checkScreenFor(caller, target.roleId);
  await deps.db
    .update(users)
    .set({ enabled: false, deletedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, target.userId));
  await revokeUserSessions(deps.db, target.userId, 'disabled');
}

/** An installer binds itself to the distributor that owns `dealercode`. */
export async function bindDealercode(deps: Deps, caller: AuthContext, dealercode: string) {
  if (caller.roleId !== ROLE.installer) throw forbidden('onlyInstallers');
  const [distributor] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.roleId, ROLE.distributor), eq(users.dealercode, dealercode), eq(users.enabled, true)),
    );
  if (!distributor) throw fieldError('dealercode', 'dealercodeUnknown');
  await deps.db.update(users).set({ dealercode, updatedAt: new Date() }).where(eq(users.id, caller.userId));
}

/** An administrator or parent changes a user's email, phone or password; a new password ends its sessions. */
export async function updateAccount(
  deps: Deps,
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

/** Resets the password of the account using `email`, proven by the emailed code. */
export async function forgetPassword(deps: Deps, form: { code: string; email: string; password: string }) {
  await checkPolicy(deps, 'password', form.password);
  await consumeEmailCode(deps.db, deps.signingKey, form.email, form.code);
  const targets = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, form.email));
  if (targets.length === 0) throw fieldError('email', 'emailUnknown');
  const passwordHash = await hashPassword(form.password);
  for (const t of targets) {
    await deps.db
      .update(users)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
      .where(eq(users.id, t.id));
    await revokeUserSessions(deps.db, t.id, 'password');
  }
}

/** Gives a user below the caller one of the roles the caller may give. */
export async function bindRole(deps: Deps, caller: AuthContext, userId: number, roleId: number) {
  const allowed = await childRoles(deps.db, caller);
  if (!allowed.some((r) => r.roleId === roleId)) throw fieldError('roleId', 'roleNotAllowed');
  if (userId === caller.userId) throw forbidden('cannotChangeSelf');
  if (!(await canSeeUser(deps.db, caller, userId))) throw notFound();
  await deps.db.update(users).set({ roleId, updatedAt: new Date() }).where(eq(users.id, userId));
}

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' ||
    (err as { cause?: { code?: string } }).cause?.code === '23505');

/** Name and address must be free before a code is spent on them. */
async function checkFree(deps: Deps, userCode: string, email: string) {
  if (await userCodeTaken(deps.db, userCode)) throw conflict('userCodeTaken');
  if (await emailTaken(deps.db, email)) throw conflict('emailTaken');
}

/** A personal (end user) account, active at once. */
export async function registerTerminal(deps: Deps, body: TerminalRegisterBody) {
  await checkPolicy(deps, 'password', body.password);
  await checkFree(deps, body.userCode, body.email);
  await consumeEmailCode(deps.db, deps.signingKey, body.email, body.code);
  try {
    await deps.db.insert(users).values({
      userCode: body.userCode,
      name: body.name,
      email: body.email,
      phone: body.phone,
      passwordHash: await hashPassword(body.password),
      roleId: ROLE.endUser,
      status: 'active',
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('userCodeTaken');
    throw err;
  }
}

/** An enterprise account, pending authentication; it has no usable password until it is approved. */
export async function registerEnterprise(deps: Deps, body: EnterpriseRegisterBody) {
  await checkFree(deps, body.userCode, body.email);
  await consumeEmailCode(deps.db, deps.signingKey, body.email, body.code);
  const unusable = await hashPassword(randomBytes(32).toString('base64'));
  try {
    await deps.db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          userCode: body.userCode,
          name: body.contactName,
          email: body.email,
          phone: body.phone,
          passwordHash: unusable,
          roleId: ROLE.enterprise,
          status: 'pending',
        })
        .returning({ id: users.id });
      await tx.insert(enterpriseRegistrations).values({
        userId: u!.id,
        companyName: body.companyName,
        creditCode: body.creditCode,
        contactName: body.contactName,
        address: body.address,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('userCodeTaken');
    throw err;
  }
}

export async function listEnterprises(
  deps: Deps,
  caller: AuthContext,
  status: 'active' | 'pending' | 'refused' | undefined,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: EnterpriseRow[] }> {
  const where = and(status ? eq(users.status, status) : undefined, inScope(caller, users.id));
  const base = deps.db
    .select({ n: count() })
    .from(enterpriseRegistrations)
    .innerJoin(users, eq(users.id, enterpriseRegistrations.userId))
    .where(where);
  const [total] = await base;
  const rows = await deps.db
    .select({
      userId: users.id,
      userCode: users.userCode,
      companyName: enterpriseRegistrations.companyName,
      creditCode: enterpriseRegistrations.creditCode,
      contactName: enterpriseRegistrations.contactName,
      email: users.email,
      phone: users.phone,
      status: users.status,
      enabled: users.enabled,
      appliedAt: enterpriseRegistrations.appliedAt,
      auditNotes: enterpriseRegistrations.auditNotes,
      examiner: enterpriseRegistrations.examiner,
      auditedAt: enterpriseRegistrations.auditedAt,
    })
    .from(enterpriseRegistrations)
    .innerJoin(users, eq(users.id, enterpriseRegistrations.userId))
    .where(where)
    .orderBy(desc(enterpriseRegistrations.appliedAt), desc(users.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      ...r,
      appliedAt: r.appliedAt.toISOString(),
      auditedAt: r.auditedAt ? r.auditedAt.toISOString() : null,
    })),
  };
}

/**
 * Approves (active, a random initial password mailed, firstLogin set) or refuses a pending enterprise account;
 * the notes, examiner and audit time are recorded either way.
 */
export async function auditEnterprise(
  deps: Deps,
  caller: AuthContext,
  body: { userId: number; approve: boolean; notes: string },
) {
  if (!(await canSeeUser(deps.db, caller, body.userId))) throw notFound();
  const password = body.approve ? randomPassword() : undefined;
  const passwordHash = password ? await hashPassword(password) : undefined;
  const target = await deps.db.transaction(async (tx) => {
    const [u] = await tx
      .update(users)
      .set({
        status: body.approve ? 'active' : 'refused',
        ...(passwordHash ? { passwordHash, firstLogin: true } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, body.userId), eq(users.roleId, ROLE.enterprise), eq(users.status, 'pending')))
      .returning({ email: users.email, userCode: users.userCode });
    if (!u) return undefined;
    await tx
      .update(enterpriseRegistrations)
      .set({ auditNotes: body.notes, examiner: caller.userCode, auditedAt: new Date() })
      .where(eq(enterpriseRegistrations.userId, body.userId));
    return u;
  });
  if (!target) {
    const [exists] = await deps.db
      .select({ id: enterpriseRegistrations.userId })
      .from(enterpriseRegistrations)
      .where(eq(enterpriseRegistrations.userId, body.userId));
    throw exists ? conflict('notPending') : notFound();
  }
  if (!target.email) return;
  await deps.mailer.send(
    password
      ? {
          to: target.email,
          subject: 'SolarOps 企业账号审核通过 / enterprise account approved',
          text:
            `您的企业账号 ${target.userCode} 已审核通过。初始密码：${password}\n首次登录后请修改密码。\n\n` +
            `Your enterprise account ${target.userCode} was approved. Initial password: ${password}\n` +
            'You will be asked to change it at your first sign-in.\n',
        }
      : {
          to: target.email,
          subject: 'SolarOps 企业账号审核未通过 / enterprise account refused',
          text:
            `您的企业账号 ${target.userCode} 审核未通过。${body.notes ? `意见：${body.notes}` : ''}\n\n` +
            `Your enterprise account ${target.userCode} was refused.${body.notes ? ` Notes: ${body.notes}` : ''}\n`,
        },
  );
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
async function freeDealercode(deps: Deps): Promise<string> {
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
  deps: Deps,
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
  deps: Deps,
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
export async function resetPassword(deps: Deps, caller: AuthContext, userCode: string) {
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
