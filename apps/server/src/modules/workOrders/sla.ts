import type { SlaTarget, WorkOrderPriority, WorkOrderState } from '@solarops/contracts';
import { zoneOffsetMs } from '../../time/localDay.ts';

/** Resolution targets when administrators set none: urgent round the clock, the rest in business hours. */
export const DEFAULT_SLA_TARGETS: Record<WorkOrderPriority, SlaTarget> = {
  urgent: { priority: 'urgent', targetMinutes: 4 * 60, businessHours: false },
  high: { priority: 'high', targetMinutes: 8 * 60, businessHours: true },
  normal: { priority: 'normal', targetMinutes: 24 * 60, businessHours: true },
  low: { priority: 'low', targetMinutes: 72 * 60, businessHours: true },
};

/** Business hours in the plant's local time: Monday to Friday, 08:00 to 18:00. */
const BUSINESS_START_MIN = 8 * 60;
const BUSINESS_END_MIN = 18 * 60;
/** Every zone offset is a multiple of 15 minutes, and business hours start and end on one. */
const QUARTER_MS = 15 * 60_000;

/** States in which the resolution clock runs; it stands still on hold and once the work is resolved. */
const RUNNING: ReadonlySet<WorkOrderState> = new Set(['new', 'assigned', 'inProgress']);

/** One state change of an order, as `work_order_events` keeps it. */
export interface StateChange {
  toState: WorkOrderState;
  atMs: number;
}

/** Whether the local quarter hour starting at `ms` lies in business hours in `timeZone`. */
function isBusinessQuarter(timeZone: string, ms: number): boolean {
  const local = new Date(ms + zoneOffsetMs(timeZone, ms));
  const weekday = local.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minute >= BUSINESS_START_MIN && minute < BUSINESS_END_MIN;
}

/** Milliseconds of [fromMs, toMs) that count: all of them, or those in the plant's business hours. */
export function countedMs(fromMs: number, toMs: number, businessHours: boolean, timeZone: string): number {
  if (toMs <= fromMs) return 0;
  if (!businessHours) return toMs - fromMs;
  let total = 0;
  // Walk the quarter hours: within one, business or not does not change (offsets are whole quarters).
  for (let start = fromMs; start < toMs;) {
    const end = Math.min(toMs, (Math.floor(start / QUARTER_MS) + 1) * QUARTER_MS);
    if (isBusinessQuarter(timeZone, start)) total += end - start;
    start = end;
  }
  return total;
}

/**
 * Where an order's resolution clock stands at `nowMs`: the counted time of every stretch in a running state
 * (from its first state change to `nowMs`), against its target.
 */
export function slaStanding(
  changes: readonly StateChange[],
  target: SlaTarget,
  timeZone: string,
  nowMs: number,
) {
  let elapsedMs = 0;
  changes.forEach((c, i) => {
    if (!RUNNING.has(c.toState)) return;
    const until = Math.min(changes[i + 1]?.atMs ?? nowMs, nowMs);
    elapsedMs += countedMs(c.atMs, until, target.businessHours, timeZone);
  });
  const last = changes.at(-1);
  const elapsedMinutes = Math.floor(elapsedMs / 60_000);
  return {
    targetMinutes: target.targetMinutes,
    businessHours: target.businessHours,
    elapsedMinutes,
    percent: Math.floor((elapsedMs * 100) / (target.targetMinutes * 60_000)),
    paused: !last || !RUNNING.has(last.toState),
  };
}
