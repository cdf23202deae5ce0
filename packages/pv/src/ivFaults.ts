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
 * visit (a few per cent of the string's energy or more); smaller ones are, for the diagnosis, normal.
 *
 * @param fault - The class to draw
 * @param shape - The string [–, –, V, A, Ω]
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
  // A shunt multiplier that tilts a module's plateau by `tilt` (current lost across V_oc, as a share of I_sc).
  const shuntForTilt = (tilt: number): number =>
    Math.min(1, shape.moduleVocV / (tilt * shape.moduleIscA) / shape.moduleShuntRefOhm);
  switch (fault) {
    case 'normal':
      return state();
    case 'soiling': {
      const k = uniform(rng, 0.7, 0.9);
      everySubstring((s) => (s.light *= k));
      return state();
    }
    case 'partial_shading': {
      const shaded = pickModules(rng, n, integer(rng, Math.max(1, Math.round(0.1 * n)), Math.round(0.5 * n)));
      const depth = uniform(rng, 0.25, 0.65);
      const substrings = integer(rng, 1, b);
      for (const m of shaded)
        for (let k = 0; k < substrings; k++)
          (modules[m]?.[k] ?? healthy()).light *= depth * uniform(rng, 0.95, 1.05);
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
      const stringVoc = n * shape.moduleVocV;
      return state((uniform(rng, 0.05, 0.15) * stringVoc) / shape.moduleIscA);
    }
    case 'shunt_resistance': {
      const affected = pickModules(rng, n, Math.max(1, Math.round(uniform(rng, 0.6, 1) * n)));
      for (const m of affected) {
        const shunt = shuntForTilt(uniform(rng, 0.2, 0.5));
        for (const s of modules[m] ?? []) s.shunt *= shunt;
      }
      return state();
    }
    case 'pid': {
      const affected = pickModules(rng, n, Math.max(1, Math.round(uniform(rng, 0.4, 1) * n)));
      for (const m of affected) {
        const shunt = shuntForTilt(uniform(rng, 0.1, 0.4));
        const saturation = Math.exp(uniform(rng, Math.log(20), Math.log(200)));
        for (const s of modules[m] ?? []) {
          s.shunt *= shunt;
          s.saturation *= saturation;
        }
      }
      return state();
    }
    case 'degradation': {
      const light = uniform(rng, 0.85, 0.92);
      const saturation = uniform(rng, 2, 5);
      const series = uniform(rng, 1.2, 1.6);
      everySubstring((s) => {
        s.light *= light;
        s.saturation *= saturation;
        s.series *= series;
      });
      return state();
    }
    case 'mismatch': {
      const spread = uniform(rng, 0.04, 0.08);
      for (const module of modules) {
        const light = uniform(rng, 1 - spread, 1 + spread);
        const saturation = Math.exp(uniform(rng, -0.7, 0.7));
        for (const s of module) {
          s.light *= light;
          s.saturation *= saturation;
        }
      }
      return state();
    }
  }
}
