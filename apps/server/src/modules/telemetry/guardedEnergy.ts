/**
 * Energy from lifetime counters as guarded deltas (ARCHITECTURE §6, issue 4). A counter is trusted only
 * interval by interval:
 * - a delta in [0, cap] is the interval's energy, where cap = rated power × interval × 1.2 (no interval may
 *   exceed the device's rating by more than 20 %);
 * - a small negative delta (jitter of the counter's last digits) counts as 0 and keeps the higher reading as
 *   the baseline, so the energy is neither lost nor counted twice when the counter catches up;
 * - a larger drop (reset to 0, meter swap) or a jump above the cap (a swap to a higher counter, a glitch
 *   coming back) is a boundary: the interval gets the trapezoid of the two power readings, clamped to
 *   [0, cap], when it is short enough for that to mean something (≤ 30 min), else 0; the new counter becomes
 *   the baseline. Never a spike, never negative energy.
 * The energy of an interval belongs to the interval's end (the later reading), so a gap's counter delta lands in
 * the day the data comes back while the chart keeps the gap.
 */

/** One counter sample. */
export interface CounterSample {
  /** Device time [ms]. */
  tMs: number;
  /** Lifetime counter [kWh], null when the reading has none. */
  totalKwh: number | null;
  /** AC power [W], null when unknown. */
  powerW: number | null;
}

/** Energy of one interval, credited at its end. */
export interface IntervalEnergy {
  endMs: number;
  energyKwh: number;
}

/** Relative allowance above the rated power. */
export const CAP_FACTOR = 1.2;
/** Longest boundary interval whose energy is estimated from power [ms]. */
export const MAX_ESTIMATE_INTERVAL_MS = 30 * 60_000;

/** A counter drop up to this is jitter, not a reset [kWh]: 0.2 kWh or 3 minutes at rated power. */
export const jitterToleranceKwh = (ratedPowerW: number) => Math.max(0.2, (ratedPowerW / 1000) * 0.05);

/**
 * Interval energies of a device's samples (sorted by time, duplicates of one instant removed).
 *
 * @param samples - Samples in increasing time
 * @param ratedPowerW - AC rating [W]; 0 means no cap (meters)
 * @returns one entry per interval that ends at a sample with a counter
 */
export function intervalEnergies(samples: readonly CounterSample[], ratedPowerW: number): IntervalEnergy[] {
  const out: IntervalEnergy[] = [];
  const jitter = jitterToleranceKwh(ratedPowerW);
  let prev: (CounterSample & { totalKwh: number }) | undefined;
  // The power of the latest sample: a held baseline keeps its counter but the power estimate uses fresh power.
  let lastPowerW: number | null = null;
  let lastMs = 0;
  for (const s of samples) {
    if (s.totalKwh === null) continue;
    const sample = { ...s, totalKwh: s.totalKwh };
    if (!prev) {
      prev = sample;
      lastPowerW = s.powerW;
      lastMs = s.tMs;
      continue;
    }
    if (s.tMs <= lastMs) continue;
    const dtMs = s.tMs - prev.tMs;
    const cap = ratedPowerW > 0 ? (ratedPowerW / 1000) * (dtMs / 3_600_000) * CAP_FACTOR : Infinity;
    const delta = s.totalKwh - prev.totalKwh;
    if (delta >= 0 && delta <= cap) {
      out.push({ endMs: s.tMs, energyKwh: delta });
      prev = sample;
    } else if (delta < 0 && -delta <= jitter) {
      // Jitter: nothing happened that the counter can prove; the higher reading stays the baseline.
      out.push({ endMs: s.tMs, energyKwh: 0 });
    } else {
      const stepMs = s.tMs - lastMs;
      const estimate =
        stepMs <= MAX_ESTIMATE_INTERVAL_MS
          ? ((Math.max(lastPowerW ?? 0, 0) + Math.max(s.powerW ?? 0, 0)) / 2 / 1000) * (stepMs / 3_600_000)
          : 0;
      const stepCap = ratedPowerW > 0 ? (ratedPowerW / 1000) * (stepMs / 3_600_000) * CAP_FACTOR : Infinity;
      out.push({ endMs: s.tMs, energyKwh: Math.min(Math.max(estimate, 0), stepCap) });
      prev = sample;
    }
    lastPowerW = s.powerW;
    lastMs = s.tMs;
  }
  return out;
}
