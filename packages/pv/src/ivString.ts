/**
 * IV curve of a PV string whose substrings may differ: each substring (the cells behind one bypass diode) follows
 * the single-diode model at its own parameters, voltages add at equal current, and a substring driven into reverse
 * bias is clamped by its bypass diode. This is how shading steps, shorted diodes and mismatch show in a scan (the
 * method of pvlib's partial-shading example and Sandia's pvOps simulator, without the cells' reverse breakdown,
 * which the bypass diode pre-empts).
 */
import { calcparamsDesoto } from './calcparamsDesoto.ts';
import type { IvFaultClass, StringState } from './ivFaults.ts';
import { drawStringState } from './ivFaults.ts';
import { moduleReferenceParameters, type PvModuleDatasheet } from './pvModule.ts';
import { gaussian, type Rng } from './random.ts';
import { voltageFromCurrent, type SingleDiodeParameters } from './singleDiode.ts';

/** A point of an IV curve: [voltage V, current A]. */
export type IvPoint = [number, number];

/** Forward voltage of a conducting bypass diode (Schottky) [V]. */
const BYPASS_DROP_V = 0.4;
/** Current steps on which a string's V(I) is solved before it is sampled at the tracer's voltages. */
const CURRENT_STEPS = 1200;

/** A string of identical modules (by datasheet) in series. */
export interface StringLayout {
  module: PvModuleDatasheet;
  modulesInSeries: number;
}

/**
 * The string's IV curve at given conditions, sampled at `points` voltages evenly spaced from 0 to V_oc, as a
 * tracer sweeps it.
 *
 * @param layout - Module datasheet and modules in series
 * @param state - Substrings, extra series resistance, open or not
 * @param poaWm2 - Plane-of-array irradiance [W/m²]
 * @param moduleTempC - Module (cell) temperature [°C]
 * @param points - Number of points [unitless]
 * @returns the curve, voltage rising [V, A]
 */
export function stringCurve(
  layout: StringLayout,
  state: StringState,
  poaWm2: number,
  moduleTempC: number,
  points: number,
): IvPoint[] {
  const b = layout.module.bypassDiodesPerModule;
  const base = calcparamsDesoto(poaWm2, moduleTempC, moduleReferenceParameters(layout.module));
  if (state.open) {
    // No current; the tracer still sweeps its voltage range, up to the string's healthy V_oc.
    const healthyVoc = layout.modulesInSeries * voltageFromCurrent(0, base);
    return Array.from({ length: points }, (_, k) => [(healthyVoc * k) / (points - 1), 0]);
  }
  // Identical substrings are solved once: a string has few distinct ones.
  const groups = new Map<string, { p: SingleDiodeParameters; count: number }>();
  for (const s of state.substrings) {
    if (s.shorted) continue;
    const key = `${s.light}|${s.saturation}|${s.series}|${s.shunt}`;
    const g = groups.get(key);
    if (g) g.count++;
    else
      groups.set(key, {
        count: 1,
        p: {
          photocurrent: base.photocurrent * s.light,
          saturationCurrent: base.saturationCurrent * s.saturation,
          resistanceSeries: (base.resistanceSeries * s.series) / b,
          resistanceShunt: (base.resistanceShunt * s.shunt) / b,
          nNsVth: base.nNsVth / b,
        },
      });
  }
  let maxCurrent = 0;
  for (const g of groups.values()) maxCurrent = Math.max(maxCurrent, g.p.photocurrent);
  // V(I) on a current grid: non-increasing, since every substring's voltage falls with current and the clamp
  // keeps that.
  const currents = new Float64Array(CURRENT_STEPS);
  const voltages = new Float64Array(CURRENT_STEPS);
  for (let k = 0; k < CURRENT_STEPS; k++) {
    const i = (maxCurrent * 1.02 * k) / (CURRENT_STEPS - 1);
    let v = -i * state.extraSeriesOhm;
    for (const g of groups.values()) {
      const vs = voltageFromCurrent(i, g.p);
      v += g.count * (Number.isFinite(vs) ? Math.max(vs, -BYPASS_DROP_V) : -BYPASS_DROP_V);
    }
    currents[k] = i;
    voltages[k] = v;
  }
  const voc = Math.max(0, voltages[0] ?? 0);
  const curve: IvPoint[] = [];
  // Walk the targets from V_oc down to 0, and the grid from I = 0 up.
  let k = 0;
  for (let p = points - 1; p >= 0; p--) {
    const target = (voc * p) / (points - 1);
    while (k < CURRENT_STEPS - 1 && (voltages[k + 1] ?? -Infinity) > target) k++;
    const v0 = voltages[k] ?? 0;
    const v1 = voltages[k + 1] ?? v0;
    const i0 = currents[k] ?? 0;
    const i1 = currents[k + 1] ?? i0;
    const t = v0 === v1 ? 0 : (v0 - target) / (v0 - v1);
    curve.push([target, i0 + Math.min(1, Math.max(0, t)) * (i1 - i0)]);
  }
  return curve.reverse();
}

/** Measurement noise of a tracer, as standard deviations. */
export interface TracerNoise {
  /** Current noise, as a share of the module's STC I_sc [unitless], e.g. 0.003. */
  current: number;
  /** Voltage noise, as a share of the string's STC V_oc [unitless], e.g. 0.002. */
  voltage: number;
}

/** The noise of a good field tracer (0.3 % of range on current, 0.2 % on voltage). */
export const DEFAULT_TRACER_NOISE: TracerNoise = { current: 0.003, voltage: 0.002 };

/**
 * Adds Gaussian measurement noise to a curve; the voltages stay in rising order, as a tracer reports them.
 *
 * @param curve - Noise-free curve [V, A]
 * @param layout - The string, for the scale of the noise
 * @param rng - Uniform random numbers
 * @param noise - Standard deviations as shares of range
 * @returns a new curve [V, A]
 */
export function addTracerNoise(
  curve: readonly IvPoint[],
  layout: StringLayout,
  rng: Rng,
  noise: TracerNoise = DEFAULT_TRACER_NOISE,
): IvPoint[] {
  const sigmaI = noise.current * layout.module.iscA;
  const sigmaV = noise.voltage * layout.module.vocV * layout.modulesInSeries;
  const noisy = curve.map(([v, i]): IvPoint => [
    Math.max(0, v + sigmaV * gaussian(rng(), rng())),
    i + sigmaI * gaussian(rng(), rng()),
  ]);
  return noisy.sort((a, b) => a[0] - b[0]);
}

/** A synthetic scan: what a tracer reports of a string with a known fault. */
export interface SyntheticScan {
  fault: IvFaultClass;
  state: StringState;
  points: IvPoint[];
}

/**
 * A string's scan with a fault drawn at random, with tracer noise.
 *
 * @param layout - Module datasheet and modules in series
 * @param fault - Class to draw
 * @param poaWm2 - True plane-of-array irradiance [W/m²]
 * @param moduleTempC - True module temperature [°C]
 * @param points - Number of points, 20 to 2 000 [unitless]
 * @param rng - Uniform random numbers
 * @param noise - Tracer noise; default DEFAULT_TRACER_NOISE
 * @returns the fault, the drawn state and the noisy curve [V, A]
 */
export function synthesizeScan(
  layout: StringLayout,
  fault: IvFaultClass,
  poaWm2: number,
  moduleTempC: number,
  points: number,
  rng: Rng,
  noise: TracerNoise = DEFAULT_TRACER_NOISE,
): SyntheticScan {
  const ref = moduleReferenceParameters(layout.module);
  const state = drawStringState(
    fault,
    {
      modulesInSeries: layout.modulesInSeries,
      bypassDiodesPerModule: layout.module.bypassDiodesPerModule,
      moduleVocV: layout.module.vocV,
      moduleIscA: layout.module.iscA,
      moduleShuntRefOhm: ref.rShRef,
      moduleDiodeVoltageV: ref.aRef,
    },
    rng,
  );
  const clean = stringCurve(layout, state, poaWm2, moduleTempC, points);
  return { fault, state, points: addTracerNoise(clean, layout, rng, noise) };
}
