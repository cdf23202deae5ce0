import { describe, expect, it } from 'vitest';
import { FAULT_CODES, SERVER_FAULT_CODES, faultCodeOf } from './index.ts';

describe('fault table', () => {
  it('has unique positive codes, valid levels and one entry per kind', () => {
    const codes = FAULT_CODES.map((f) => f.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => c > 0)).toBe(true);
    expect(FAULT_CODES.every((f) => [1, 2, 3].includes(f.level))).toBe(true);
    expect(new Set(FAULT_CODES.map((f) => f.kind)).size).toBe(FAULT_CODES.length);
    expect(faultCodeOf('stringOpen').code).toBe(401);
  });
});

describe('server fault codes', () => {
  it('share the device table only where they mean the same: a device gone silent', () => {
    const deviceCodes = new Set(FAULT_CODES.map((f) => f.code));
    const { deviceOffline, ...own } = SERVER_FAULT_CODES;
    expect(deviceOffline).toBe(faultCodeOf('lossOfCommunication').code);
    expect(Object.values(own).filter((c) => deviceCodes.has(c))).toEqual([]);
  });
});
