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
