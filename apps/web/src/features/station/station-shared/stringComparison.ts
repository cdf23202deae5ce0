/**
 * The side-by-side view of an inverter's PV strings: each string's latest voltage, current and power and its
 * charge over the day, compared with the median string, so that a shaded, soiled or failing string stands out.
 *
 * Strings are compared by charge [Ah] rather than energy: strings of different length (module count) differ in
 * voltage, hence in energy, without being weak; a weak string draws less current than its neighbours.
 */

/** A history point as the device history call answers it: `values[i]` belongs to `fields[i]`. */
export interface HistoryPoint {
  ts: string;
  values: readonly (number | null)[];
}

export interface StringFigures {
  /** 1-based string number. */
  n: number;
  /** Latest reading of the day [V], [A], [W]; null without one. */
  voltageV: number | null;
  currentA: number | null;
  powerW: number | null;
  /** Charge over the day [Ah]. */
  chargeAh: number;
  /** Energy over the day [kWh]. */
  energyKwh: number;
  /** Charge relative to the median string's (1 = like the median), null when the strings drew nothing. */
  ratio: number | null;
  /** Clearly below its neighbours (see WEAK_RATIO). */
  weak: boolean;
}

/** A string drawing less than this share of the median string's charge is weak. */
export const WEAK_RATIO = 0.8;
/** Below this median charge [Ah] (night, a dark day's dawn) no string is called weak. */
const MIN_MEDIAN_AH = 0.5;
/** A reading stands for at most this long [h]: gaps in the data count as nothing, not as the reading before. */
const MAX_STEP_H = 0.25;

const median = (xs: number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Figures of strings 1..`strings` from a day of history holding the fields pvV<n> and pvI<n> (missing fields
 * read as no data). Each reading counts until the next one, for at most MAX_STEP_H.
 */
export function compareStrings(
  fields: readonly string[],
  points: readonly HistoryPoint[],
  strings: number,
): StringFigures[] {
  const sorted = [...points].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
  const out = Array.from({ length: strings }, (_, k) => {
    const vi = fields.indexOf(`pvV${k + 1}`);
    const ii = fields.indexOf(`pvI${k + 1}`);
    const at = (p: HistoryPoint, i: number) => (i < 0 ? null : (p.values[i] ?? null));
    let chargeAh = 0;
    let energyWh = 0;
    let latest: HistoryPoint | undefined;
    sorted.forEach((p, j) => {
      const current = at(p, ii);
      if (current === null) return;
      latest = p;
      const next = sorted[j + 1];
      const hours = next ? Math.min(MAX_STEP_H, (Date.parse(next.ts) - Date.parse(p.ts)) / 3_600_000) : 0;
      chargeAh += current * hours;
      energyWh += current * (at(p, vi) ?? 0) * hours;
    });
    const voltageV = latest ? at(latest, vi) : null;
    const currentA = latest ? at(latest, ii) : null;
    return {
      n: k + 1,
      voltageV,
      currentA,
      powerW: voltageV !== null && currentA !== null ? Math.round(voltageV * currentA) : null,
      chargeAh: round(chargeAh, 2),
      energyKwh: round(energyWh / 1000, 2),
      ratio: null as number | null,
      weak: false,
    };
  });
  const mid = median(out.map((s) => s.chargeAh));
  if (mid <= 0) return out;
  return out.map((s) => ({
    ...s,
    ratio: round(s.chargeAh / mid, 3),
    weak: mid >= MIN_MEDIAN_AH && s.chargeAh / mid < WEAK_RATIO,
  }));
}

/**
 * The heat-map colour of a ratio to the median: green at the median and above, through yellow, to red at
 * 60 % and below; grey without a ratio.
 */
export function ratioColor(ratio: number | null): string {
  if (ratio === null) return '#f0f0f0';
  const x = Math.max(0, Math.min(1, (ratio - 0.6) / 0.4));
  return `hsl(${Math.round(x * 120)}, 70%, 85%)`;
}
