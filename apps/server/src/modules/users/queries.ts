import { and, count, desc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLE, type UserInfo, type UserRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { inScope } from './dataScope.ts';
import { roles, users } from './tables.ts';
import { escapeLike } from '../../db/escapeLike.ts';

const parent = alias(users, 'parent');

const rowColumns = {
  userId: users.id,
  userCode: users.userCode,
  name: users.name,
  email: users.email,
  phone: users.phone,
  roleId: users.roleId,
  roleName: roles.name,
  dealercode: users.dealercode,
  parentUserCode: parent.userCode,
  enabled: users.enabled,
  deletedAt: users.deletedAt,
  status: users.status,
  firstLogin: users.firstLogin,
  createdAt: users.createdAt,
};

const toRow = ({
  deletedAt,
  ...r
}: Omit<UserRow, 'createdAt' | 'deleted'> & { createdAt: Date; deletedAt: Date | null }): UserRow => ({
  ...r,
  deleted: deletedAt !== null,
  createdAt: r.createdAt.toISOString(),
});

/** A user by login name (case-insensitive), as lists show it, if it lies in the caller's scope. */
export async function findUserRowByCode(
  db: Database,
  caller: AuthContext,
  userCode: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(parent, eq(parent.id, users.parentId))
    .where(and(eq(sql`lower(${users.userCode})`, userCode.toLowerCase()), inScope(caller, users.id)));
  return row ? toRow(row) : undefined;
}

export interface UserFilter {
  userCode?: string | undefined;
  roleId?: number | undefined;
  roleIds?: number[] | undefined;
  enabled?: boolean | undefined;
  withDeleted?: boolean | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

/** The users below the caller (never the caller itself), newest first, filtered and paged. */
export async function listUsersBelow(
  db: Database,
  caller: AuthContext,
  filter: UserFilter,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: UserRow[] }> {
  const conditions: (SQL | undefined)[] = [
    ne(users.id, caller.userId),
    inScope(caller, users.id),
    filter.userCode ? ilike(users.userCode, `%${escapeLike(filter.userCode)}%`) : undefined,
    filter.roleId !== undefined ? eq(users.roleId, filter.roleId) : undefined,
    filter.roleIds ? inArray(users.roleId, filter.roleIds) : undefined,
    filter.enabled !== undefined ? eq(users.enabled, filter.enabled) : undefined,
    filter.withDeleted ? undefined : isNull(users.deletedAt),
    filter.email ? ilike(users.email, `%${escapeLike(filter.email)}%`) : undefined,
    filter.phone ? ilike(users.phone, `%${escapeLike(filter.phone)}%`) : undefined,
  ];
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select(rowColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(parent, eq(parent.id, users.parentId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total: totalRow?.n ?? 0, rows: rows.map(toRow) };
}

/** The signed-in user's own information (`GET /user/manager/info`). */
export async function loadUserInfo(db: Database, userId: number): Promise<UserInfo | undefined> {
  const [u] = await db
    .select({
      userId: users.id,
      userCode: users.userCode,
      name: users.name,
      avatar: users.avatar,
      introduction: users.introduction,
      email: users.email,
      phone: users.phone,
      roleId: users.roleId,
      roleName: roles.name,
      dealercode: users.dealercode,
      firstLogin: users.firstLogin,
      menuList: roles.menuList,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  // roles is always ['admin']: the console filters routes by menuList, never by role (spec §6).
  return u ? { ...u, roles: ['admin'] } : undefined;
}

/** Whether another account than `exceptUserId` already uses `email`. */
export async function emailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptUserId !== undefined ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function userCodeTaken(db: Database, userCode: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.userCode})`, userCode.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

/**
 * The roles `caller` may give to the users it creates: administrators and staff any role but administrator; a
 * distributor installers and end users; an installer end users; others none.
 */
export async function childRoles(db: Database, caller: Pick<AuthContext, 'roleId'>) {
  const all = await db
    .select({ roleId: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .orderBy(roles.id);
  const allowed = (id: number) => {
    if (caller.roleId === ROLE.admin) return id !== ROLE.admin;
    if (caller.roleId === ROLE.staff || caller.roleId > ROLE.enterprise)
      return id !== ROLE.admin && id !== ROLE.staff && id <= ROLE.enterprise;
    if (caller.roleId === ROLE.distributor) return id === ROLE.installer || id === ROLE.endUser;
    if (caller.roleId === ROLE.installer) return id === ROLE.endUser;
    return false;
  };
  return all.filter((r) => allowed(r.roleId));
}
