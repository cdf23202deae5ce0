/**
 * Per-device state carried from one step to the next: energy counters, battery state of charge, meter
 * counters and the fault in progress.
 *
 * Energy is integrated with the trapezoidal rule over the interval since the previous step. The energy of
 * an interval is credited to the local day in which the interval ends; "energy today" resets when the
 * local day (in the plant's IANA time zone) of a step differs from that of the previous one. An interval
 * crossing midnight is at night, so nothing measurable is misplaced.
 */
import type { ActiveFault } from './faultInjector.ts';

/** What the battery is told to do now (a dispatch slot); absent: self-consumption within 10–95 %. */
export interface BatteryCommand {
  mode: 'charge' | 'discharge' | 'hold' | 'selfConsumption';
  /** Power bound [W]. */
  powerW: number;
  /** State-of-charge bounds [%]. */
  socMin: number;
  socMax: number;
}

/** Settings a device acts on (held in its registers by the command responder). */
export interface DeviceControls {
  /** Cap on the AC output [W] (active power limit, feed-in limit). */
  acLimitW?: number;
  /** The battery's command at an instant [ms]. */
  batteryAt?: (timeMs: number) => BatteryCommand | undefined;
}

/** Mutable state of one device. */
export interface DeviceState {
  /** Device serial. */
  serial: string;
  /** Instant of the last step, or null before the first [ms]. */
  lastTimeMs: number | null;
  /** AC power at the last step [W]. */
  lastPowerW: number;
  /** Local day of the last step, 'YYYY-MM-DD' in the plant's time zone. */
  dayKey: string;
  /** Energy since local midnight [kWh]. */
  energyTodayKwh: number;
  /** Lifetime energy [kWh]. */
  energyTotalKwh: number;
  /** Battery state of charge [%] (hybrid inverters). */
  batterySoc: number;
  /** Meter: import power at the last step [W]. */
  lastImportW: number;
  /** Meter: export power at the last step [W]. */
  lastExportW: number;
  /** Meter: lifetime imported energy [kWh]. */
  importEnergyKwh: number;
  /** Meter: lifetime exported energy [kWh]. */
  exportEnergyKwh: number;
  /** Fault in progress, or null. */
  fault: ActiveFault | null;
  /** Remote settings in force (power limit, battery schedule); absent on a device never commanded. */
  controls?: DeviceControls;
}

/** Initial values of a device state. */
export interface DeviceStateInit {
  /** Lifetime energy at start [kWh]. Default 0. */
  energyTotalKwh?: number;
  /** Battery state of charge at start [%]. Default 50. */
  batterySoc?: number;
  /** Meter counters at start [kWh]. Default 0. */
  importEnergyKwh?: number;
  exportEnergyKwh?: number;
}

/**
 * A fresh device state.
 *
 * @param serial - Device serial
 * @param init - Starting counters [kWh] and state of charge [%]
 * @returns device state
 */
export function createDeviceState(serial: string, init: DeviceStateInit = {}): DeviceState {
  return {
    serial,
    lastTimeMs: null,
    lastPowerW: 0,
    dayKey: '',
    energyTodayKwh: 0,
    energyTotalKwh: init.energyTotalKwh ?? 0,
    batterySoc: init.batterySoc ?? 50,
    lastImportW: 0,
    lastExportW: 0,
    importEnergyKwh: init.importEnergyKwh ?? 0,
    exportEnergyKwh: init.exportEnergyKwh ?? 0,
    fault: null,
  };
}

/**
 * Hours elapsed since the device's previous step (0 on the first step or when time goes backwards).
 *
 * @param state - Device state
 * @param timeMs - Instant of this step [ms]
 * @returns elapsed time [h]
 */
export function elapsedHours(state: DeviceState, timeMs: number): number {
  return state.lastTimeMs === null || timeMs <= state.lastTimeMs
    ? 0
    : (timeMs - state.lastTimeMs) / 3_600_000;
}

/**
 * Advances the energy counters to `timeMs` with AC power `powerW`, resetting "today" on a new local day.
 *
 * @param state - Device state, mutated
 * @param timeMs - Instant of this step [ms]
 * @param dayKey - Local day of this step in the plant's time zone
 * @param powerW - AC power at this step [W]
 */
export function accumulateEnergy(state: DeviceState, timeMs: number, dayKey: string, powerW: number): void {
  const dtH = elapsedHours(state, timeMs);
  const energyKwh = ((state.lastPowerW + powerW) / 2) * dtH * 1e-3;
  if (dayKey !== state.dayKey) {
    state.energyTodayKwh = 0;
    state.dayKey = dayKey;
  }
  state.energyTodayKwh += energyKwh;
  state.energyTotalKwh += energyKwh;
  state.lastPowerW = powerW;
  state.lastTimeMs = timeMs;
}

/**
 * Advances meter import and export counters (trapezoidal rule).
 *
 * @param state - Meter state, mutated
 * @param timeMs - Instant of this step [ms]
 * @param dayKey - Local day of this step
 * @param importW - Import power [W]
 * @param exportW - Export power [W]
 */
export function accumulateMeter(
  state: DeviceState,
  timeMs: number,
  dayKey: string,
  importW: number,
  exportW: number,
): void {
  const dtH = elapsedHours(state, timeMs);
  state.importEnergyKwh += ((state.lastImportW + importW) / 2) * dtH * 1e-3;
  state.exportEnergyKwh += ((state.lastExportW + exportW) / 2) * dtH * 1e-3;
  state.lastImportW = importW;
  state.lastExportW = exportW;
  // "Energy today" of a meter counts exports, the plant's delivery to the grid.
  accumulateEnergy(state, timeMs, dayKey, exportW);
}
