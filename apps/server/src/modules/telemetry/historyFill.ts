import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf, type Transaction } from '../../db/rowsOf.ts';

/** A plant whose history is being written after the fact (table `history_fill`). */
export interface HistoryFill {
  plantId: number;
  /** The readings span being filled, `[fromMs, toMs]` [ms]. */
  fromMs: number;
  toMs: number;
  /** Everything from here to `toMs` is written [ms]. */
  filledFromMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Marks the plants' history as being filled over `[fromMs, toMs]`, nothing of it written yet. A plant already
 * marked keeps its row (a second call changes nothing).
 */
export async function beginHistoryFill(
  db: Database,
  plantIds: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<void> {
  if (plantIds.length === 0) return;
  await db.execute(sql`insert into history_fill (plant_id, from_at, to_at, filled_from)
    select id, ${iso(fromMs)}::timestamptz, ${iso(toMs)}::timestamptz, ${iso(toMs)}::timestamptz
    from unnest(${sql.param([...plantIds])}::int[]) as k(id)
    on conflict (plant_id) do nothing`);
}

/** Everything of the plant from `fromMs` on is written (called in the transaction that wrote it). */
export async function markFilledFrom(tx: Transaction | Database, plantId: number, fromMs: number) {
  await tx.execute(sql`update history_fill set filled_from = least(filled_from, ${iso(fromMs)}::timestamptz)
    where plant_id = ${plantId}`);
}

/** The plant's whole history is written (called in the transaction that wrote its last part). */
export async function markHistoryComplete(tx: Transaction | Database, plantId: number) {
  await tx.execute(sql`update history_fill set completed_at = now() where plant_id = ${plantId}`);
}

/** The fills not yet complete (a restart resumes them). */
export async function unfinishedHistoryFills(db: Database): Promise<HistoryFill[]> {
  const rows = await rowsOf<{ plant_id: number; from_ms: number; to_ms: number; filled_ms: number }>(
    db,
    sql`select plant_id, extract(epoch from from_at) * 1000 as from_ms, extract(epoch from to_at) * 1000 as to_ms,
        extract(epoch from filled_from) * 1000 as filled_ms
      from history_fill where completed_at is null order by plant_id`,
  );
  return rows.map((r) => ({
    plantId: r.plant_id,
    fromMs: Number(r.from_ms),
    toMs: Number(r.to_ms),
    filledFromMs: Number(r.filled_ms),
  }));
}

/**
 * Whether a chart of the plant over a range starting at `startMs` still misses history being written: the range
 * starts before what is written so far, and the plant's history is not complete. A range that starts after the
 * filled span (the live part) misses nothing.
 */
export async function historyLoading(db: Database, plantId: number, startMs: number): Promise<boolean> {
  const rows = await rowsOf<{ loading: boolean }>(
    db,
    sql`select true as loading from history_fill
      where plant_id = ${plantId} and completed_at is null and ${iso(startMs)}::timestamptz < filled_from
        and ${iso(startMs)}::timestamptz < to_at`,
  );
  return rows.length > 0;
}

/**
 * Whether a chart over several plants (`plantIds`: a query of their ids) over a range starting at `startMs` still
 * misses history being written: `historyLoading` of any of them.
 */
export async function plantsHistoryLoading(db: Database, plantIds: SQL, startMs: number): Promise<boolean> {
  const rows = await rowsOf<{ loading: boolean }>(
    db,
    sql`select true as loading from history_fill
      where completed_at is null and ${iso(startMs)}::timestamptz < filled_from
        and ${iso(startMs)}::timestamptz < to_at and plant_id in (${plantIds})
      limit 1`,
  );
  return rows.length > 0;
}
