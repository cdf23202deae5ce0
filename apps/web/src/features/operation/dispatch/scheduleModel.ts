import { deviceSlotsNeeded, findOverlap, minutesOf } from './scheduleRules.ts';

/** A slot's battery state: charge, discharge, hold (neither) or self-consumption (follow the site's load). */
export const DISPATCH_STATES = ['charge', 'discharge', 'hold', 'selfConsumption'] as const;
export type DispatchState = (typeof DISPATCH_STATES)[number];

export const DISPATCH_LIMITS = {
  /** At least 16 slots a day (issue 16); a device with fewer takes the schedule only if it fits. */
  slotsPerDayMax: 24,
  /** Highest charge or discharge power of a slot [W]. */
  powerWMax: 100_000,
} as const;

/** One slot of a day profile. Times "HH:MM" on the quarter hour, 24:00 for the end of the day. */
export interface DispatchSlot {
  start: string;
  end: string;
  state: DispatchState;
  /** Charge or discharge power [W]; unused by hold and self-consumption. */
  powerW: number;
  /** The battery stops discharging at this SoC [%]. */
  minSocPercent: number;
  /** The battery stops charging at this SoC [%]. */
  maxSocPercent: number;
}

export interface DispatchSchedule {
  weekday: DispatchSlot[];
  weekend: DispatchSlot[];
}

export const DAY_PROFILES = ['weekday', 'weekend'] as const;
export type DayProfile = (typeof DAY_PROFILES)[number];

/** Why a schedule cannot be sent: an i18n key under `commands.dispatch.problems` and its values. */
export interface ScheduleProblem {
  key: 'order' | 'socBounds' | 'overlap' | 'doesNotFit';
  profile: DayProfile;
  values: Record<string, string | number>;
}

const sameSettings = (a: DispatchSlot, b: DispatchSlot) =>
  a.state === b.state &&
  a.powerW === b.powerW &&
  a.minSocPercent === b.minSocPercent &&
  a.maxSocPercent === b.maxSocPercent;

const label = (slots: readonly DispatchSlot[], i: number) => `${i + 1} (${slots[i]?.start}–${slots[i]?.end})`;

/**
 * Every reason the schedule cannot go to a device with `deviceSlots` time-of-use slots a day (undefined: the
 * device takes any number). Empty when it can be sent whole.
 */
export function scheduleProblems(schedule: DispatchSchedule, deviceSlots?: number): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  for (const profile of DAY_PROFILES) {
    const slots = schedule[profile];
    const before = problems.length;
    slots.forEach((s, i) => {
      if (!(minutesOf(s.start) < minutesOf(s.end)))
        problems.push({ key: 'order', profile, values: { slot: label(slots, i) } });
      if (s.minSocPercent > s.maxSocPercent)
        problems.push({ key: 'socBounds', profile, values: { slot: label(slots, i) } });
    });
    const overlap = findOverlap(slots);
    if (overlap)
      problems.push({
        key: 'overlap',
        profile,
        values: { first: label(slots, overlap[0]), second: label(slots, overlap[1]) },
      });
    // The fit is judged only on a day that is otherwise sound.
    if (problems.length === before && deviceSlots !== undefined) {
      const needed = deviceSlotsNeeded(slots, sameSettings);
      if (needed > deviceSlots)
        problems.push({ key: 'doesNotFit', profile, values: { needed, deviceSlots } });
    }
  }
  return problems;
}
