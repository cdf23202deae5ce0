import { and, count, desc, eq } from 'drizzle-orm';
import { ROLE, type EnterpriseRow } from '@solarops/contracts';
import { conflict, notFound } from '../../http/AppError.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { hashPassword, randomPassword } from '../auth/passwords.ts';
import type { UserDeps } from './accountChecks.ts';
import { canSeeUser, inScope } from './dataScope.ts';
import { enterpriseRegistrations, users } from './tables.ts';

/** Enterprise registrations in the caller's scope, newest application first, by status. */
export async function listEnterprises(
  deps: UserDeps,
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
  deps: UserDeps,
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
