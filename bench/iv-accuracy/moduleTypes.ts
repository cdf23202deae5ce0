/**
 * Module types of the IV-accuracy bench: datasheets of four common kinds (60-cell poly, 72-cell mono, 144 half-cell
 * mono PERC, 96-cell back-contact), with string lengths an installer would choose for a 1 000 V inverter.
 */
import { EXAMPLE_MODULE_400W, type PvModuleDatasheet } from '@solarops/pv';

export interface BenchModuleType {
  name: string;
  module: PvModuleDatasheet;
  /** Modules in series, lowest and highest [unitless]. */
  modulesInSeries: [number, number];
}

export const BENCH_MODULE_TYPES: BenchModuleType[] = [
  {
    name: 'poly-60-270',
    module: {
      pmaxW: 270,
      vmpV: 31.0,
      impA: 8.71,
      vocV: 38.3,
      iscA: 9.43,
      alphaIscPctPerK: 0.06,
      betaVocPctPerK: -0.36,
      gammaPmaxPctPerK: -0.41,
      cellsPerModule: 60,
      bypassDiodesPerModule: 3,
    },
    modulesInSeries: [12, 22],
  },
  {
    name: 'mono-72-400',
    module: EXAMPLE_MODULE_400W,
    modulesInSeries: [10, 18],
  },
  {
    name: 'perc-144-550',
    module: {
      pmaxW: 550,
      vmpV: 41.96,
      impA: 13.11,
      vocV: 49.9,
      iscA: 13.98,
      alphaIscPctPerK: 0.048,
      betaVocPctPerK: -0.27,
      gammaPmaxPctPerK: -0.35,
      cellsPerModule: 144,
      bypassDiodesPerModule: 3,
    },
    modulesInSeries: [10, 18],
  },
  {
    name: 'ibc-96-320',
    module: {
      pmaxW: 320,
      vmpV: 54.7,
      impA: 5.86,
      vocV: 64.8,
      iscA: 6.24,
      alphaIscPctPerK: 0.04,
      betaVocPctPerK: -0.27,
      gammaPmaxPctPerK: -0.35,
      cellsPerModule: 96,
      bypassDiodesPerModule: 3,
    },
    modulesInSeries: [8, 14],
  },
];
