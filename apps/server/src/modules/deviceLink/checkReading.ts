import { DEVICE_LIMITS, type TelemetryReading } from '@solarops/contracts';

/**
 * The hot-path twin of the zod contracts `telemetryReading` and `telemetryBatch` (packages/contracts): the same
 * rules written out by hand, because the ingest checks every reading and the generic zod walk cost more than
 * the rest of the per-reading work together. It only answers "valid" or "not valid" (and for the envelope,
 * the value zod would give); for a refused reading the ingest asks zod itself for the message, so messages stay the
 * contract's. `checkReading.unit.test.ts` proves both agree with zod over valid and invalid samples.
 */

type Range = readonly [min: number, max: number];

/** Optional scalar fields: [name, min, max, integer]. */
export const SCALARS: readonly (readonly [keyof TelemetryReading, number, number, boolean])[] = [
  ['acPowerW', -1e8, 1e8, false],
  ['energyTodayKwh', 0, 1e7, false],
  ['energyTotalKwh', 0, 1e10, false],
  ['importEnergyKwh', 0, 1e10, false],
  ['tempC', -60, 200, false],
  ['status', 0, 3, true],
  ['faultCode', 0, 65535, true],
  ['batterySocPercent', 0, 100, false],
  ['batteryPowerW', -1e7, 1e7, false],
  ['batteryVoltageV', 0, 2000, false],
  ['ghiWm2', 0, 2000, false],
  ['poaWm2', 0, 2000, false],
  ['tempAirC', -80, 80, false],
  ['tempModuleC', -80, 120, false],
  ['windSpeedMs', 0, 100, false],
];

/** Optional array fields: [name, element range, min length, max length]. */
export const ARRAYS: readonly (readonly [keyof TelemetryReading, Range, number, number])[] = [
  ['gridVoltageV', [0, 2000], 1, DEVICE_LIMITS.maxPhases],
  ['gridCurrentA', [-1e5, 1e5], 1, DEVICE_LIMITS.maxPhases],
  ['gridFrequencyHz', [0, 100], 1, DEVICE_LIMITS.maxPhases],
  ['pvVoltageV', [0, 2000], 0, DEVICE_LIMITS.maxPvStrings],
  ['pvCurrentA', [-100, 100], 0, DEVICE_LIMITS.maxPvStrings],
];

const SERIAL = /^[A-Za-z0-9_-]+$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** zod's `z.number()`: finite numbers only; `.int()` means a safe integer. */
const inRange = (v: unknown, min: number, max: number, int: boolean): v is number =>
  typeof v === 'number' && (int ? Number.isSafeInteger(v) : Number.isFinite(v)) && v >= min && v <= max;

function isNumberArray(v: unknown, [min, max]: Range, minLength: number, maxLength: number): v is number[] {
  if (!Array.isArray(v) || v.length < minLength || v.length > maxLength) return false;
  for (let i = 0; i < v.length; i++) if (!inRange(v[i], min, max, false)) return false;
  return true;
}

/**
 * True when zod's `telemetryReading` accepts `raw`. The ingest then reads the known fields straight from the
 * parsed payload, without the copy zod makes (unknown keys are left in place and never read): a copy per
 * reading was as much garbage again as the parse.
 */
export function isValidReading(raw: unknown): raw is TelemetryReading {
  if (!isObject(raw)) return false;
  const { sn, ts } = raw;
  if (typeof sn !== 'string' || sn.length < 4 || sn.length > 32 || !SERIAL.test(sn)) return false;
  if (!inRange(ts, 0, DEVICE_LIMITS.maxTimestampMs, true)) return false;
  for (const [key, min, max, int] of SCALARS) {
    const v = raw[key];
    if (v !== undefined && !inRange(v, min, max, int)) return false;
  }
  for (const [key, range, minLength, maxLength] of ARRAYS) {
    const v = raw[key];
    if (v !== undefined && !isNumberArray(v, range, minLength, maxLength)) return false;
  }
  return true;
}

/** The batch envelope as `telemetryBatch.parse` gives it, or undefined when zod refuses it. */
export function checkBatch(raw: unknown): { seq: number; sentAt?: number; readings: unknown[] } | undefined {
  if (!isObject(raw)) return undefined;
  const { seq, sentAt, readings } = raw;
  if (!inRange(seq, 0, 2 ** 32 - 1, true)) return undefined;
  if (sentAt !== undefined && !inRange(sentAt, 0, Number.MAX_SAFE_INTEGER, true)) return undefined;
  if (!Array.isArray(readings) || readings.length < 1 || readings.length > DEVICE_LIMITS.maxReadingsPerBatch)
    return undefined;
  return sentAt === undefined ? { seq, readings } : { seq, sentAt, readings };
}
