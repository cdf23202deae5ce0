import { describe, expect, it } from 'vitest';
import { DEVICE_LIMITS, eventBatch, faultCodeOf } from '@solarops/contracts';
import { faultRecordOf } from './faultRecordOf.ts';

const fault = (kind: Parameters<typeof faultCodeOf>[0]) => {
  const f = faultCodeOf(kind);
  return {
    kind,
    code: f.code,
    level: f.level,
    startedAtMs: 1_750_000_000_000,
    recoversAtMs: 1_750_000_600_000,
  };
};

describe('what a device records with a fault', () => {
  it('sends an arc spectrum with an arc fault and a waveform with a grid trip, within the protocol', () => {
    const arc = faultRecordOf(fault('arcFault'), 5000);
    const grid = faultRecordOf(fault('gridUnderVoltage'), 5000);
    expect(arc?.kind).toBe('arcSpectrum');
    expect(grid?.kind).toBe('waveform');
    expect(faultRecordOf(fault('overTemperature'), 5000)).toBeUndefined();
    const batch = {
      seq: 1,
      events: [arc, grid].map((record, i) => ({
        sn: 'SIM-0001',
        ts: 1_750_000_000_000 + i,
        code: 501,
        level: 3,
        state: 'raised',
        record,
      })),
    };
    expect(eventBatch.safeParse(batch).success).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(batch))).toBeLessThan(DEVICE_LIMITS.maxPayloadBytes);
  });

  it('has the current of a grid waveform fall to zero after the trip', () => {
    const grid = faultRecordOf(fault('gridOverVoltage'), 5000);
    if (grid?.kind !== 'waveform') throw new Error('no waveform');
    const tail = grid.samples.slice(-64);
    expect(Math.max(...tail.map((s) => Math.abs(s.current)))).toBeLessThan(0.5);
    expect(Math.max(...grid.samples.map((s) => Math.abs(s.voltage)))).toBeGreaterThan(230 * Math.SQRT2);
  });
});
