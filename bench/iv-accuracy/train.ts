/**
 * Chooses the IV classifier's weights on our own synthetic strings (labelledSet.ts, TRAINING_SEED only) and writes
 * them to packages/pv/src/ivClassifierModel.ts. `npm run bench:iv-train -w bench`; PER_CLASS (default 400).
 *
 * Multinomial logistic regression on the standardised physics features, with an L2 penalty, by full-batch
 * gradient descent with Adam steps. The held-out seed and the independent check set are never read here.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  IV_FAULT_CLASSES,
  MODEL_CLASSES,
  classifierVector,
  diagnoseIvCurve,
  type IvFaultClass,
} from '@solarops/pv';
import { labelledSet } from './labelledSet.ts';
import { TRAINING_SEED } from './seeds.ts';

const perClass = Number(process.env.PER_CLASS ?? 400);
const l2 = Number(process.env.L2 ?? 1e-3);
const iterations = Number(process.env.ITERATIONS ?? 3000);

const set = labelledSet(TRAINING_SEED, perClass).filter((c) => c.label !== 'open_circuit');
const xs = set.map((c) => classifierVector(diagnoseIvCurve(c.input).features));
const ys = set.map((c) => MODEL_CLASSES.indexOf(c.label as IvFaultClass));
const d = xs[0]!.length;
const mean = Array.from({ length: d }, (_, k) => xs.reduce((s, x) => s + x[k]!, 0) / xs.length);
const scale = Array.from({ length: d }, (_, k) => {
  const v = xs.reduce((s, x) => s + (x[k]! - mean[k]!) ** 2, 0) / xs.length;
  return Math.sqrt(v) || 1;
});
const zs = xs.map((x) => [1, ...x.map((v, k) => (v - mean[k]!) / scale[k]!)]);
const classes = MODEL_CLASSES.length;
const w = Array.from({ length: classes }, () => new Array<number>(d + 1).fill(0));
const m1 = w.map((row) => row.map(() => 0));
const m2 = w.map((row) => row.map(() => 0));
const rate = 0.05;
let loss = 0;
for (let it = 1; it <= iterations; it++) {
  const grad = w.map((row) => row.map(() => 0));
  loss = 0;
  zs.forEach((z, n) => {
    const scores = w.map((row) => row.reduce((s, wk, k) => s + wk * z[k]!, 0));
    const top = Math.max(...scores);
    const e = scores.map((s) => Math.exp(s - top));
    const sum = e.reduce((a, b) => a + b, 0);
    loss -= Math.log(e[ys[n]!]! / sum);
    e.forEach((ek, c) => {
      const g = ek / sum - (c === ys[n] ? 1 : 0);
      const row = grad[c]!;
      for (let k = 0; k <= d; k++) row[k]! += (g * z[k]!) / zs.length;
    });
  });
  w.forEach((row, c) =>
    row.forEach((wk, k) => {
      const g = grad[c]![k]! + (k > 0 ? l2 * wk : 0);
      m1[c]![k] = 0.9 * m1[c]![k]! + 0.1 * g;
      m2[c]![k] = 0.999 * m2[c]![k]! + 0.001 * g * g;
      const hat1 = m1[c]![k]! / (1 - 0.9 ** it);
      const hat2 = m2[c]![k]! / (1 - 0.999 ** it);
      row[k] = wk - (rate * hat1) / (Math.sqrt(hat2) + 1e-8);
    }),
  );
  if (it % 500 === 0) console.log(`iteration ${it}: mean log loss ${(loss / zs.length).toFixed(4)}`);
}

const round = (x: number) => Number(x.toPrecision(5));
const trainedOn =
  `our synthetic strings, seed ${TRAINING_SEED}, ${perClass} per class ` +
  `(${IV_FAULT_CLASSES.length - 1} classes; open circuit by rule), L2 ${l2}, ${iterations} iterations`;
const source = `/**
 * Weights of the IV classifier (ivClassifier.ts), written by bench/iv-accuracy/train.ts: do not edit by hand.
 * Chosen on ${trainedOn}.
 */
import type { IvClassifierModel } from './ivClassifier.ts';

export const IV_CLASSIFIER_MODEL: IvClassifierModel = ${JSON.stringify(
  { trainedOn, mean: mean.map(round), scale: scale.map(round), weights: w.map((row) => row.map(round)) },
  null,
  2,
)};
`;
const target = fileURLToPath(new URL('../../packages/pv/src/ivClassifierModel.ts', import.meta.url));
// Written as the formatter would write it, so that the generated file passes the format check as it is.
writeFileSync(target, await format(source, { ...(await resolveConfig(target)), filepath: target }));
console.log(
  `iv-train: ${zs.length} curves, ${d} features, final mean log loss ${(loss / zs.length).toFixed(4)}`,
);
