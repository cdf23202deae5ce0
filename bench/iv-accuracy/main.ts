/**
 * bench/iv-accuracy: how well the IV-curve diagnosis tells the ten fault classes apart, on three sets, each with
 * its per-class recall and precision and its confusion matrix (rows: true class, columns: diagnosed):
 *
 * 1. our own synthetic set at the training seed: the curves the classifier's weights were chosen on (train.ts);
 * 2. the held-out part of our own set (another seed): never read while choosing weights or thresholds;
 * 3. the independent check set (data/labelled-curves-200.json.gz): 200 curves from a physics generator that is not
 *    ours, never read while choosing weights or thresholds.
 *
 * `npm run bench:iv-accuracy -w bench`. PER_CLASS: curves per class of our sets (default 200).
 * Last line: macro recall (mean per-class recall) of the held-out part and of the independent set, the lowest class
 * recall of each, and CPU milliseconds per curve beside the wall-clock rate.
 */
import { loadavg } from 'node:os';
import { IV_CLASSIFIER_MODEL, IV_FAULT_CLASSES, diagnoseIvCurve } from '@solarops/pv';
import { labelledSet, type LabelledCurve } from './labelledSet.ts';
import { HELD_OUT_SEED, TRAINING_SEED } from './seeds.ts';
import { independentCheckSet } from './sharedSet.ts';

const perClass = Number(process.env.PER_CLASS ?? 200);

interface Scores {
  macroRecall: number;
  lowestRecall: number;
  curves: number;
  cpuS: number;
  wallS: number;
}

function report(title: string, set: LabelledCurve[]): Scores {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const results = set.map((c) => ({ label: c.label, d: diagnoseIvCurve(c.input) }));
  const wallS = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const index = new Map(IV_FAULT_CLASSES.map((c, k) => [c, k]));
  const matrix = IV_FAULT_CLASSES.map(() => IV_FAULT_CLASSES.map(() => 0));
  for (const r of results) matrix[index.get(r.label)!]![index.get(r.d.faultClass)!]!++;
  const low = results.filter((r) => r.d.lowConfidence);
  console.log(`\n${title}: ${results.length} curves`);
  console.log(
    `${'true \\ diagnosed'.padEnd(20)}${IV_FAULT_CLASSES.map((c) => c.slice(0, 6).padStart(7)).join('')}  recall  precision`,
  );
  const recalls = matrix.map((row, k) => {
    const recall =
      row[k]! /
      Math.max(
        1,
        row.reduce((a, b) => a + b, 0),
      );
    const called = matrix.reduce((s, r) => s + r[k]!, 0);
    const precision = called === 0 ? NaN : row[k]! / called;
    console.log(
      `${IV_FAULT_CLASSES[k]!.padEnd(20)}${row.map((v) => String(v).padStart(7)).join('')}  ` +
        `${recall.toFixed(3).padStart(6)}  ${precision.toFixed(3).padStart(9)}`,
    );
    return recall;
  });
  const wrongLow = low.filter((r) => r.d.faultClass !== r.label).length;
  const wrong = results.filter((r) => r.d.faultClass !== r.label);
  const secondRight = wrong.filter((r) => r.d.secondClass === r.label).length;
  console.log(
    `lowConfidence on ${low.length} curves (${wrongLow} of them wrong); of ${wrong.length} wrong, ` +
      `${secondRight} have the true class second`,
  );
  const macroRecall = recalls.reduce((a, b) => a + b, 0) / recalls.length;
  console.log(
    `macro recall ${macroRecall.toFixed(3)}, lowest class recall ${Math.min(...recalls).toFixed(3)}`,
  );
  return {
    macroRecall,
    lowestRecall: Math.min(...recalls),
    curves: results.length,
    cpuS: (cpu.user + cpu.system) / 1e6,
    wallS,
  };
}

console.log(`Classifier weights chosen on: ${IV_CLASSIFIER_MODEL.trainedOn}.`);
console.log('Neither the held-out part nor the independent set was read while choosing them.');
report(
  `Our set, training seed ${TRAINING_SEED} (the weights were chosen on this)`,
  labelledSet(TRAINING_SEED, perClass),
);
const heldOut = report(`Our set, held-out seed ${HELD_OUT_SEED}`, labelledSet(HELD_OUT_SEED, perClass));
const independent = report('Independent check set (200 curves, another generator)', independentCheckSet());
const curves = heldOut.curves + independent.curves;
const cpuS = heldOut.cpuS + independent.cpuS;
const wallS = heldOut.wallS + independent.wallS;
console.log(
  `iv-accuracy: macro recall held-out ${heldOut.macroRecall.toFixed(3)} (lowest class ${heldOut.lowestRecall.toFixed(3)}), ` +
    `independent ${independent.macroRecall.toFixed(3)} (lowest class ${independent.lowestRecall.toFixed(3)}); ` +
    `target ≥ 0.95, no class < 0.90; ${((1000 * cpuS) / curves).toFixed(2)} ms CPU per curve, ` +
    `${(curves / wallS).toFixed(0)} curves/s wall, load ${loadavg()[0]!.toFixed(2)}`,
);
