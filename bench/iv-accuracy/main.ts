/**
 * bench/iv-accuracy: how well the IV-curve diagnosis tells the ten fault classes apart on a labelled synthetic set
 * (see labelledSet.ts) made with a seed the diagnosis was never tuned on (tuning used DEV_SEED only).
 * `npm run bench:iv-accuracy -w bench`. Options: PER_CLASS (curves per class, 200), SEED (default the held-out one),
 * FEATURES=1 prints the six figures' quantiles per class (for tuning on the development seed).
 * Prints the confusion matrix (rows: true class, columns: diagnosed), the recall per class, and last line: macro
 * accuracy (mean per-class recall), curves, CPU milliseconds per curve beside the wall-clock rate.
 */
import { loadavg } from 'node:os';
import { IV_FAULT_CLASSES, diagnoseIvCurve, type IvDiagnosisFeatures } from '@solarops/pv';
import { labelledSet } from './labelledSet.ts';

/** The seed the rules were tuned on. */
export const DEV_SEED = 20_261_124;
/** The held-out seed, never used while tuning. */
const HELD_OUT_SEED = 7_340_991;

const perClass = Number(process.env.PER_CLASS ?? 200);
const seed = Number(process.env.SEED ?? HELD_OUT_SEED);
const set = labelledSet(seed, perClass);

const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const results = set.map((c) => ({ label: c.label, d: diagnoseIvCurve(c.input) }));
const wallS = (performance.now() - wall0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuS = (cpu.user + cpu.system) / 1e6;

const index = new Map(IV_FAULT_CLASSES.map((c, k) => [c, k]));
const matrix = IV_FAULT_CLASSES.map(() => IV_FAULT_CLASSES.map(() => 0));
for (const r of results) matrix[index.get(r.label)!]![index.get(r.d.faultClass)!]!++;

const abbreviations = IV_FAULT_CLASSES.map((c) => c.slice(0, 6).padStart(7));
console.log(`IV-curve diagnosis, seed ${seed}, ${perClass} curves per class`);
console.log(`${'true \\ diagnosed'.padEnd(20)}${abbreviations.join('')}  recall`);
const recalls = matrix.map((row, k) => {
  const recall = row[k]! / row.reduce((a, b) => a + b, 0);
  console.log(
    `${IV_FAULT_CLASSES[k]!.padEnd(20)}${row.map((v) => String(v).padStart(7)).join('')}  ${(100 * recall).toFixed(1)} %`,
  );
  return recall;
});

if (process.env.FEATURES) {
  const names: (keyof IvDiagnosisFeatures)[] = [
    'currentRatio',
    'voltageDeficit',
    'fillFactorChange',
    'seriesExcess',
    'plateauTilt',
    'stepDepth',
  ];
  for (const cls of IV_FAULT_CLASSES) {
    const of = results.filter((r) => r.label === cls);
    const q = (name: keyof IvDiagnosisFeatures) => {
      const v = of.map((r) => r.d.features[name]).sort((a, b) => a - b);
      const at = (p: number) => v[Math.min(v.length - 1, Math.floor(p * v.length))]!.toFixed(3);
      return `${name} ${at(0)}/${at(0.05)}/${at(0.5)}/${at(0.95)}/${at(1)}`;
    };
    console.log(cls.padEnd(20), names.map(q).join('  '));
  }
}

const macro = recalls.reduce((a, b) => a + b, 0) / recalls.length;
console.log(
  `iv-accuracy: macro accuracy ${(100 * macro).toFixed(1)} % (target ≥ 95 %) on ${results.length} curves, ` +
    `${((1000 * cpuS) / results.length).toFixed(2)} ms CPU per curve, ${(results.length / wallS).toFixed(0)} curves/s wall, ` +
    `load ${loadavg()[0]!.toFixed(2)}`,
);
