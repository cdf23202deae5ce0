import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@solarops/pv';
import { scanString, stringIvCurve } from './ivCurve.ts';
import { TEST_MODULE } from './testPlants.ts';

describe('stringIvCurve', () => {
  it('reproduces the datasheet at STC within 2 %', () => {
    const iv = stringIvCurve(TEST_MODULE, 10, 1000, 25, 50);
    expect(Math.abs(iv.pMp - 10 * TEST_MODULE.pmaxW) / (10 * TEST_MODULE.pmaxW)).toBeLessThan(0.02);
    expect(Math.abs(iv.vOc - 10 * TEST_MODULE.vocV) / (10 * TEST_MODULE.vocV)).toBeLessThan(0.02);
    expect(Math.abs(iv.iSc - TEST_MODULE.iscA) / TEST_MODULE.iscA).toBeLessThan(0.02);
    expect(iv.curve).toHaveLength(50);
    expect(iv.curve[0]?.voltage).toBe(0);
    expect(iv.curve.at(-1)?.current).toBeCloseTo(0, 6);
  });

  it('loses voltage when hot and current when dim, and is flat at night', () => {
    const hot = stringIvCurve(TEST_MODULE, 10, 1000, 65);
    const dim = stringIvCurve(TEST_MODULE, 10, 200, 25);
    const ref = stringIvCurve(TEST_MODULE, 10, 1000, 25);
    expect(hot.vOc).toBeLessThan(ref.vOc);
    expect(dim.iSc).toBeLessThan(0.25 * ref.iSc);
    expect(stringIvCurve(TEST_MODULE, 10, 0, 10).pMp).toBe(0);
  });
});

describe('scanString', () => {
  it('draws faults at their rates and answers with the tracer’s points', () => {
    const rng = mulberry32(5);
    const scans = Array.from({ length: 40 }, () =>
      scanString(TEST_MODULE, 10, 800, 45, 200, { open_circuit: 0.25 }, rng),
    );
    const open = scans.filter((s) => s.fault === 'open_circuit');
    expect(open.length).toBeGreaterThan(4);
    expect(open.length).toBeLessThan(20);
    expect(scans.filter((s) => s.fault === 'normal').length).toBe(40 - open.length);
    for (const s of scans) expect(s.points).toHaveLength(200);
    expect(Math.max(...open[0]!.points.map((p) => p[1]))).toBeLessThan(0.2);
    const healthy = scans.find((s) => s.fault === 'normal')!;
    expect(Math.max(...healthy.points.map((p) => p[1]))).toBeGreaterThan(0.75 * TEST_MODULE.iscA);
  });
});
