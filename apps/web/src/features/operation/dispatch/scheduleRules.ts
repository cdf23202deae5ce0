/**
 * The rules a battery schedule meets before it is sent (issue 16): no two slots of a day overlap, and a device
 * with a fixed number of time-of-use slots (six on the Deye-style hybrid) takes the schedule whole or refuses
 * it; a schedule is never cut to fit.
 */

/** A slot's time span: "HH:MM" from 00:00 to 24:00, end after start. */
export interface SlotSpan {
  start: string;
  end: string;
}

/** Minutes after midnight of "HH:MM" ("24:00" is 1440); NaN for anything else. */
export function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return Number.NaN;
  return h * 60 + min;
}

/** The first two overlapping slots as their positions in `slots` (0-based), or undefined when none overlap. */
export function findOverlap(slots: readonly SlotSpan[]): [number, number] | undefined {
  const spans = slots
    .map((s, index) => ({ index, start: minutesOf(s.start), end: minutesOf(s.end) }))
    .filter((s) => s.start < s.end)
    .sort((a, b) => a.start - b.start || a.index - b.index);
  for (let i = 1; i < spans.length; i += 1) {
    const prev = spans[i - 1]!;
    const next = spans[i]!;
    if (next.start < prev.end) return [Math.min(prev.index, next.index), Math.max(prev.index, next.index)];
  }
  return undefined;
}

/**
 * How many time-of-use slots a device needs for one day of `slots`: a device's slots run each from its start to
 * the next one's start and wrap round midnight, so every gap between slots (filled by the device's default,
 * self-consumption) takes a slot of its own, the gap across midnight counting once, and neighbouring slots with
 * equal settings (`same`) share one.
 */
export function deviceSlotsNeeded<T extends SlotSpan>(
  slots: readonly T[],
  same: (a: T, b: T) => boolean,
): number {
  const sorted = [...slots]
    .filter((s) => minutesOf(s.start) < minutesOf(s.end))
    .sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  if (sorted.length === 0) return 1;
  let needed = 0;
  let previous: T | undefined;
  let cursor = minutesOf(sorted[0]!.start);
  const leadingGap = cursor > 0;
  for (const slot of sorted) {
    const start = minutesOf(slot.start);
    if (start > cursor) {
      needed += 1;
      previous = undefined;
    }
    if (!(previous && start === cursor && same(previous, slot))) needed += 1;
    previous = slot;
    cursor = minutesOf(slot.end);
  }
  const trailingGap = cursor < 24 * 60;
  // One slot covers the gap round midnight whether it sits at the start, the end or both.
  if (leadingGap || trailingGap) needed += 1;
  return needed;
}
