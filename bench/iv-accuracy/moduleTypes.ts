/**
 * Module datasheets for the IV-accuracy bench, drawn at random over the ranges real crystalline-silicon datasheets
 * span: 60, 66 or 72 cells (full or half-cut, three bypass diodes), 0.60–0.70 V of V_oc per cell, I_sc 8.5–18.5 A,
 * V_mp/V_oc 0.79–0.85, I_mp/I_sc 0.91–0.96, α 0.03–0.07 %/K, β −0.24…−0.38 %/K, γ −0.29…−0.45 %/K. Drawing them,
 * rather than picking from a few, keeps the diagnosis from learning one module's shape.
 */
import type { PvModuleDatasheet, Rng } from '@solarops/pv';

/**
 * @param rng - Uniform random numbers
 * @returns a datasheet a maker could print
 */
export function randomDatasheet(rng: Rng): PvModuleDatasheet {
  const between = (lo: number, hi: number) => lo + (hi - lo) * rng();
  const round = (x: number, digits: number) => Number(x.toFixed(digits));
  const cellsPerModule = [60, 66, 72][Math.floor(rng() * 3)]!;
  const vocV = round(cellsPerModule * between(0.6, 0.7), 1);
  const iscA = round(between(8.5, 18.5), 2);
  const vmpV = round(vocV * between(0.79, 0.85), 1);
  const impA = round(iscA * between(0.91, 0.96), 2);
  return {
    pmaxW: Math.round(vmpV * impA),
    vmpV,
    impA,
    vocV,
    iscA,
    alphaIscPctPerK: round(between(0.03, 0.07), 3),
    betaVocPctPerK: round(between(-0.38, -0.24), 3),
    gammaPmaxPctPerK: round(between(-0.45, -0.29), 3),
    cellsPerModule,
    bypassDiodesPerModule: 3,
  };
}
