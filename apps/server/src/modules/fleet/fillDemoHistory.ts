import { sql } from 'drizzle-orm';
import { backfillPlants, toProtocolReading } from '@solarops/simulator/fleet';
import type { Database } from '../../db/openDatabase.ts';
import { localDay, localDayStartMs, nextDay } from '../../time/localDay.ts';
import { markFilledFrom, markHistoryComplete } from '../telemetry/historyFill.ts';
import { COLUMN_LIST, UPDATE_FROM_EXCLUDED, readingLine, selectLines } from '../telemetry/readingLines.ts';
import { recomputeDays, type DirtyDay } from '../telemetry/rollups.ts';
import { writeDailyEnergy } from './backfillDailyEnergy.ts';
import type { DemoDeviceIds, DemoHistoryPlan, HistoryChunk } from './planDemoHistory.ts';

/** Rows per INSERT of the history. */
const ROWS_PER_INSERT = 8000;

export interface FillOptions {
  /** Per plant database id: everything from this instant on is written already (a resumed fill) [ms]. */
  filledFromMs?: ReadonlyMap<number, number>;
  /** Plants (database ids) whose history is complete already: nothing of theirs is written. */
  complete?: ReadonlySet<number>;
  /** A pause after each transaction, so that a busy machine's users come first [ms]. Default 0 (a yield). */
  pauseMs?: number;
  /** Aborted: the fill stops before its next transaction, its pause cut short (it resumes at the next start). */
  signal?: AbortSignal;
  /** Plants whose days' rollups are written in one transaction (default PLANTS_PER_GROUP). */
  plantsPerGroup?: number;
  /** Told after a plant's day's readings are written, before their rollups are. */
  onReadings?: (chunk: HistoryChunk) => void;
  /** Told after a plant's day is written with its rollups (charts count it from then on). */
  onChunk?: (chunk: HistoryChunk) => void;
}

/** Plants whose day's rollups are recomputed in one transaction: the rollups cost per query, not per device. */
const PLANTS_PER_GROUP = 10;

/**
 * Writes the planned history in small transactions, newest first: every plant's latest local day, then every
 * plant's day before, back to the span's start; then each plant's daily energy since its build date. The plants
 * go in groups (`plantsPerGroup`): each plant's day's readings in a transaction of their own, then one transaction
 * for the group that recomputes the energy rollups of those days and of the days after (whose first interval
 * starts in them) and moves each plant's `filled_from` back to its day's start. A chart counts a day as written
 * only once its rollups are (telemetry/historyFill.ts); a stop anywhere, even between a day's readings and its
 * rollups, resumes at the first day whose rollups are missing: its readings are written again (the duplicates
 * skipped) and the rollups computed from everything stored. Returns the readings written.
 */
export async function fillDemoHistory(
  db: Database,
  plan: DemoHistoryPlan,
  deviceIds: DemoDeviceIds,
  fill: FillOptions = {},
): Promise<number> {
  const receivedIso = new Date(plan.toMs).toISOString();
  const plantIdOf = (chunk: HistoryChunk) => deviceIds.get(chunk.plant.devices[0]!.serial)?.plantId;
  const pause = () =>
    new Promise<void>((resolve) => {
      if (!fill.pauseMs) return setImmediate(resolve);
      const done = () => {
        clearTimeout(timer);
        fill.signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, fill.pauseMs);
      fill.signal?.addEventListener('abort', done);
    });
  const lists = [...plan.chunks.values()];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  const perGroup = fill.plantsPerGroup ?? PLANTS_PER_GROUP;
  let readings = 0;
  for (let k = 1; k <= longest; k++) {
    // This round's day of every plant that still misses it.
    const round: { chunk: HistoryChunk; plantId: number }[] = [];
    for (const list of lists) {
      const chunk = list[list.length - k];
      if (!chunk) continue;
      const plantId = plantIdOf(chunk);
      if (plantId === undefined || fill.complete?.has(plantId)) continue;
      if (chunk.fromMs >= (fill.filledFromMs?.get(plantId) ?? Infinity)) continue;
      round.push({ chunk, plantId });
    }
    for (let g = 0; g < round.length; g += perGroup) {
      const group = round.slice(g, g + perGroup);
      const rollups: DirtyDay[] = [];
      for (const { chunk, plantId } of group) {
        if (fill.signal?.aborted) return readings;
        const written = await retried(() => writeReadings(db, plan, chunk, deviceIds, receivedIso), pause);
        readings += written.readings;
        rollups.push(...daysToRecompute(plan, chunk, plantId, written.devices));
        fill.onReadings?.(chunk);
        await pause();
      }
      if (fill.signal?.aborted) return readings;
      await retried(
        () =>
          db.transaction(async (tx) => {
            await recomputeDays(tx, rollups);
            for (const { chunk, plantId } of group) await markFilledFrom(tx, plantId, chunk.fromMs);
          }),
        pause,
      );
      for (const { chunk } of group) fill.onChunk?.(chunk);
      await pause();
    }
  }
  for (const list of lists) {
    const plantId = list[0] && plantIdOf(list[0]);
    if (plantId === undefined || fill.complete?.has(plantId)) continue;
    if (fill.signal?.aborted) return readings;
    await retried(
      () =>
        db.transaction(async (tx) => {
          await writeDailyEnergy(tx, list[0]!.plant, deviceIds, plan.fromMs);
          await markHistoryComplete(tx, plantId);
        }),
      pause,
    );
    await pause();
  }
  return readings;
}

/** Tries a transaction again after a failure: another writer of the same days' rollups may take it as a deadlock. */
async function retried<T>(
  transaction: () => Promise<T>,
  pause: () => Promise<void>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      if (attempt >= attempts) throw err;
      await pause();
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/** Generates one plant's day again from its state before, and writes its readings in one transaction. */
async function writeReadings(
  db: Database,
  plan: DemoHistoryPlan,
  chunk: HistoryChunk,
  deviceIds: DemoDeviceIds,
  receivedIso: string,
): Promise<{ readings: number; devices: Set<number> }> {
  const lines: string[] = [];
  const latest = new Map<number, string>();
  const devices = new Set<number>();
  backfillPlants(
    [chunk.plant],
    chunk.fromMs,
    chunk.toMs,
    plan.stepMs,
    (_p, readings) => {
      for (const r of readings) {
        const ids = deviceIds.get(r.serial);
        if (!ids) continue;
        const reading = toProtocolReading(r);
        const line = readingLine(ids, reading, new Date(reading.ts).toISOString(), receivedIso);
        lines.push(line);
        latest.set(ids.id, line);
        devices.add(ids.id);
      }
    },
    { ...plan.options, states: { [chunk.plant.id]: structuredClone(chunk.before) } },
  );
  await db.transaction(async (tx) => {
    for (let i = 0; i < lines.length; i += ROWS_PER_INSERT) {
      await tx.execute(
        sql`insert into telemetry (${sql.raw(COLUMN_LIST)}) ${selectLines(lines.slice(i, i + ROWS_PER_INSERT))}
          on conflict do nothing`,
      );
    }
    // The live fleet's newer readings stay the latest; a device silent since keeps the history's last one.
    if (latest.size > 0)
      await tx.execute(sql`insert into device_latest (${sql.raw(COLUMN_LIST)}) ${selectLines([...latest.values()])}
        on conflict (device_id) do update set ${sql.raw(UPDATE_FROM_EXCLUDED)} where device_latest.ts < excluded.ts`);
  });
  return { readings: lines.length, devices };
}

/** The device days a written chunk changes: its day, and the day after when it is in the span (its first
 * interval's energy starts in this one). */
function daysToRecompute(
  plan: DemoHistoryPlan,
  chunk: HistoryChunk,
  plantId: number,
  devices: ReadonlySet<number>,
): DirtyDay[] {
  const zone = chunk.plant.timeZone;
  const days = [localDay(zone, chunk.fromMs)];
  const after = nextDay(days[0]!);
  if (localDayStartMs(zone, after) <= plan.toMs) days.push(after);
  return [...devices].flatMap((deviceId) => days.map((day) => ({ deviceId, plantId, day })));
}
