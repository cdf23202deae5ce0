import { sql } from 'drizzle-orm';
import { COMMAND_LIMITS, type CommandKind } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';

/**
 * The two-person rule counts devices per change, not per request (decision 0024): a change of more than
 * `COMMAND_LIMITS.approvalAbove` devices waits for a second user, however many requests it is split into.
 *
 * "The same change" is one user sending the same command with the same values within an hour: the same kind
 * (a settings write from any screen, one device or many, is one kind), and the same parameters but for the
 * device's own register map (`profileId`, which differs by model while the values are one decision). Another
 * user's request is another person's decision; other values are another change; after an hour the change is
 * judged afresh (a day's routine of small changes is not one fleet-wide change).
 *
 * Only devices changed without a second person count: commands of a batch that waited for approval (approved,
 * rejected or still waiting) were seen by one, or never went out.
 */
export const CHANGE_WINDOW = sql`interval '1 hour'`;

/** The advisory lock (first key; the second is the author's id) under which one author's changes are counted. */
const CHANGE_LOCK = 0x50c4;

/**
 * Takes the author's change lock until the end of the transaction `tx`: two requests of one change made at once
 * are counted one after the other, so that a change split into parallel requests does not pass the rule either.
 */
export async function lockChangesOf(tx: Pick<Database, 'execute'>, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHANGE_LOCK}, ${userId})`);
}

/** Kinds that change nothing on the device (no second person ever) and the kinds that are one change together. */
const READS: readonly CommandKind[] = ['readSettings', 'debugRead'];
const SETTINGS_WRITES: readonly CommandKind[] = ['setting', 'batchMember'];

const sameKinds = (kind: CommandKind): readonly CommandKind[] =>
  SETTINGS_WRITES.includes(kind) ? SETTINGS_WRITES : [kind];

/** A command's parameters as the change knows them: without the device's own register map. */
export function changeParams(params: unknown): unknown {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return params;
  const { profileId: _profileId, ...rest } = params as Record<string, unknown>;
  return rest;
}

/**
 * How many devices `userId` changed with this change in the past hour without a second person, not counting the
 * request being made.
 */
export async function devicesOfChangeUnapproved(
  db: Database,
  o: { userId: number; kind: CommandKind; params: unknown },
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from commands c left join command_batches b on b.id = c.batch_id
      where c.created_by = ${o.userId} and c.created_at > now() - ${CHANGE_WINDOW}
        and c.kind = any(${sql.param([...sameKinds(o.kind)])}::text[])
        and (case when jsonb_typeof(c.params) = 'object' then c.params - 'profileId' else c.params end)
          = ${JSON.stringify(changeParams(o.params))}::jsonb
        and coalesce(b.needs_approval, 'no') = 'no'`,
  );
  return row?.n ?? 0;
}

/**
 * Whether a request of `devices` devices must wait for a second user: its change, with what the same user sent
 * of it within the hour, passes the threshold. A read never waits.
 */
export async function changeNeedsApproval(
  db: Database,
  o: { userId: number; kind: CommandKind; params: unknown; devices: number },
): Promise<boolean> {
  if (READS.includes(o.kind)) return false;
  if (o.devices > COMMAND_LIMITS.approvalAbove) return true;
  return (await devicesOfChangeUnapproved(db, o)) + o.devices > COMMAND_LIMITS.approvalAbove;
}
