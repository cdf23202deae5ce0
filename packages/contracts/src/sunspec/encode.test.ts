import { describe, expect, it } from 'vitest';
import { decodeModel, encodeModel, modelDef, sunspecMap } from './index.ts';

describe('SunSpec encoder', () => {
  it('writes a three-phase inverter that the decoder reads back with the values given', () => {
    const def = modelDef(103)!;
    const regs = encodeModel(def, {
      points: {
        A: 21.7,
        AphA: 7.2,
        A_SF: -1,
        PhVphA: 231.4,
        V_SF: -1,
        W: 4980,
        W_SF: 0,
        Hz: 50.02,
        Hz_SF: -2,
        WH: 12_345_678,
        WH_SF: 0,
        TmpCab: -5.5,
        Tmp_SF: -1,
        St: 4,
        Evt1: 0b1000,
      },
    });
    expect(regs.slice(0, 2)).toEqual([103, 50]);
    expect(regs).toHaveLength(52);
    const decoded = decodeModel(def, regs);
    expect(decoded.points).toMatchObject({
      A: 21.7,
      AphA: 7.2,
      PhVphA: 231.4,
      W: 4980,
      Hz: 50.02,
      WH: 12_345_678,
      TmpCab: -5.5,
      St: 4,
      Evt1: 8,
    });
    // What was not given is "not implemented", so the decoder leaves it out rather than reading 0.
    expect(decoded.points).not.toHaveProperty('AphB');
    expect(decoded.points).not.toHaveProperty('VA');
    expect(decoded.points).not.toHaveProperty('Evt2');
  });

  it('writes the common model strings and model 160 with as many modules as its count says', () => {
    const common = encodeModel(modelDef(1)!, {
      points: { Mn: 'SolarOps', Md: 'SIM-HYB-10K', SN: 'INV0001', Vr: '1.2.3' },
    });
    expect(decodeModel(modelDef(1)!, common).points).toMatchObject({
      Mn: 'SolarOps',
      Md: 'SIM-HYB-10K',
      SN: 'INV0001',
      Vr: '1.2.3',
    });
    const mppt = encodeModel(modelDef(160)!, {
      points: { DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, N: 2 },
      groups: { module: [{ points: { ID: 1, DCV: 612.3, DCA: 8.41, DCW: 5150 } }, { points: { ID: 2 } }] },
    });
    const decoded = decodeModel(modelDef(160)!, mppt);
    expect(decoded.groups.module).toHaveLength(2);
    expect(decoded.groups.module![0]!.points).toMatchObject({ DCV: 612.3, DCA: 8.41, DCW: 5150 });
    expect(decoded.groups.module![1]!.points).not.toHaveProperty('DCV');
  });

  it('refuses a value its type cannot hold instead of wrapping it around', () => {
    expect(() => encodeModel(modelDef(103)!, { points: { W: 40_000, W_SF: 0 } })).toThrow(/does not fit/);
    expect(() => encodeModel(modelDef(103)!, { points: { W: 4000 } })).toThrow(/W_SF is not given/);
  });

  it('lays a map out from the SunS marker to the end marker', () => {
    const map = sunspecMap([encodeModel(modelDef(1)!, { points: { Mn: 'X' } })]);
    expect(map.get(40000)).toBe(0x5375);
    expect(map.get(40001)).toBe(0x6e53);
    expect(map.get(40002)).toBe(1);
    expect(map.get(40003)).toBe(66);
    expect(map.get(40004 + 66)).toBe(0xffff);
    expect(map.get(40005 + 66)).toBe(0);
  });
});
