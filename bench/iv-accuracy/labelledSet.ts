/**
 * Our labelled synthetic set: for each fault class, strings of 10–24 modules of a datasheet drawn at random
 * (moduleTypes.ts) at random conditions (400–1 100 W/m², 15–65 °C), 100–400 points with tracer noise of random
 * size (current 0.1–0.8 % of the module's I_sc, voltage 0.05–0.4 % of the string's V_oc), and the conditions
 * reported with the errors of field sensors (irradiance ±4 %, temperature ±3 °C, uniform). The faults' physics is
 * `drawStringState`'s.
 */
import {
  IV_FAULT_CLASSES,
  addTracerNoise,
  drawStringState,
  moduleReferenceParameters,
  mulberry32,
  stringCurve,
  type IvDiagnosisInput,
  type IvFaultClass,
} from '@solarops/pv';
import { randomDatasheet } from './moduleTypes.ts';

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
      const module = randomDatasheet(rng);
      const modulesInSeries = 10 + Math.floor(rng() * 15);
      const poaWm2 = between(400, 1100);
      const moduleTempC = between(15, 65);
      const points = 100 + Math.floor(rng() * 301);
      const layout = { module, modulesInSeries };
      const ref = moduleReferenceParameters(module);
      const state = drawStringState(
        label,
        {
          modulesInSeries,
          bypassDiodesPerModule: module.bypassDiodesPerModule,
          moduleVocV: module.vocV,
          moduleIscA: module.iscA,
          moduleShuntRefOhm: ref.rShRef,
          moduleDiodeVoltageV: ref.aRef,
        },
        rng,
      );
      const clean = stringCurve(layout, state, poaWm2, moduleTempC, points);
      const noise = { current: between(0.001, 0.008), voltage: between(0.0005, 0.004) };
      set.push({
        label,
        input: {
          ...layout,
          conditions: { poaWm2: poaWm2 * between(0.96, 1.04), moduleTempC: moduleTempC + between(-3, 3) },
          points: addTracerNoise(clean, layout, rng, noise),
        },
      });
    }
  }
  return set;
}
