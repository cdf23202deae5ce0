import { describe, expect, it } from 'vitest';
import { discoverSunSpec } from '../src/sunspec/discover.ts';
import { layoutModel, modelDef, type DecodedGroup } from '@solarops/contracts/sunspec';
import { loadImage, mapReader, registerMap } from './imageServer.ts';

const IMAGES = ['DeviceSMASunnyBoy36Dated20230810', 'DeviceSMASunnyBoy36Dated20250518', 'EmulatedDER'];

/**
 * What the SunSpec Modbus specification says a point's registers mean, written out here apart from the decoder:
 * the signedness and the "not implemented" value of each type.
 */
const SPEC: Record<string, { signed: boolean; notImplemented?: bigint }> = {
  int16: { signed: true, notImplemented: -0x8000n },
  sunssf: { signed: true, notImplemented: -0x8000n },
  uint16: { signed: false, notImplemented: 0xffffn },
  enum16: { signed: false, notImplemented: 0xffffn },
  bitfield16: { signed: false, notImplemented: 0xffffn },
  acc16: { signed: false, notImplemented: 0n },
  count: { signed: false },
  int32: { signed: true, notImplemented: -0x80000000n },
  uint32: { signed: false, notImplemented: 0xffffffffn },
  enum32: { signed: false, notImplemented: 0xffffffffn },
  bitfield32: { signed: false, notImplemented: 0xffffffffn },
  acc32: { signed: false, notImplemented: 0n },
  int64: { signed: true, notImplemented: -0x8000000000000000n },
  uint64: { signed: false, notImplemented: 0xffffffffffffffffn },
  acc64: { signed: false, notImplemented: 0n },
};

function expectedRaw(type: string, regs: number[]): number | string | undefined {
  if (type === 'pad') return undefined;
  if (type === 'string') {
    const chars = regs.flatMap((r) => [r >> 8, r & 0xff]);
    const end = chars.indexOf(0);
    const text = String.fromCharCode(...(end === -1 ? chars : chars.slice(0, end))).trim();
    return text || undefined;
  }
  if (type === 'float32') {
    const v = new DataView(new Uint16Array([regs[1]!, regs[0]!]).buffer).getFloat32(0, true);
    return Number.isNaN(v) ? undefined : v;
  }
  if (type === 'eui48' || type === 'ipv6addr') {
    return regs.every((r) => r === 0) ? undefined : regs.map((r) => r.toString(16).padStart(4, '0')).join('');
  }
  const spec = SPEC[type === 'ipaddr' ? 'acc32' : type];
  if (!spec) throw new Error(`type ${type} not covered by this test`);
  let v = 0n;
  for (const r of regs) v = v * 65536n + BigInt(r);
  if (spec.signed && v >= 1n << BigInt(regs.length * 16 - 1)) v -= 1n << BigInt(regs.length * 16);
  return v === spec.notImplemented ? undefined : Number(v);
}

describe('decoding the recorded register images with the official SunSpec models', () => {
  for (const name of IMAGES) {
    it(`${name}: every point of every known model is decoded as its definition says`, async () => {
      const registers = registerMap(loadImage(name));
      const map = await discoverSunSpec(mapReader(registers));
      expect(map?.base).toBe(40000);
      let checked = 0;
      for (const location of map!.models) {
        const def = modelDef(location.id);
        if (!def) continue;
        const regs = Array.from(
          { length: 2 + location.length },
          (_, i) => registers.get(location.address + i) ?? null,
        );
        const { model, placements } = layoutModel(def, regs);
        // Every register of the model belongs to exactly one point: the layout covers the model without gaps.
        const covered = placements.reduce((n, p) => n + p.size, 0);
        expect(covered, `model ${location.id} layout`).toBe(2 + location.length);
        const flat = new Map<string, number | string>();
        const walk = (g: DecodedGroup, path: string): void => {
          for (const [k, v] of Object.entries(g.points)) flat.set(`${path}${k}`, v);
          for (const [k, list] of Object.entries(g.groups))
            list.forEach((sub, i) => walk(sub, `${path}${k}[${i}].`));
        };
        walk(model, '');
        for (const p of placements) {
          const raw = expectedRaw(p.type, regs.slice(p.offset, p.offset + p.size) as number[]);
          let expected = raw;
          if (raw !== undefined && typeof raw === 'number' && p.sfOffset !== undefined) {
            const sf = expectedRaw('sunssf', [regs[p.sfOffset]!]) as number | undefined;
            expected = sf === undefined ? undefined : sf >= 0 ? raw * 10 ** sf : raw / 10 ** -sf;
          }
          expect(flat.get(p.path), `model ${location.id} ${p.path} at +${p.offset}`).toBe(expected);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(300);
    });
  }

  it('reads the DER models 702-704 of the 1547-2018 set: ratings, enter-service limits, the active-power limit', async () => {
    const registers = registerMap(loadImage('EmulatedDER'));
    const map = (await discoverSunSpec(mapReader(registers)))!;
    const decoded = (id: number) => {
      const location = map.models.find((m) => m.id === id)!;
      const regs = Array.from(
        { length: 2 + location.length },
        (_, i) => registers.get(location.address + i) ?? null,
      );
      return layoutModel(modelDef(id)!, regs).model;
    };
    // 702 DERCapacity: a 10 kW, 480 V unit; its power factor ratings with PF_SF −3, currents with A_SF −1.
    expect(decoded(702).points).toMatchObject({
      WMaxRtg: 10000,
      VNomRtg: 480,
      AMaxRtg: 15,
      PFOvrExtRtg: 0.85,
      WOvrExtRtgPF: 0.8,
    });
    // 703 DEREnterService: enabled, between 91.7 % and 105 % of nominal voltage and 59.5-60.1 Hz, after 300 s.
    expect(decoded(703).points).toMatchObject({
      ES: 1,
      ESVHi: 105,
      ESVLo: 91.7,
      ESHzHi: 60.1,
      ESHzLo: 59.5,
      ESDlyTms: 300,
    });
    // 704 DERCtlAC: the limit of active power off at 100 % (WMaxLimPct_SF −1), and the power-factor groups.
    const ctl = decoded(704);
    expect(ctl.points).toMatchObject({ WMaxLimPctEna: 0, WMaxLimPct: 100, WSet: 1000, AntiIslEna: 1 });
    expect(ctl.groups.PFWInj![0]!.points).toEqual({ PF: 0.9, Ext: 1 });
    // A group the device leaves unset (all "not implemented"): present, with no values.
    expect(ctl.groups.PFWAbs![0]!.points).toEqual({});
  });

  it('reads what the SMA Sunny Boy 3.6 showed its owner: identity, 3680 W, 244 V, 49.99 Hz, two MPPT inputs', async () => {
    const registers = registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518'));
    const map = (await discoverSunSpec(mapReader(registers)))!;
    const decoded = (id: number) => {
      const location = map.models.find((m) => m.id === id)!;
      const regs = Array.from(
        { length: 2 + location.length },
        (_, i) => registers.get(location.address + i) ?? null,
      );
      return layoutModel(modelDef(id)!, regs).model;
    };
    expect(decoded(1).points).toMatchObject({
      Mn: 'SMA',
      Md: 'SB3.6-1AV-41',
      SN: '3005067415',
      Vr: '4.01.15.R',
    });
    const inverter = decoded(101).points;
    expect(inverter).toMatchObject({ W: 3680, PhVphA: 244, Hz: 49.99, A: 15.1, WH: 30388530, St: 4 });
    // Not implemented on this device: absent, never 0xFFFF or -32768.
    expect(inverter).not.toHaveProperty('PhVphB');
    expect(inverter).not.toHaveProperty('PPVphAB');
    expect(inverter).not.toHaveProperty('DCA');
    const modules = decoded(160).groups.module!;
    expect(modules).toHaveLength(6);
    expect(modules.map((m) => m.points.DCV)).toEqual([301, 242, undefined, undefined, undefined, undefined]);
  });
});
