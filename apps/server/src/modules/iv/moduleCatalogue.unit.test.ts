import { ivModuleDatasheet } from '@solarops/contracts';
import { describe, expect, it } from 'vitest';
import { MODULE_CATALOGUE } from './moduleCatalogue.ts';

// A typing slip in a datasheet value would make every string of that module look faulty; each entry is checked
// against what physics allows a crystalline silicon module.
describe('the shipped module list', () => {
  it('holds at least 40 modules of several makers, each named once', () => {
    expect(MODULE_CATALOGUE.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MODULE_CATALOGUE.map((m) => m.maker)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(MODULE_CATALOGUE.map((m) => m.id)).size).toBe(MODULE_CATALOGUE.length);
  });

  it.each(MODULE_CATALOGUE.map((m) => [`${m.maker} ${m.model}`, m.module] as const))(
    '%s is physically consistent',
    (_, m) => {
      expect(ivModuleDatasheet.parse(m)).toEqual(m);
      expect(m.vmpV).toBeLessThan(m.vocV);
      expect(m.impA).toBeLessThan(m.iscA);
      // The printed maximum power is the product of its voltage and current, within rounding (1 %).
      expect(Math.abs(m.vmpV * m.impA - m.pmaxW) / m.pmaxW).toBeLessThan(0.01);
      // Fill factor of crystalline modules: 0.72 to 0.84.
      const ff = m.pmaxW / (m.vocV * m.iscA);
      expect(ff).toBeGreaterThan(0.72);
      expect(ff).toBeLessThan(0.84);
      // V_oc per cell in series: 0.6 to 0.76 V (PERC to heterojunction and back contact).
      expect(m.vocV / m.cellsPerModule).toBeGreaterThan(0.6);
      expect(m.vocV / m.cellsPerModule).toBeLessThan(0.76);
      // Temperature coefficients as printed [%/K].
      expect(m.alphaIscPctPerK).toBeGreaterThanOrEqual(0.02);
      expect(m.alphaIscPctPerK).toBeLessThanOrEqual(0.08);
      expect(m.betaVocPctPerK).toBeGreaterThanOrEqual(-0.35);
      expect(m.betaVocPctPerK).toBeLessThanOrEqual(-0.2);
      expect(m.gammaPmaxPctPerK).toBeGreaterThanOrEqual(-0.45);
      expect(m.gammaPmaxPctPerK).toBeLessThanOrEqual(-0.25);
      // P_max falls faster with temperature than V_oc does (the current's rise does not make up for the fill factor).
      expect(m.gammaPmaxPctPerK).toBeLessThan(m.betaVocPctPerK);
    },
  );
});
