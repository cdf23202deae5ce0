import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ROLE, seesAll } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { users } from './tables.ts';

type Caller = Pick<AuthContext, 'userId' | 'roleId' | 'dealercode'>;

/** Administrators and staff see everything (ARCHITECTURE §4); the rule lives in the contracts for the console too. */
export { seesAll };

/**
 * The ids of the users whose data `caller` may see, as a SQL subquery, or undefined when the caller sees all:
 * - a distributor: itself, the installers bound to its dealer code, and every user below them or below itself;
 * - an installer: itself and every user it created (and theirs);
 * - an end user or enterprise: itself.
 */
export function visibleUserIds(caller: Caller): SQL | undefined {
  if (seesAll(caller)) return undefined;
  if (caller.roleId === ROLE.endUser || caller.roleId === ROLE.enterprise) {
    return sql`(select ${sql.raw(String(caller.userId))}::integer)`;
  }
  const bound =
    caller.roleId === ROLE.distributor && caller.dealercode
      ? sql`union select u.id from users u where u.role_id = ${ROLE.installer} and u.dealercode = ${caller.dealercode}`
      : sql``;
  return sql`(with recursive team(id) as (
      select ${caller.userId}::integer ${bound}
      union select u.id from users u join team on u.parent_id = team.id
    ) select id from team)`;
}

/**
 * A where-condition keeping rows whose owner column lies in the caller's scope (undefined: no restriction).
 * Plants, devices and alarms use it with their owner column: `where(and(..., inScope(caller, plants.ownerId)))`.
 */
export function inScope(caller: Caller, ownerColumn: SQLWrapper): SQL | undefined {
  const ids = visibleUserIds(caller);
  return ids ? sql`${ownerColumn} in ${ids}` : undefined;
}

/** Whether the caller may see user `userId` (details of another tenant's user answer 404). */
export async function canSeeUser(db: Database, caller: Caller, userId: number): Promise<boolean> {
  const cond = inScope(caller, users.id);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(cond ? sql`${eq(users.id, userId)} and ${cond}` : eq(users.id, userId));
  return rows.length > 0;
}
