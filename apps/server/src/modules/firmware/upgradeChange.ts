import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { CHANGE_WINDOW } from '../commands/index.ts';

/**
 * The two-person rule for firmware counts devices per change, not per request (decision 0024): "the change" is
 * one user putting one package on devices within an hour, by rollouts and one-device upgrades together. This is
 * how many devices it reached in the past hour without a second person: the devices of its rollouts that never
 * waited for approval (a cancelled one's devices that started only), and its one-device upgrades.
 */
export async function packageDevicesUnapproved(
  db: Database,
  o: { userId: number; packageId: number },
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select
      (select count(*) from firmware_rollout_devices rd join firmware_rollouts r on r.id = rd.rollout_id
        where r.created_by = ${o.userId} and r.package_id = ${o.packageId}
          and r.created_at > now() - ${CHANGE_WINDOW} and r.approved_by is null
          and (r.state not in ('awaitingApproval', 'cancelled') or rd.command_id is not null))::int
      + (select count(*) from commands c
        where c.kind = 'upgrade' and c.created_by = ${o.userId} and c.created_at > now() - ${CHANGE_WINDOW}
          and (c.params->>'packageId')::int = ${o.packageId}
          and not exists (select 1 from firmware_rollout_devices rd where rd.command_id = c.id))::int as n`,
  );
  return row?.n ?? 0;
}
