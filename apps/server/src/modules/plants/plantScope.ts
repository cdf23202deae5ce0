import { sql, type SQL } from 'drizzle-orm';
import { ROLE } from '@solarops/contracts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { visibleUserIds } from '../users/dataScope.ts';

export type Caller = Pick<AuthContext, 'userId' | 'roleId' | 'dealercode'>;

/**
 * The plants `caller` may see (ARCHITECTURE §4), as a condition on the plant alias `pl`: those owned by a user in
 * the caller's scope or built by an installer in it. Everything else answers 404 (never reveal that it exists).
 */
export function plantScope(caller: Caller): SQL {
  const ids = visibleUserIds(caller);
  return ids ? sql`(pl.owner_id in ${ids} or pl.installer_id in ${ids})` : sql`true`;
}

/**
 * Whether the user of alias `u` sees the plant of id `plantId`: `plantScope` read from the plant's side, for a
 * list of users at once (who may take a work order on it). A user sees a plant when it sees all, or when the
 * plant's owner or installer is that user or one below it, or below an installer bound to its dealer code (a
 * distributor), the same teams `visibleUserIds` walks down.
 */
export function seesPlant(plantId: SQL | number): SQL {
  const above = sql`(with recursive up(id) as (
      select x from plants p, unnest(array[p.owner_id, p.installer_id]) as x where p.id = ${plantId} and x is not null
      union select u2.parent_id from users u2 join up on u2.id = up.id where u2.parent_id is not null
    ) select id from up)`;
  return sql`(u.role_id in (${ROLE.admin}, ${ROLE.staff}) or u.role_id > ${ROLE.enterprise} or u.id in ${above}
    or (u.role_id = ${ROLE.distributor} and u.dealercode is not null and exists (
      select 1 from users i where i.id in ${above} and i.role_id = ${ROLE.installer} and i.dealercode = u.dealercode)))`;
}
