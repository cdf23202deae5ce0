import { describe, expect, it } from 'vitest';
import { backfillPlants, generateDemoFleet, toProtocolReading } from '@solarops/simulator/fleet';
import { checkBatch, isValidReading } from './checkReading.ts';
import { CELL_FIELDS, readingCells } from '../telemetry/readingLines.ts';
import { scanTelemetryBatch, type ScannedBatch } from './scanTelemetryBatch.ts';

/** The scanner on a payload's UTF-8 bytes, as MQTT and HTTP hand them over. */
const scan = (text: string) => scanTelemetryBatch(Buffer.from(text));
/** A scanned reading's cells as text. */
const cellsOf = (batch: ScannedBatch, i: number) =>
  batch.cells.toString('latin1', batch.readings[i]!.cellStart, batch.readings[i]!.cellEnd);

/** A deterministic generator, so that a disagreement found once is found again. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}
const rnd = random(20261122);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
/** A value in [min, max] with 0 to 3 decimals, as devices send. */
const decimal = (min: number, max: number) => {
  const d = int(0, 3);
  return Math.max(min, Math.min(max, Math.round((min + rnd() * (max - min)) * 10 ** d) / 10 ** d));
};

const SCALAR_RANGES: Record<string, [number, number, boolean]> = {
  acPowerW: [-1e8, 1e8, false],
  energyTodayKwh: [0, 1e7, false],
  energyTotalKwh: [0, 1e10, false],
  importEnergyKwh: [0, 1e10, false],
  tempC: [-60, 200, false],
  status: [0, 3, true],
  faultCode: [0, 65535, true],
  batterySocPercent: [0, 100, false],
  batteryPowerW: [-1e7, 1e7, false],
  batteryVoltageV: [0, 2000, false],
  ghiWm2: [0, 2000, false],
  poaWm2: [0, 2000, false],
  tempAirC: [-80, 80, false],
  tempModuleC: [-80, 120, false],
  windSpeedMs: [0, 100, false],
};
const ARRAY_RANGES: Record<string, [number, number, number, number]> = {
  gridVoltageV: [0, 2000, 1, 3],
  gridCurrentA: [-1e5, 1e5, 1, 3],
  gridFrequencyHz: [0, 100, 1, 3],
  pvVoltageV: [0, 2000, 0, 12],
  pvCurrentA: [-100, 100, 0, 12],
};
const SERIAL_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function validReading(): Record<string, unknown> {
  const r: Record<string, unknown> = {
    sn: Array.from({ length: int(4, 32) }, () => pick([...SERIAL_CHARS])).join(''),
    ts: int(0, 2_000_000_000_000),
  };
  for (const [k, [min, max, isInt]] of Object.entries(SCALAR_RANGES))
    if (rnd() < 0.6) r[k] = isInt ? int(min, max) : decimal(min, max);
  for (const [k, [min, max, minLength, maxLength]] of Object.entries(ARRAY_RANGES))
    if (rnd() < 0.5) r[k] = Array.from({ length: int(minLength, maxLength) }, () => decimal(min, max));
  return r;
}
const validBatch = () => ({
  seq: int(0, 2 ** 32 - 1),
  ...(rnd() < 0.5 ? { sentAt: int(0, 2_000_000_000_000) } : {}),
  readings: Array.from({ length: int(1, 30) }, validReading),
});

/** What the generic path makes of a payload: a refusal, or the batch with each reading's cells (or 'refused'). */
function generic(text: string) {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'malformed';
  }
  const envelope = checkBatch(data);
  if (!envelope) return 'invalidBatch';
  return {
    seq: envelope.seq,
    sentAt: envelope.sentAt,
    readings: envelope.readings.map((r) => (isValidReading(r) ? r : 'refused')),
  };
}

/** The cells as numbers, arrays as arrays, NULL as null: what PostgreSQL reads from them. */
const values = (cells: string) =>
  cells
    .split('\t')
    .map((c) => (c === '' ? null : c.startsWith('{') ? c.slice(1, -1).split(',').map(Number) : Number(c)));

/** Asserts the scanner's batch equals the generic path's for `text`. */
function expectSame(text: string, scanned: ScannedBatch): void {
  const g = generic(text);
  expect(typeof g, text).toBe('object');
  if (typeof g !== 'object') return;
  expect(scanned.seq).toBe(g.seq);
  expect(scanned.sentAt).toBe(g.sentAt);
  expect(scanned.readings).toHaveLength(g.readings.length);
  scanned.readings.forEach((s, i) => {
    const r = g.readings[i]!;
    expect(r, text).not.toBe('refused');
    if (r === 'refused') return;
    expect(s.sn).toBe(r.sn);
    expect(s.ts).toBe(r.ts);
    expect(s.faultCode).toBe(r.faultCode);
    expect(values(cellsOf(scanned, i)), text).toEqual(values(readingCells(r)));
    expect(JSON.parse(Buffer.from(text).toString('utf8', s.start, s.end))).toEqual(r);
  });
}

// Property tests over thousands of generated payloads: about 6 s of CPU for the first here, 1 to 2 s for the
// others. The timeout is sized for a machine three times slower that is busy with other work too.
describe('the batch scanner', { timeout: 120_000 }, () => {
  it('takes every compact batch of valid readings, exactly as the generic path reads it', () => {
    for (let i = 0; i < 2_000; i++) {
      const text = JSON.stringify(validBatch());
      const scanned = scan(text);
      expect(scanned, text).toBeDefined();
      expectSame(text, scanned!);
    }
  });

  it("takes the demo fleet's batches: values at their register resolution, as devices send them", () => {
    const fleet = generateDemoFleet({ plants: 6 });
    const end = Date.UTC(2025, 5, 21, 12);
    let batches = 0;
    backfillPlants(fleet.plants, end - 86_400_000, end, 900_000, (_p, readings) => {
      const text = JSON.stringify({ seq: batches++, readings: readings.map(toProtocolReading) });
      const scanned = scan(text);
      expect(scanned, text).toBeDefined();
      expectSame(text, scanned!);
    });
    expect(batches).toBeGreaterThan(90);
  });

  it('places every field in its own cell', () => {
    const valueOf = (f: string, i: number) =>
      f in ARRAY_RANGES ? [i, i + 0.5] : f === 'status' ? 2 : f === 'faultCode' ? 9 : i + 0.25;
    const r = Object.fromEntries(CELL_FIELDS.map((f, i) => [f, valueOf(f, i)]));
    const text = JSON.stringify({ seq: 1, readings: [{ sn: 'ABCD', ts: 5, ...r }] });
    const scanned = scan(text)!;
    expect(values(cellsOf(scanned, 0))).toEqual(CELL_FIELDS.map((f, i) => valueOf(f, i)));
  });

  it('leaves to the generic path what it is not sure of, and never takes what the generic path would not', () => {
    const base = JSON.stringify({ seq: 7, sentAt: 1000, readings: [validReading(), validReading()] });
    const cases = [
      base.replace('{"seq"', '{"extra":1,"seq"'),
      base.replace('"ts":', '"note":"x","ts":'),
      base.replace('"ts":', '"ts":1,"ts":'),
      base.replace(/"ts":\d+/, '"ts":-0'),
      base.replace(/"ts":\d+/, '"ts":1e3'),
      base.replace(/"ts":\d+/, '"ts":1.0'),
      base.replace(/"ts":\d+/, '"ts":01'),
      base.replace(/"ts":\d+/, '"ts":1234567890123456'),
      base.replace(/"ts":\d+/, '"ts":null'),
      base.replace(/"ts":\d+/, '"ts":"5"'),
      base.replace('"sn":"', '"sn":"\\u0041'),
      base.replace('"seq":7', '"seq":-7'),
      base.replace('"seq":7', '"seq":4294967296'),
      base + ' x',
      '\uFEFF' + base,
      base.slice(0, -1),
      JSON.stringify({ seq: 1, readings: [] }),
      JSON.stringify({ seq: 1, readings: [{ sn: 'ABCD', ts: 1, status: 1.5 }] }),
      JSON.stringify({ seq: 1, readings: [{ sn: 'ABCD', ts: 1, acPowerW: -0.0 }] }).replace(':0}', ':-0}'),
      JSON.stringify({ seq: 1, readings: [{ sn: 'ABCD', ts: 1, tempC: 2 }] }).replace(
        ':2}',
        ':199.99999999999999}',
      ),
      JSON.stringify({ seq: 1, readings: [{ sn: 'ABCD', ts: 1, tempC: 201 }] }),
      JSON.stringify({ seq: 1, readings: [{ sn: 'ABC', ts: 1 }] }),
      JSON.stringify({ seq: 1, readings: [{ sn: 'ABCD', ts: 1, gridVoltageV: [] }] }),
      JSON.stringify({ seq: 1, readings: [{ sn: 'ABCD', ts: 1, pvVoltageV: Array(13).fill(1) }] }),
      JSON.stringify({ seq: 1, readings: [{ sn: 'ABCD', ts: 1, pvVoltageV: [1, [2]] }] }),
      JSON.stringify({ seq: 1, readings: Array.from({ length: 1001 }, () => ({ sn: 'ABCD', ts: 1 })) }),
      JSON.stringify(validBatch(), null, 2),
      base.replace('"sn":"', '"sn":"é'),
      base.replace('"ts":', '"tś":'),
    ];
    for (const text of cases) {
      const scanned = scan(text);
      if (scanned) expectSame(text, scanned);
    }
    // The ones that are plainly outside the fast path are left to the generic one.
    for (const text of cases.slice(0, 26).concat(cases.slice(-2))) expect(scan(text), text).toBeUndefined();
    // Whitespace between tokens is fine.
    const spaced =
      ' { "seq" : 3 ,\n "readings" : [ { "sn" : "ABCD" , "ts" : 9 , "pvCurrentA" : [1.5,2] } ] } ';
    expectSame(spaced, scan(spaced)!);
  });

  it('agrees with the generic path on mutated payloads', () => {
    const alphabet = [...'{}[]",:-.0123456789eE tnul\\abé'];
    let taken = 0;
    for (let i = 0; i < 20_000; i++) {
      const chars = [...JSON.stringify({ seq: int(0, 9), readings: [validReading()] })];
      for (let m = int(1, 3); m > 0; m--) {
        const at = int(0, chars.length - 1);
        const op = int(0, 2);
        if (op === 0) chars.splice(at, 1);
        else if (op === 1) chars.splice(at, 0, pick(alphabet));
        else chars[at] = pick(alphabet);
      }
      const text = chars.join('');
      const scanned = scan(text);
      if (scanned) {
        taken++;
        expectSame(text, scanned);
      }
    }
    // Many mutations keep a valid batch (a digit for a digit): the comparison must cover them.
    expect(taken).toBeGreaterThan(1_000);
  });
});
