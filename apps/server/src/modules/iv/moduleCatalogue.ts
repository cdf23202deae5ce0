/**
 * Common PV modules as their makers' public datasheets print them at STC (1000 W/m², 25 °C cell, AM 1.5), the
 * starting point of an IV template or an inverter's module type. Temperature coefficients in %/K as printed.
 *
 * `cellsPerModule` counts the cells in series, the number the single-diode fit needs: a half-cut module of 144
 * half cells is two halves of 72 in parallel, so 72 (108 → 54, 120 → 60, 132 → 66, 150 → 75, 110 → 55). Thin-film
 * modules without bypass diodes (First Solar's CdTe) are left out: a string's steps assume a diode per substring.
 * The list is checked for physical consistency by `moduleCatalogue.unit.test.ts`.
 */
import type { IvCatalogueModule, IvModuleDatasheet } from '@solarops/contracts';

type Row = [
  maker: string,
  series: string,
  model: string,
  pmaxW: number,
  vmpV: number,
  impA: number,
  vocV: number,
  iscA: number,
  alphaIscPctPerK: number,
  betaVocPctPerK: number,
  gammaPmaxPctPerK: number,
  cellsInSeries: number,
  bypassDiodes: number,
];

// prettier-ignore
const ROWS: Row[] = [
  ['LONGi', 'Hi-MO 5m', 'LR5-72HPH-540M', 540, 41.65, 12.97, 49.5, 13.85, 0.048, -0.27, -0.35, 72, 3],
  ['LONGi', 'Hi-MO 5m', 'LR5-72HPH-545M', 545, 41.8, 13.04, 49.65, 13.92, 0.048, -0.27, -0.35, 72, 3],
  ['LONGi', 'Hi-MO 5m', 'LR5-72HPH-550M', 550, 41.95, 13.12, 49.8, 13.98, 0.048, -0.27, -0.35, 72, 3],
  ['LONGi', 'Hi-MO 5m', 'LR5-72HPH-555M', 555, 42.1, 13.19, 49.95, 14.04, 0.048, -0.27, -0.35, 72, 3],
  ['LONGi', 'Hi-MO 5m', 'LR5-54HPH-410M', 410, 31.35, 13.08, 37.45, 13.86, 0.048, -0.27, -0.35, 54, 3],
  ['LONGi', 'Hi-MO 4m', 'LR4-72HPH-450M', 450, 41.5, 10.85, 49.3, 11.6, 0.048, -0.27, -0.35, 72, 3],
  ['LONGi', 'Hi-MO 1', 'LR6-60PE-300M', 300, 32.6, 9.21, 39.9, 9.75, 0.057, -0.286, -0.37, 60, 3],
  ['JinkoSolar', 'Tiger Pro', 'JKM540M-72HL4-V', 540, 41.13, 13.13, 49.42, 13.85, 0.048, -0.28, -0.35, 72, 3],
  ['JinkoSolar', 'Tiger Pro', 'JKM550M-72HL4-V', 550, 41.58, 13.23, 49.94, 14.01, 0.048, -0.28, -0.35, 72, 3],
  ['JinkoSolar', 'Tiger Neo', 'JKM420N-54HL4-V', 420, 31.51, 13.33, 38.11, 14.07, 0.045, -0.25, -0.29, 54, 3],
  ['JinkoSolar', 'Eagle', 'JKM330PP-72', 330, 37.8, 8.74, 46.9, 9.14, 0.06, -0.3, -0.4, 72, 3],
  ['JinkoSolar', 'Eagle', 'JKM265PP-60', 265, 31.4, 8.44, 38.6, 8.92, 0.06, -0.3, -0.4, 60, 3],
  ['Trina Solar', 'Vertex', 'TSM-DE18M(II) 500', 500, 42.8, 11.69, 51.7, 12.28, 0.04, -0.25, -0.34, 75, 3],
  ['Trina Solar', 'Vertex', 'TSM-DE19 550', 550, 31.6, 17.4, 37.9, 18.52, 0.04, -0.25, -0.34, 55, 3],
  ['Trina Solar', 'Vertex', 'TSM-DE20 600', 600, 34.6, 17.35, 41.7, 18.42, 0.04, -0.25, -0.34, 60, 3],
  ['Trina Solar', 'Vertex', 'TSM-DE21 670', 670, 38.2, 17.55, 46.1, 18.62, 0.04, -0.25, -0.34, 66, 3],
  ['Trina Solar', 'Vertex S', 'TSM-DE09.08 400', 400, 34.2, 11.7, 41.2, 12.28, 0.04, -0.25, -0.34, 60, 3],
  ['JA Solar', 'DeepBlue 3.0', 'JAM72S30-540/MR', 540, 41.64, 12.97, 49.6, 13.86, 0.045, -0.275, -0.35, 72, 3],
  ['JA Solar', 'DeepBlue 3.0', 'JAM72S30-545/MR', 545, 41.8, 13.04, 49.75, 13.93, 0.045, -0.275, -0.35, 72, 3],
  ['JA Solar', 'DeepBlue 3.0', 'JAM72S30-550/MR', 550, 41.96, 13.11, 49.9, 14.0, 0.045, -0.275, -0.35, 72, 3],
  ['JA Solar', 'DeepBlue 3.0', 'JAM54S30-410/MR', 410, 31.45, 13.04, 37.23, 13.87, 0.045, -0.275, -0.35, 54, 3],
  ['JA Solar', 'DeepBlue', 'JAM72S20-450/MR', 450, 41.52, 10.84, 49.7, 11.41, 0.044, -0.272, -0.35, 72, 3],
  ['Canadian Solar', 'HiKu', 'CS3W-450MS', 450, 41.1, 10.96, 49.1, 11.6, 0.05, -0.27, -0.35, 72, 3],
  ['Canadian Solar', 'HiKu6', 'CS6R-410MS', 410, 30.8, 13.32, 37.0, 14.02, 0.05, -0.26, -0.34, 54, 3],
  ['Canadian Solar', 'HiKu6', 'CS6W-550MS', 550, 41.7, 13.2, 49.6, 14.0, 0.05, -0.26, -0.34, 72, 3],
  ['Canadian Solar', 'HiKu7', 'CS7N-660MS', 660, 38.5, 17.15, 45.6, 18.39, 0.05, -0.26, -0.34, 66, 3],
  ['Canadian Solar', 'MaxPower', 'CS6U-330P', 330, 37.2, 8.88, 45.6, 9.45, 0.053, -0.31, -0.41, 72, 3],
  ['Canadian Solar', 'CS6K-M', 'CS6K-280M', 280, 31.5, 8.89, 38.5, 9.43, 0.05, -0.29, -0.39, 60, 3],
  ['Canadian Solar', 'CS6P-P', 'CS6P-260P', 260, 30.4, 8.56, 37.5, 9.12, 0.053, -0.31, -0.41, 60, 3],
  ['Risen', 'Titan', 'RSM110-8-550M', 550, 31.86, 17.27, 38.18, 18.28, 0.04, -0.25, -0.34, 55, 3],
  ['Astronergy', 'ASTRO 5s', 'CHSM54M-HC 410', 410, 31.42, 13.05, 37.4, 13.88, 0.048, -0.27, -0.34, 54, 3],
  ['REC', 'Alpha Pure', 'REC400AA Pure', 400, 41.0, 9.76, 48.5, 10.29, 0.04, -0.24, -0.26, 66, 3],
  ['REC', 'N-Peak', 'REC330NP', 330, 34.6, 9.55, 40.9, 10.16, 0.04, -0.27, -0.35, 60, 3],
  ['REC', 'TwinPeak 2', 'REC300TP2', 300, 32.8, 9.16, 39.8, 9.77, 0.045, -0.31, -0.39, 60, 3],
  ['Qcells', 'Q.PEAK DUO', 'Q.PEAK DUO-G5 320', 320, 33.65, 9.51, 40.08, 10.05, 0.04, -0.28, -0.37, 60, 3],
  ['Qcells', 'Q.PEAK DUO', 'Q.PEAK DUO ML-G10+ 400', 400, 37.13, 10.77, 45.3, 11.14, 0.04, -0.27, -0.34, 66, 3],
  ['Qcells', 'Q.PEAK', 'Q.PEAK-G4.1 300', 300, 32.41, 9.26, 39.76, 9.77, 0.04, -0.28, -0.39, 60, 3],
  ['SunPower', 'Maxeon 3', 'SPR-MAX3-400', 400, 65.8, 6.08, 75.6, 6.58, 0.044, -0.234, -0.27, 104, 3],
  ['SunPower', 'X-Series', 'SPR-X22-360', 360, 59.1, 6.09, 69.5, 6.48, 0.054, -0.241, -0.29, 96, 3],
  ['SunPower', 'E-Series', 'SPR-E20-327', 327, 54.7, 5.98, 64.9, 6.46, 0.054, -0.272, -0.38, 96, 3],
  ['LG', 'NeON 2', 'LG350N1C-V5', 350, 35.3, 9.92, 41.3, 10.61, 0.03, -0.27, -0.36, 60, 3],
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The shipped list, in maker order; each entry's `id` is stable (maker and model). */
export const MODULE_CATALOGUE: readonly IvCatalogueModule[] = ROWS.map((r) => {
  const [maker, series, model, pmaxW, vmpV, impA, vocV, iscA, alpha, beta, gamma, cells, diodes] = r;
  const module: IvModuleDatasheet = {
    pmaxW,
    vmpV,
    impA,
    vocV,
    iscA,
    alphaIscPctPerK: alpha,
    betaVocPctPerK: beta,
    gammaPmaxPctPerK: gamma,
    cellsPerModule: cells,
    bypassDiodesPerModule: diodes,
  };
  return { id: slug(`${maker} ${model}`), maker, series, model, module };
});
