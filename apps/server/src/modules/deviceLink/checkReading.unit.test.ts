import { describe, expect, it } from 'vitest';
import { telemetryBatch, telemetryReading } from '@solarops/contracts';
import { checkBatch, isValidReading } from './checkReading.ts';

/** A deterministic generator, so that a disagreement found once is found again. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

const base = {
  sn: 'INV0001',
  ts: 1_790_000_000_000,
  acPowerW: 4200.5,
  energyTodayKwh: 12.3,
  energyTotalKwh: 10_000.25,
  importEnergyKwh: 3.5,
  gridVoltageV: [230.1, 229.8, 231.2],
  gridCurrentA: [5.8, -5.8, 5.7],
  gridFrequencyHz: [50.01],
  tempC: 41.5,
  status: 1,
  faultCode: 0,
  pvVoltageV: [612.3, 608.9],
  pvCurrentA: [3.4, -3.3],
  batterySocPercent: 55,
  batteryPowerW: -1500,
  batteryVoltageV: 400,
  ghiWm2: 800,
  poaWm2: 900,
  tempAirC: 20,
  tempModuleC: 45,
  windSpeedMs: 3,
};
const keys = Object.keys(base) as (keyof typeof base)[];
/** The fields of the contract in a payload (every field is in `base`); unknown keys left out. */
const knownFields = (r: Record<string, unknown>) =>
  Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));

/** Values worth trying in any field: boundaries of every range, just outside them, and wrong types. */
const palette: unknown[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  3,
  4,
  12,
  13,
  32,
  100,
  100.001,
  120,
  200,
  200.1,
  -60,
  -60.1,
  -80,
  -80.5,
  -100,
  -100.1,
  2000,
  2000.1,
  65535,
  65536,
  1e5,
  -1e5,
  1e5 + 1,
  1e7,
  -1e7,
  1e7 + 1,
  1e8,
  -1e8,
  -1e8 - 1,
  1e10,
  1e10 + 1e3,
  2 ** 32 - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  NaN,
  Infinity,
  -Infinity,
  '1',
  '',
  'AB',
  'ABCD',
  'ABC!',
  'X'.repeat(32),
  'X'.repeat(33),
  'ok_sn-9',
  null,
  true,
  {},
  [],
  [1],
  [230, 230],
  [230, 230, 230, 230],
  [NaN],
  [-1],
  [2001],
  [50, '50'],
  Array.from({ length: 12 }, () => 1),
  Array.from({ length: 13 }, () => 1),
  [null],
  undefined,
];

// Thousands of mutated samples checked twice: about 3 s of CPU here. The timeout is sized for a machine three
// times slower that is busy with other work too.
describe('the hand-written reading check', { timeout: 60_000 }, () => {
  it('agrees with the zod contract on valid readings, field by field and for thousands of mutated samples', () => {
    const rnd = random(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const samples: unknown[] = [base, { sn: 'ABCD', ts: 0 }, { ...base, extra: 'dropped' }];
    for (const key of keys) for (const v of palette) samples.push({ ...base, [key]: v });
    for (let i = 0; i < 20_000; i++) {
      const r: Record<string, unknown> = {};
      for (const key of keys) {
        const roll = rnd();
        if (roll < 0.3) continue;
        r[key] = roll < 0.97 ? base[key] : pick(palette);
      }
      samples.push(r);
    }
    samples.push(null, undefined, 1, 'x', [], [base]);
    let valid = 0;
    let invalid = 0;
    for (const s of samples) {
      const z = telemetryReading.safeParse(s);
      expect(isValidReading(s), JSON.stringify(s)).toBe(z.success);
      if (z.success) {
        valid++;
        // The ingest reads the known fields from the payload itself: they must be what zod gives.
        expect(knownFields(s as Record<string, unknown>), JSON.stringify(s)).toEqual(z.data);
      } else invalid++;
    }
    // Both kinds must be well represented, or the comparison proves little.
    expect(valid).toBeGreaterThan(2_000);
    expect(invalid).toBeGreaterThan(2_000);
  });

  it('agrees with the zod contract on batch envelopes', () => {
    const readings = [{}];
    const samples: unknown[] = [null, [], 'x', { seq: 1 }, { readings }];
    for (const seq of palette) samples.push({ seq, readings });
    for (const sentAt of palette) samples.push({ seq: 5, sentAt, readings });
    for (const n of [0, 1, 999, 1000, 1001])
      samples.push({ seq: 5, readings: Array.from({ length: n }, () => 1) });
    samples.push({ seq: 5, readings: 'many' }, { seq: 5, readings, extra: true });
    for (const s of samples) {
      const z = telemetryBatch.safeParse(s);
      const mine = checkBatch(s);
      if (z.success) expect(mine, JSON.stringify(s)).toEqual(z.data);
      else expect(mine, JSON.stringify(s)).toBeUndefined();
    }
  });
});
