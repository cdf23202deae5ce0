import { sql, type SQL } from 'drizzle-orm';
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
