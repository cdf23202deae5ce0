import type { DispatchSlot, ScheduleProblem } from '@solarops/contracts';
import { hhmm } from '../command-shared/settingsForm.ts';

/** Quarter hours of a day in minutes, 0 to 1440: a slot starts and ends on one. */
export const QUARTERS = Array.from({ length: 97 }, (_, i) => i * 15);

/** "n (HH:MM–HH:MM)": a slot as a user finds it in the table. */
export const slotLabel = (slots: readonly DispatchSlot[], n: number) => {
  const s = slots[n - 1];
  return s ? `${n} (${hhmm(s.start)}–${hhmm(s.end)})` : String(n);
};

/** The values a schedule problem's message names: the slots with their times, the device's capacity. */
export function problemValues(problem: ScheduleProblem, slots: readonly DispatchSlot[]) {
  const [first = 0, second = 0] = problem.slots;
  return {
    slot: slotLabel(slots, first),
    first: slotLabel(slots, first),
    second: slotLabel(slots, second),
    count: first,
    capacity: problem.capacity ?? 0,
  };
}

/**
 * The slots with one more, never overlapping the others when there is room: after the last slot, an hour long,
 * when the day is not filled; else the last slot split at its middle quarter hour (a filled day keeps covering
 * the day). A last slot too short to split gets a new slot at midnight, for the user to move.
 */
export function withSlotAdded(slots: readonly DispatchSlot[]): DispatchSlot[] {
  const last = slots.at(-1);
  const fresh = (start: number, end: number): DispatchSlot => ({
    start,
    end,
    mode: 'selfConsumption',
    powerW: 0,
    socMin: 10,
    socMax: 100,
  });
  if (!last) return [fresh(0, 60)];
  if (last.end < 1440) return [...slots, fresh(last.end, Math.min(last.end + 60, 1440))];
  const middle = Math.round((last.start + last.end) / 2 / 15) * 15;
  if (middle > last.start && middle < last.end)
    return [...slots.slice(0, -1), { ...last, end: middle }, fresh(middle, last.end)];
  return [...slots, fresh(0, 60)];
}
