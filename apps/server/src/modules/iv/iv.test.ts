import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import {
  EXAMPLE_MODULE_400W,
  addTracerNoise,
  drawStringState,
  moduleReferenceParameters,
  mulberry32,
  stringCurve,
  synthesizeScan,
  type IvFaultClass,
} from '@solarops/pv';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';

type Headers = Record<string, string>;

const module = EXAMPLE_MODULE_400W;
const conditions = { poaWm2: 850, moduleTempC: 48 };

/** The open door's body for a synthetic scan of a 16-module string with the given fault. */
function body(fault: IvFaultClass, seed: number) {
  const scan = synthesizeScan({ module, modulesInSeries: 16 }, fault, 850, 48, 240, mulberry32(seed));
  return { module, modulesInSeries: 16, conditions, points: scan.points };
}

describe('POST /iv/diagnose, the open door', () => {
  let t: TestApp;
  let installer: Headers;
  let endUser: Headers;
  const diagnose = (payload: unknown, headers = installer, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/prod-api/iv/diagnose?langType=${lang}`,
      headers,
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await createTestApp();
    installer = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.installer }))).headers;
    endUser = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.endUser }))).headers;
  });
  afterAll(() => t.close());

  it('diagnoses a healthy string: its STC figures near the datasheet, performance factor near 1', async () => {
    const res = await diagnose(body('normal', 1));
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(200);
    expect(data.faultClass).toBe('normal');
    expect(data.confidence).toBeGreaterThanOrEqual(0.5);
    expect(data.stc.pmpW / (16 * 400)).toBeGreaterThan(0.96);
    expect(data.stc.pmpW / (16 * 400)).toBeLessThan(1.04);
    expect(data.stc.iscA).toBeCloseTo(10.3, 0);
    expect(data.stc.vocV / (16 * 49.5)).toBeGreaterThan(0.98);
    expect(data.performanceFactor).toBeGreaterThan(0.97);
    expect(data.advice).toBe('The string is healthy; nothing to do.');
  });

  it('names the fault of a shaded, an open and a shunted string, with advice in the caller’s language', async () => {
    const shaded = (await diagnose(body('partial_shading', 2), installer, 'zh')).json().data;
    expect(shaded.faultClass).toBe('partial_shading');
    expect(shaded.advice).toContain('遮挡');
    const open = (await diagnose(body('open_circuit', 3))).json().data;
    expect(open.faultClass).toBe('open_circuit');
    expect(open.performanceFactor).toBeLessThan(0.05);
    expect(open.energyLostKwhPerDay).toBeGreaterThan(20);
    const shunted = (await diagnose(body('shunt_resistance', 4))).json().data;
    expect(shunted.faultClass).toBe('shunt_resistance');
    expect(shunted.rshOhm).toBeLessThan(2000);
  });

  it('a curve between two classes answers both, with the lowConfidence flag', async () => {
    // 20 % short of light, like soiling, with the dark current doubled, as in early ageing: half of each.
    const layout = { module, modulesInSeries: 16 };
    const ref = moduleReferenceParameters(module);
    const state = drawStringState(
      'normal',
      {
        modulesInSeries: 16,
        bypassDiodesPerModule: 3,
        moduleVocV: module.vocV,
        moduleIscA: module.iscA,
        moduleShuntRefOhm: ref.rShRef,
        moduleDiodeVoltageV: ref.aRef,
      },
      mulberry32(1),
    );
    for (const s of state.substrings) {
      s.light *= 0.8;
      s.saturation = 2;
    }
    const points = addTracerNoise(stringCurve(layout, state, 850, 48, 240), layout, mulberry32(2));
    const res = await diagnose({ ...layout, conditions, points });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.lowConfidence).toBe(true);
    expect([d.faultClass, d.secondClass].sort()).toEqual(['degradation', 'soiling']);
    expect(d.confidence + d.secondConfidence).toBeGreaterThan(0.8);
    expect(d.secondConfidence).toBeGreaterThan(0.5 * d.confidence);
    // A clear case is not flagged.
    const clear = (await diagnose(body('open_circuit', 3))).json().data;
    expect(clear.lowConfidence).toBe(false);
  });

  it('answers 422, never 500, for a curve whose figures cannot be computed (all-zero current)', async () => {
    const healthy = body('normal', 3);
    const res = await diagnose({ ...healthy, points: healthy.points.map(([v]) => [v, 0]) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().msg).toMatch(
      /^This curve cannot be diagnosed: \S+ of the result is not a valid number/,
    );
    const zh = await diagnose({ ...healthy, points: healthy.points.map(([v]) => [v, 0]) }, installer, 'zh');
    expect(zh.json().msg).toMatch(/^无法诊断该曲线/);
  });

  it('a string of 15 modules scanned against a layout of 18 is a length difference, not a fault', async () => {
    const scan = synthesizeScan({ module, modulesInSeries: 15 }, 'normal', 850, 48, 240, mulberry32(21));
    const res = await diagnose({ module, modulesInSeries: 18, conditions, points: scan.points });
    const d = res.json().data;
    expect(d.stringLength).toEqual({ configured: 18, measured: 15 });
    expect(d.faultClass).toBe('normal');
    expect(d.reportedClass).toBe('normal');
    // Judged as the 15 modules it has: no loss against them.
    expect(d.performanceFactor).toBeGreaterThan(0.97);
    expect(d.advice).toMatch(/^String length differs from the configuration \(15 instead of 18 modules\)/);
    const zh = (
      await diagnose({ module, modulesInSeries: 18, conditions, points: scan.points }, installer, 'zh')
    ).json().data;
    expect(zh.advice).toContain('组串长度与配置不符（实测 15 块，配置 18 块）');
    // The same curve against its own length has no length note.
    const own = (await diagnose({ module, modulesInSeries: 15, conditions, points: scan.points })).json()
      .data;
    expect(own.stringLength).toBeNull();
  });

  it('answers 400 naming the field for each bad input', async () => {
    const good = body('normal', 5);
    const cases: [string, unknown][] = [
      ['points', { ...good, points: good.points.slice(0, 19) }],
      ['points', { ...good, points: Array.from({ length: 2001 }, (_, k) => [k, 1]) }],
      ['points.7', { ...good, points: good.points.map((p, k) => (k === 7 ? [0, p[1]] : p)) }],
      ['conditions.poaWm2', { ...good, conditions: { ...conditions, poaWm2: -5 } }],
      ['module.vocV', { ...good, module: { ...module, vocV: 'high' } }],
      ['modulesInSeries', { ...good, modulesInSeries: 0 }],
    ];
    for (const [field, payload] of cases) {
      const res = await diagnose(payload);
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    const rising = await diagnose(cases[2]![1]);
    expect(rising.json().msg).toBe('points.7: Voltages must rise from point to point (in sweep order)');
  });

  it('is for the diagnosis screen: a user without it gets 403, a stranger 401', async () => {
    expect((await diagnose(body('normal', 6), endUser)).statusCode).toBe(403);
    expect((await diagnose(body('normal', 6), {})).statusCode).toBe(401);
  });
});
