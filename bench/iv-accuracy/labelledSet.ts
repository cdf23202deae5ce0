/**
 * The labelled synthetic set: for each fault class, strings of every bench module type at random conditions
 * (400–1 100 W/m², 15–65 °C), 100–400 points with tracer noise, and the conditions reported with the errors of
 * field sensors (±3 % irradiance, ±2 °C temperature, uniform).
 */
import {
  IV_FAULT_CLASSES,
  mulberry32,
  synthesizeScan,
  type IvDiagnosisInput,
  type IvFaultClass,
} from '@solarops/pv';
import { BENCH_MODULE_TYPES } from './moduleTypes.ts';

export interface LabelledCurve {
  label: IvFaultClass;
  input: IvDiagnosisInput;
}

/**
 * @param seed - Seed of the set
 * @param perClass - Curves per class
 * @returns the curves with their labels
 */
export function labelledSet(seed: number, perClass: number): LabelledCurve[] {
  const rng = mulberry32(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rng();
  const set: LabelledCurve[] = [];
  for (const label of IV_FAULT_CLASSES) {
    for (let k = 0; k < perClass; k++) {
      const type = BENCH_MODULE_TYPES[k % BENCH_MODULE_TYPES.length]!;
      const [lo, hi] = type.modulesInSeries;
      const modulesInSeries = lo + Math.floor(rng() * (hi - lo + 1));
      const poaWm2 = between(400, 1100);
      const moduleTempC = between(15, 65);
      const points = 100 + Math.floor(rng() * 301);
      const layout = { module: type.module, modulesInSeries };
      const scan = synthesizeScan(layout, label, poaWm2, moduleTempC, points, rng);
      set.push({
        label,
        input: {
          ...layout,
          conditions: { poaWm2: poaWm2 * between(0.97, 1.03), moduleTempC: moduleTempC + between(-2, 2) },
          points: scan.points,
        },
      });
    }
  }
  return set;
}
