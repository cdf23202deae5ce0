/**
 * The ten classes an IV-curve diagnosis tells apart, and how each one is drawn on a string for synthetic curves
 * (the device simulator and the accuracy bench use the same draws).
 *
 * The signatures follow the usual physics synthesis (e.g. Sandia's pvOps simulator: multipliers on the
 * photocurrent, saturation current and resistances of cells or substrings, shorted or shaded substrings with their
 * bypass diodes): soiling lowers the light evenly; shading lowers it on some substrings, whose bypass diodes then
 * conduct and cut steps into the curve; a shorted bypass diode removes one substring's voltage; an open string
 * carries no current; series resistance (corroded connectors, cables) flattens the slope near V_oc; a lowered shunt
 * resistance (cracks, shunts) tilts the plateau near I_sc; potential-induced degradation (PID) shunts the cells and
 * raises their saturation current, so the plateau tilts and V_oc falls; ageing takes a little current, voltage and
 * fill factor; mismatch (mixed bins, uneven ageing) rounds the knee.
 */
import type { Rng } from './random.ts';

/** Fault classes of a string's IV curve. */
export const IV_FAULT_CLASSES = [
  'normal',
  'soiling',
  'partial_shading',
  'bypass_diode_short',
  'open_circuit',
  'series_resistance',
  'shunt_resistance',
  'pid',
  'degradation',
  'mismatch',
] as const;
export type IvFaultClass = (typeof IV_FAULT_CLASSES)[number];

/** One substring (the cells behind one bypass diode) as multipliers on its healthy parameters. */
export interface SubstringState {
  /** Multiplier on the photocurrent (light reaching the cells) [unitless]. */
  light: number;
  /** Multiplier on the saturation current [unitless]. */
  saturation: number;
  /** Multiplier on the series resistance [unitless]. */
  series: number;
  /** Multiplier on the shunt resistance [unitless]. */
  shunt: number;
  /** Bypass diode shorted: the substring contributes no voltage. */
  shorted: boolean;
}

/** The physical state of a string, as drawn for a fault class. */
export interface StringState {
  /** Substrings in order along the string, modulesInSeries × bypassDiodesPerModule of them. */
  substrings: SubstringState[];
  /** Resistance added in series with the string (connectors, cables) [Ω]. */
  extraSeriesOhm: number;
  /** The string is open: no current flows. */
  open: boolean;
}

/** What a fault draw needs to know of the string. */
export interface StringShape {
  modulesInSeries: number;
  bypassDiodesPerModule: number;
  /** Module open-circuit voltage at STC [V]. */
  moduleVocV: number;
  /** Module short-circuit current at STC [A]. */
  moduleIscA: number;
  /** Module shunt resistance at reference conditions, from the fit [Ω]. */
  moduleShuntRefOhm: number;
  /** Module diode voltage n·N_s·V_th at reference conditions, from the fit [V]; V_oc/24 when not given. */
  moduleDiodeVoltageV?: number;
}

const uniform = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng();
const integer = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));

function healthy(): SubstringState {
  return { light: 1, saturation: 1, series: 1, shunt: 1, shorted: false };
}

/** Modules picked at random, `count` of them, as their indexes. */
function pickModules(rng: Rng, modules: number, count: number): number[] {
  const order = Array.from({ length: modules }, (_, k) => k);
  for (let k = modules - 1; k > 0; k--) {
    const j = Math.floor(rng() * (k + 1));
    [order[k], order[j]] = [order[j] as number, order[k] as number];
  }
  return order.slice(0, count);
}

/**
 * Draws the physical state of a string with a given fault. Magnitudes are those at which the fault is worth a
 * visit (a few per cent of the string's energy or more), and span what the field shows for each physics:
 *
 * - soiling: every module's light reduced by the same 15–45 %;
 * - partial shading: 5–40 % of the substrings at one or two light levels of 20–70 %;
 * - mismatch: every module's light spread uniformly by ±8–15 % and its V_oc by ±1–2 %, no shading;
 * - series resistance: the modules' series resistance 4–15 times the datasheet's;
 * - shunt resistance: some or all modules' shunt resistance down to 1.5–5 times V_oc/I_sc;
 * - PID: shunt resistance down and dark (saturation) current up in 30–100 % of the modules;
 * - degradation: light current down 7–14 %, dark current 3–10 times, series resistance 1.5–2.5 times;
 * - bypass diode short: 1–3 substrings shorted; open circuit: no current.
 *
 * @param fault - The class to draw
 * @param shape - The string [–, –, V, A, Ω, V]
 * @param rng - Uniform random numbers in [0, 1)
 * @returns the string's substrings, extra series resistance and whether it is open
 */
export function drawStringState(fault: IvFaultClass, shape: StringShape, rng: Rng): StringState {
  const n = shape.modulesInSeries;
  const b = shape.bypassDiodesPerModule;
  // Every module differs a little from the next (binning tolerance): ±1 % of light.
  const modules = Array.from({ length: n }, () => {
    const light = uniform(rng, 0.99, 1.01);
    return Array.from({ length: b }, () => ({ ...healthy(), light }));
  });
  const state = (extraSeriesOhm = 0, open = false): StringState => ({
    substrings: modules.flat(),
    extraSeriesOhm,
    open,
  });
  const everySubstring = (f: (s: SubstringState) => void): void => modules.flat().forEach(f);
  // A shunt multiplier that brings a module's shunt resistance down to `times` × V_oc/I_sc.
  const shuntTo = (times: number): number =>
    Math.min(1, (times * shape.moduleVocV) / shape.moduleIscA / shape.moduleShuntRefOhm);
  // A saturation multiplier that moves a module's V_oc by the share `dv`: V_oc moves by a·ln(1/multiplier).
  const diodeVoltage = shape.moduleDiodeVoltageV ?? shape.moduleVocV / 24;
  const saturationForVoc = (dv: number): number => Math.exp((-dv * shape.moduleVocV) / diodeVoltage);
  switch (fault) {
    case 'normal':
      return state();
    case 'soiling': {
      const k = uniform(rng, 0.55, 0.85);
      everySubstring((s) => (s.light *= k));
      return state();
    }
    case 'partial_shading': {
      const all = modules.flat();
      const count = Math.max(1, Math.round(uniform(rng, 0.05, 0.4) * all.length));
      const levels =
        rng() < 0.5 ? [uniform(rng, 0.2, 0.7)] : [uniform(rng, 0.2, 0.7), uniform(rng, 0.2, 0.7)];
      // Shade falls on neighbouring substrings (a row, a pole's shadow): a run along the string.
      const first = integer(rng, 0, all.length - count);
      for (let k = 0; k < count; k++) {
        const level = levels[k < count / levels.length ? 0 : levels.length - 1] ?? 1;
        (all[first + k] ?? healthy()).light *= level;
      }
      return state();
    }
    case 'bypass_diode_short': {
      const all = modules.flat();
      for (const k of pickModules(rng, all.length, integer(rng, 1, 3))) (all[k] ?? healthy()).shorted = true;
      return state();
    }
    case 'open_circuit':
      return state(0, true);
    case 'series_resistance': {
      const k = uniform(rng, 4, 15);
      everySubstring((s) => (s.series *= k));
      return state();
    }
    case 'shunt_resistance': {
      const affected = pickModules(rng, n, Math.max(1, Math.round(uniform(rng, 0.3, 1) * n)));
      for (const m of affected) {
        const shunt = shuntTo(uniform(rng, 1.5, 5));
        for (const s of modules[m] ?? []) s.shunt *= shunt;
      }
      return state();
    }
    case 'pid': {
      const affected = pickModules(rng, n, Math.max(1, Math.round(uniform(rng, 0.3, 1) * n)));
      for (const m of affected) {
        const shunt = shuntTo(uniform(rng, 1.5, 8));
        const saturation = Math.exp(uniform(rng, Math.log(10), Math.log(200)));
        for (const s of modules[m] ?? []) {
          s.shunt *= shunt;
          s.saturation *= saturation;
        }
      }
      return state();
    }
    case 'degradation': {
      const light = uniform(rng, 0.86, 0.93);
      const saturation = uniform(rng, 3, 10);
      const series = uniform(rng, 1.5, 2.5);
      everySubstring((s) => {
        s.light *= light;
        s.saturation *= saturation;
        s.series *= series;
      });
      return state();
    }
    case 'mismatch': {
      const spread = uniform(rng, 0.08, 0.15);
      const vocSpread = uniform(rng, 0.01, 0.02);
      for (const module of modules) {
        const light = uniform(rng, 1 - spread, 1 + spread);
        const saturation = saturationForVoc(uniform(rng, -vocSpread, vocSpread));
        for (const s of module) {
          s.light *= light;
          s.saturation *= saturation;
        }
      }
      return state();
    }
  }
}
