/**
 * A report's readings read in pieces, one after another. The embedded database runs one query at a time: one query
 * over a year of a scope's readings held it for as long as the whole report took, and every other request (the
 * ingest, `/health`, a plant list) waited behind it. Cut into pieces of about a hundred device-days, each waits at
 * most for one piece; the report costs the same work, plus a little per piece (a piece of 100 device-days is
 * 28 800 readings at one every 5 minutes). The pieces are background statements (`db/backgroundWork.ts`): a piece
 * is sent only when no other request's statement is waiting, so a request of several statements waits for one
 * piece in all, not one per statement.
 */
import { inBackground } from '../../db/backgroundWork.ts';
import { nextDay } from '../../time/localDay.ts';

/** Device-days one piece reads at most (a plant with more devices reads one day per piece). */
export const PIECE_DEVICE_DAYS = 100;
/** The longest span of days of one piece. */
const MAX_SPAN_DAYS = 31;

/** Plants whose readings one query reads, over local days `from`..`to`. */
export interface ReportPiece<P> {
  plants: P[];
  from: string;
  to: string;
}

type Counted = { inverters: number; stations: number };
/** Devices whose readings a report reads for a plant; at least one, so that every plant counts for something. */
const devicesOf = (p: Counted) => Math.max(1, p.inverters + p.stations);

/**
 * The pieces of a report over `plants` and local days `from`..`to`: the plants in order, gathered into groups of
 * up to a week's worth of the budget, each group's days cut into spans that keep it within `budget` device-days.
 * Every plant and day falls in exactly one piece.
 */
export function reportPieces<P extends Counted>(
  plants: readonly P[],
  from: string,
  to: string,
  budget = PIECE_DEVICE_DAYS,
): ReportPiece<P>[] {
  if (plants.length === 0 || to < from) return [];
  const groupDevices = Math.max(1, Math.floor(budget / 7));
  const groups: P[][] = [];
  let group: P[] = [];
  let devices = 0;
  for (const p of plants) {
    if (group.length > 0 && devices + devicesOf(p) > groupDevices) {
      groups.push(group);
      group = [];
      devices = 0;
    }
    group.push(p);
    devices += devicesOf(p);
  }
  groups.push(group);
  const pieces: ReportPiece<P>[] = [];
  for (const g of groups) {
    const n = g.reduce((s, p) => s + devicesOf(p), 0);
    const span = Math.min(MAX_SPAN_DAYS, Math.max(1, Math.floor(budget / n)));
    for (let start = from; start <= to;) {
      let end = start;
      for (let i = 1; i < span && end < to; i++) end = nextDay(end);
      pieces.push({ plants: g, from: start, to: end });
      start = nextDay(end);
    }
  }
  return pieces;
}

/**
 * Runs `read` on each piece in turn, in the background (never two at once: the others' requests go between them),
 * rows in order.
 */
export async function readInPieces<P, R>(
  pieces: readonly ReportPiece<P>[],
  read: (piece: ReportPiece<P>) => Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (const piece of pieces) out.push(...(await inBackground(() => read(piece))));
  return out;
}
