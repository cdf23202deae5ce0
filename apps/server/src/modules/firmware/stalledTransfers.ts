import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { CommandCenter } from '../commands/index.ts';
import type { UpgradeResult } from './transfer.ts';

/**
 * A download whose device has not asked for a chunk this long, while its collector is online, is started again
 * [ms]. A device asks again for what did not come every few seconds (docs/device-protocol.md "Firmware upgrade"),
 * and its last word is stored at least every minute (`HEARD_EVERY_MS`): ten minutes of silence is no slow link.
 */
export const STALLED_AFTER_MS = 10 * 60_000;

/** Starts sent again to a silent device before its upgrade fails as `stalled`. */
export const RESTARTS_BEFORE_FAILING = 3;

/**
 * Finds the downloads that stopped: an acknowledged upgrade still `downloading` (or not yet asking) whose device
 * was silent for `STALLED_AFTER_MS` while its collector is online — it lost the transfer (swapped, reset, its
 * flash wiped) or never got the start. Each is started again: the same start message, which a device that kept
 * its chunks answers by going on from them and one that lost them by starting over. One still silent after
 * `RESTARTS_BEFORE_FAILING` starts fails (reason `stalled`), so that its rollout counts it and goes on, rather
 * than showing it half-way until its time-to-live ends days later. `now` is the job's clock (tests move it).
 */
export async function restartStalledTransfers(
  deps: { db: Database; commandCenter: CommandCenter },
  now: Date = new Date(),
): Promise<{ restarted: number; failed: number }> {
  const silentSince = new Date(now.getTime() - STALLED_AFTER_MS).toISOString();
  const stalled = await rowsOf<{ id: string; restarts: number }>(
    deps.db,
    sql`select c.id, coalesce((c.result->>'restarts')::int, 0) as restarts
      from commands c
      where c.kind = 'upgrade' and c.state = 'acked'
        and coalesce(c.result->>'stage', 'downloading') = 'downloading'
        and c.expires_at > ${now.toISOString()}::timestamptz
        and greatest(c.acked_at, (c.result->>'heardAt')::timestamptz, (c.result->>'restartedAt')::timestamptz)
          < ${silentSince}::timestamptz
        and exists (select 1 from collectors co where co.serial = c.collector_serial and co.online)
      order by c.acked_at limit 500`,
  );
  const giveUp = stalled.filter((s) => s.restarts >= RESTARTS_BEFORE_FAILING).map((s) => s.id);
  let restarted = 0;
  for (const s of stalled) {
    if (s.restarts >= RESTARTS_BEFORE_FAILING) continue;
    const c = await deps.commandCenter.openCommand(s.id);
    if (!c) continue;
    // Stored before it goes: the device's first answer then counts the restarts afresh, not the other way round.
    const mark: Partial<UpgradeResult> = { restarts: s.restarts + 1, restartedAt: now.toISOString() };
    if (!(await deps.commandCenter.storeResult(c.id, mark))) continue;
    if (await deps.commandCenter.sendAgain(c)) restarted += 1;
  }
  const failed = await deps.commandCenter.failAcked(giveUp, 'stalled');
  return { restarted, failed: failed.length };
}
