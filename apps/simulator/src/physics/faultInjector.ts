/**
 * Seeded fault injector: decides, step by step, when a device starts or recovers from a fault, and
 * alters its reading accordingly. Pure: the decision for (seed, device, time) is always the same, so a
 * backfill and a live run agree.
 *
 * Starts: a Poisson process per kind with the configured rate, P(start in a step) = 1 − exp(−rate·Δt).
 * Durations: drawn at the start from an exponential distribution with the kind's mean, so the recovery
 * instant is known from the start and needs no further randomness.
 */
import { FAULT_CODES, faultCodeOf, type FaultKind } from '@solarops/contracts';
import { uniformAt } from './random.ts';

/** Expected fault starts per device per day, by kind [1/day]. */
export type FaultRates = Partial<Record<FaultKind, number>>;

/** A modest default: a fleet of 150 devices sees a few faults a day. */
export const DEFAULT_FAULT_RATES: FaultRates = {
  gridOverVoltage: 0.004,
  gridUnderVoltage: 0.003,
  gridOverFrequency: 0.001,
  gridUnderFrequency: 0.001,
  lowInsulation: 0.002,
  overTemperature: 0.003,
  stringOpen: 0.002,
  stringShort: 0.0005,
  arcFault: 0.0005,
  lossOfCommunication: 0.006,
};

/** Mean fault duration by kind [ms]. */
export const MEAN_FAULT_DURATION_MS: Record<FaultKind, number> = {
  gridOverVoltage: 10 * 60_000,
  gridUnderVoltage: 10 * 60_000,
  gridOverFrequency: 5 * 60_000,
  gridUnderFrequency: 5 * 60_000,
  lowInsulation: 3 * 3_600_000,
  overTemperature: 60 * 60_000,
  stringOpen: 2 * 86_400_000,
  stringShort: 86_400_000,
  arcFault: 6 * 3_600_000,
  lossOfCommunication: 45 * 60_000,
};

/** A fault in progress. */
export interface ActiveFault {
  /** Kind. */
  kind: FaultKind;
  /** Code from the fault table. */
  code: number;
  /** Level from the fault table: 1 alerting, 2 warning, 3 fault. */
  level: 1 | 2 | 3;
  /** Start instant [ms]. */
  startedAtMs: number;
  /** Recovery instant [ms]. */
  recoversAtMs: number;
  /** Affected PV input (string faults), 0-based. */
  stringIndex?: number;
}

/** Context of one decision. */
export interface FaultStepContext {
  /** Fleet or run seed [unitless]. */
  seed: number;
  /** Device seed, e.g. hashString(serial) [unitless]. */
  deviceSeed: number;
  /** Instant of this step [ms]. */
  timeMs: number;
  /** Step length [ms]. */
  stepMs: number;
  /** Rates by kind [1/day]. */
  rates: FaultRates;
  /** Number of PV strings (0 for meters and weather stations). */
  stringCount: number;
  /** Kinds the device can have (meters have no string faults). */
  allowedKinds?: readonly FaultKind[];
}

/**
 * Grid disturbances: a plant's grid, not one inverter, is out of range, so every inverter of the plant that is
 * not in a fault of its own sees it and trips (plantModel.ts).
 */
export const GRID_FAULT_KINDS: readonly FaultKind[] = [
  'gridOverVoltage',
  'gridUnderVoltage',
  'gridOverFrequency',
  'gridUnderFrequency',
];

/** Kinds that only inverters can have. */
export const INVERTER_ONLY_KINDS: readonly FaultKind[] = [
  'gridOverVoltage',
  'gridUnderVoltage',
  'gridOverFrequency',
  'gridUnderFrequency',
  'lowInsulation',
  'overTemperature',
  'stringOpen',
  'stringShort',
  'arcFault',
];

/**
 * The fault state after this step: the current fault, a new one, or none.
 *
 * @param current - Fault in progress before the step, or null
 * @param ctx - Seeds, string count, instant [ms], step [ms] and rates [1/day]
 * @returns fault in progress after the step, or null
 */
export function nextFaultState(current: ActiveFault | null, ctx: FaultStepContext): ActiveFault | null {
  if (current) return ctx.timeMs >= current.recoversAtMs ? null : current;
  const step = Math.floor(ctx.timeMs / ctx.stepMs);
  const allowed = ctx.allowedKinds ?? FAULT_CODES.map((f) => f.kind);
  let k = 0;
  for (const entry of FAULT_CODES) {
    k++;
    if (!allowed.includes(entry.kind)) continue;
    if ((entry.kind === 'stringOpen' || entry.kind === 'stringShort') && ctx.stringCount === 0) continue;
    const rate = ctx.rates[entry.kind] ?? 0;
    if (rate <= 0) continue;
    const p = 1 - Math.exp((-rate * ctx.stepMs) / 86_400_000);
    if (uniformAt(ctx.seed, ctx.deviceSeed, step, k) >= p) continue;
    const u = uniformAt(ctx.seed, ctx.deviceSeed, step, k + 100);
    const duration = Math.max(ctx.stepMs, -Math.log(1 - u) * MEAN_FAULT_DURATION_MS[entry.kind]);
    const fault: ActiveFault = {
      kind: entry.kind,
      code: entry.code,
      level: entry.level,
      startedAtMs: ctx.timeMs,
      recoversAtMs: ctx.timeMs + duration,
    };
    if (entry.kind === 'stringOpen' || entry.kind === 'stringShort') {
      fault.stringIndex = Math.floor(uniformAt(ctx.seed, ctx.deviceSeed, step, k + 200) * ctx.stringCount);
    }
    return fault;
  }
  return null;
}

/**
 * Starts a given fault now, for tests and for the debug screens ("inject a fault").
 *
 * @param kind - Fault kind
 * @param timeMs - Start instant [ms]
 * @param durationMs - Duration [ms]
 * @param stringIndex - Affected string for string faults, 0-based
 * @returns the fault in progress
 */
export function startFault(
  kind: FaultKind,
  timeMs: number,
  durationMs: number,
  stringIndex?: number,
): ActiveFault {
  const entry = faultCodeOf(kind);
  const fault: ActiveFault = {
    kind,
    code: entry.code,
    level: entry.level,
    startedAtMs: timeMs,
    recoversAtMs: timeMs + durationMs,
  };
  if (stringIndex !== undefined) fault.stringIndex = stringIndex;
  return fault;
}

/** Reading fields the injector alters (a subset of an inverter reading). */
export interface FaultableReading {
  acPowerW: number;
  gridVoltage: number[];
  gridCurrent: number[];
  gridFrequency: number[];
  tempInverter: number;
  status: DeviceStatus;
  faultCode: number;
  pvStrings: { voltage: number; current: number }[];
}

/** Operating status of a device: standby (night), normal, derating (limited output), fault (disconnected). */
export type DeviceStatus = 'standby' | 'normal' | 'derating' | 'fault';

/** Numeric status codes for compact payloads. */
export const DEVICE_STATUS_CODES: Record<DeviceStatus, number> = {
  standby: 0,
  normal: 1,
  derating: 2,
  fault: 3,
};

/** Derating factor of the over-temperature fault [unitless]. */
export const OVER_TEMPERATURE_DERATE = 0.5;

/**
 * Applies a fault to an inverter reading. Returns null for loss of communication (the device sends
 * nothing). Without a fault the reading is returned unchanged.
 *
 * @param reading - Reading computed without the fault
 * @param fault - Fault in progress, or null
 * @param nominal - Nominal grid voltage [V] and frequency [Hz]
 * @returns altered reading, or null when nothing is sent
 */
export function applyFault<T extends FaultableReading>(
  reading: T,
  fault: ActiveFault | null,
  nominal: { voltageV: number; frequencyHz: number },
): T | null {
  if (!fault) return reading;
  if (fault.kind === 'lossOfCommunication') return null;
  const r: T = {
    ...reading,
    gridVoltage: [...reading.gridVoltage],
    gridCurrent: [...reading.gridCurrent],
    gridFrequency: [...reading.gridFrequency],
    pvStrings: reading.pvStrings.map((s) => ({ ...s })),
    faultCode: fault.code,
  };
  const disconnect = (): void => {
    r.acPowerW = 0;
    r.gridCurrent = r.gridCurrent.map(() => 0);
    // Disconnected from the grid: the PV side sits at open circuit.
    r.pvStrings = r.pvStrings.map((s) => ({
      voltage: s.current > 0 ? s.voltage * 1.18 : s.voltage,
      current: 0,
    }));
    r.status = 'fault';
  };
  switch (fault.kind) {
    case 'gridOverVoltage':
      r.gridVoltage = r.gridVoltage.map(() => nominal.voltageV * 1.13);
      disconnect();
      break;
    case 'gridUnderVoltage':
      r.gridVoltage = r.gridVoltage.map(() => nominal.voltageV * 0.8);
      disconnect();
      break;
    case 'gridOverFrequency':
      r.gridFrequency = r.gridFrequency.map(() => nominal.frequencyHz + 0.7);
      disconnect();
      break;
    case 'gridUnderFrequency':
      r.gridFrequency = r.gridFrequency.map(() => nominal.frequencyHz - 0.7);
      disconnect();
      break;
    case 'lowInsulation':
    case 'arcFault':
      disconnect();
      break;
    case 'overTemperature': {
      r.acPowerW *= OVER_TEMPERATURE_DERATE;
      r.gridCurrent = r.gridCurrent.map((c) => c * OVER_TEMPERATURE_DERATE);
      r.pvStrings = r.pvStrings.map((s) => ({
        voltage: s.voltage * 1.08,
        current: (s.current * OVER_TEMPERATURE_DERATE) / 1.08,
      }));
      r.tempInverter = Math.max(r.tempInverter, 85);
      if (r.status === 'normal') r.status = 'derating';
      break;
    }
    case 'stringOpen':
    case 'stringShort': {
      const i = fault.stringIndex ?? 0;
      const s = r.pvStrings[i];
      if (s) {
        const lost = s.voltage * s.current;
        // Open: the string floats at its open-circuit voltage; short: no voltage across the inverter input.
        r.pvStrings[i] = {
          voltage: fault.kind === 'stringOpen' ? s.voltage * (s.current > 0 ? 1.18 : 1) : 0,
          current: 0,
        };
        const pdc = reading.pvStrings.reduce((a, p) => a + p.voltage * p.current, 0);
        const share = pdc > 0 ? Math.max(1 - lost / pdc, 0) : 0;
        r.acPowerW *= share;
        r.gridCurrent = r.gridCurrent.map((c) => c * share);
      }
      break;
    }
  }
  return r;
}
