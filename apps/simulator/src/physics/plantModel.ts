/**
 * The plant model: every device's reading at an instant, advanced step by step.
 *
 * `stepPlant` computes the plant weather once, then each inverter's output, the battery dispatch of
 * hybrid inverters, the grid meter balance and the weather station, applies the fault injector and
 * integrates the energy counters in the device states. Everything random is seeded, so the same plant,
 * states and times give the same readings.
 *
 * Battery dispatch (self-consumption): surplus PV beyond the site load charges the battery up to 95 % SOC;
 * a deficit (evening, night) is covered by discharging down to 10 % SOC; both limited by the battery's
 * power ratings. Battery power is positive when charging and negative when discharging.
 */
import type { ActiveFault, DeviceStatus, FaultRates } from './faultInjector.ts';
import { GRID_FAULT_KINDS, applyFault, nextFaultState } from './faultInjector.ts';
import { createDeviceState, accumulateEnergy, accumulateMeter, elapsedHours } from './deviceState.ts';
import type { DeviceState, DeviceStateInit } from './deviceState.ts';
import { inverterOutput } from './inverterOutput.ts';
import type { PvStringReading } from './inverterOutput.ts';
import { isInverter } from './plantDescription.ts';
import type { DeviceDescription, InverterDescription, PlantDescription } from './plantDescription.ts';
import { plantWeather } from './plantWeather.ts';
import type { PlantWeather } from './plantWeather.ts';
import { hashString, uniformAt } from './random.ts';
import { siteLoadW } from './siteLoad.ts';

/** Battery part of a hybrid inverter reading. */
export interface BatteryReading {
  /** State of charge [%]. */
  socPercent: number;
  /** Battery power, + charging / − discharging [W]. */
  powerW: number;
  /** Battery voltage [V]. */
  voltage: number;
}

/** Reading of an inverter (string, micro or hybrid). */
export interface InverterReading {
  kind: 'inverter';
  deviceKind: InverterDescription['kind'];
  serial: string;
  collectorSerial: string;
  /** Instant [ms]. */
  timeMs: number;
  /** PV generation as AC power [W]; a hybrid's battery is apart (`battery.powerW`), never in it. */
  acPowerW: number;
  /** PV energy since local midnight [kWh]. */
  energyTodayKwh: number;
  /** Lifetime PV energy [kWh]. */
  energyTotalKwh: number;
  /** Per-phase voltage [V]. */
  gridVoltage: number[];
  /** Per-phase current [A]. */
  gridCurrent: number[];
  /** Per-phase frequency [Hz]. */
  gridFrequency: number[];
  /** Heat-sink temperature [°C]. */
  tempInverter: number;
  status: DeviceStatus;
  /** Fault code, 0 = none (see FAULT_CODES). */
  faultCode: number;
  /** Per-string voltage [V] and current [A], one entry per PV input (≤ 12). */
  pvStrings: PvStringReading[];
  /** Battery, hybrid inverters only. */
  battery?: BatteryReading;
}

/** Reading of the grid meter. */
export interface MeterReading {
  kind: 'meter';
  serial: string;
  collectorSerial: string;
  timeMs: number;
  /** Power drawn from the grid [W], ≥ 0. */
  importPowerW: number;
  /** Power fed into the grid [W], ≥ 0. */
  exportPowerW: number;
  /** Lifetime import [kWh]. */
  importEnergyKwh: number;
  /** Lifetime export [kWh]. */
  exportEnergyKwh: number;
  gridVoltage: number[];
  gridCurrent: number[];
  gridFrequency: number[];
  status: DeviceStatus;
  faultCode: number;
}

/** Reading of a weather station. */
export interface WeatherStationReading {
  kind: 'weatherStation';
  serial: string;
  collectorSerial: string;
  timeMs: number;
  /** Global horizontal irradiance [W/m²]. */
  ghi: number;
  /** Plane-of-array irradiance [W/m²]. */
  poaGlobal: number;
  /** Ambient temperature [°C]. */
  tempAir: number;
  /** Module temperature [°C]. */
  tempModule: number;
  /** Wind speed [m/s]. */
  windSpeed: number;
  status: DeviceStatus;
  faultCode: number;
}

/** Any device reading. */
export type DeviceReading = InverterReading | MeterReading | WeatherStationReading;

/** States of all devices of a plant, by serial. */
export interface PlantState {
  plantId: string;
  devices: Record<string, DeviceState>;
}

/** Options of {@link stepPlant}. */
export interface StepOptions {
  /** Run seed for the fault injector [unitless]. Default 1. */
  seed?: number;
  /** Fault rates [1/day]; default none (no faults). Use DEFAULT_FAULT_RATES for a lively demo. */
  faultRates?: FaultRates;
  /** Nominal step, for fault probabilities [ms]. Default 5 min. */
  stepMs?: number;
}

/** Result of one step. */
export interface PlantStep {
  /** Readings the devices send (devices with lost communication send nothing). */
  readings: DeviceReading[];
  /** Weather used for the step. */
  weather: PlantWeather;
  /** Site load [W]. */
  loadW: number;
}

/**
 * Fresh states for every device of a plant.
 *
 * @param plant - Plant description
 * @param init - Optional starting counters per serial ([kWh], [%])
 * @returns plant state
 */
export function createPlantState(
  plant: PlantDescription,
  init: Record<string, DeviceStateInit> = {},
): PlantState {
  const devices: Record<string, DeviceState> = {};
  for (const d of plant.devices) devices[d.serial] = createDeviceState(d.serial, init[d.serial]);
  return { plantId: plant.id, devices };
}

function deviceState(state: PlantState, device: DeviceDescription): DeviceState {
  let s = state.devices[device.serial];
  if (!s) {
    s = createDeviceState(device.serial);
    state.devices[device.serial] = s;
  }
  return s;
}

/** Grid voltage and frequency as measured at the plant: nominal with slow per-phase wander. */
function gridMeasurements(plant: PlantDescription, phases: number, timeMs: number, salt: number) {
  const minute = Math.floor(timeMs / 60_000);
  const f = plant.grid.frequencyHz + 0.04 * (uniformAt(plant.cloudSeed, 41, minute) - 0.5);
  const v = Array.from(
    { length: phases },
    (_, p) => plant.grid.voltageV * (1 + 0.02 * (uniformAt(plant.cloudSeed, 42, minute, p, salt) - 0.4)),
  );
  return { voltage: v, frequency: Array.from({ length: phases }, () => f) };
}

/** Share of the charging power that ends up stored in a battery (the rest is lost as heat) [unitless]. */
export const CHARGE_EFFICIENCY = 0.95;

const round = (x: number, digits: number): number => {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
};

function stepFault(
  state: DeviceState,
  device: DeviceDescription,
  timeMs: number,
  opts: Required<StepOptions>,
  stringCount: number,
): ActiveFault | null {
  state.fault = nextFaultState(state.fault, {
    seed: opts.seed,
    deviceSeed: hashString(device.serial),
    timeMs,
    stepMs: opts.stepMs,
    rates: opts.faultRates,
    stringCount,
    allowedKinds: isInverter(device) ? undefined : ['lossOfCommunication'],
  });
  return state.fault;
}

/**
 * The inverters' faults after the step to `timeMs`, each decided on its own; then a grid disturbance one of them
 * has (the first in the plant's order) reaches every inverter not in a fault of its own, with the same start and
 * end: the grid at the plant's connection is the same for all of them, so one inverter tripping at 260 V among
 * neighbours at 230 V was never a grid event. An inverter whose own fault ends during it joins it.
 */
function stepInverterFaults(
  plant: PlantDescription,
  state: PlantState,
  timeMs: number,
  opts: Required<StepOptions>,
) {
  const inverters = plant.devices.filter(isInverter);
  for (const device of inverters) stepFault(deviceState(state, device), device, timeMs, opts, device.strings);
  const grid = inverters
    .map((d) => state.devices[d.serial]!.fault)
    .find((f) => f !== null && GRID_FAULT_KINDS.includes(f.kind));
  if (!grid) return;
  for (const device of inverters) {
    const s = state.devices[device.serial]!;
    if (s.fault === null) s.fault = { ...grid };
  }
}

/**
 * Advances all devices of a plant to `timeMs` and returns their readings.
 *
 * Steps must be called in increasing time per plant state; the interval between calls is integrated into
 * the energy counters and the battery state of charge.
 *
 * @param plant - Plant description
 * @param state - Plant state from createPlantState, mutated
 * @param timeMs - Instant of the step [ms]
 * @param options - Fault seed, fault rates [1/day], nominal step [ms]
 * @returns readings, weather and site load [W]
 */
export function stepPlant(
  plant: PlantDescription,
  state: PlantState,
  timeMs: number,
  options: StepOptions = {},
): PlantStep {
  const opts: Required<StepOptions> = { seed: 1, faultRates: {}, stepMs: 300_000, ...options };
  const weather = plantWeather(plant, timeMs);
  const dayKey = weather.local.dayKey;
  const loadW = siteLoadW(plant, weather.local.hour, timeMs);
  const readings: DeviceReading[] = [];
  const hybrids = plant.devices.filter((d) => d.kind === 'hybridInverter');
  const hybridRated = hybrids.reduce((a, d) => a + d.ratedPowerW, 0);
  let deliveredW = 0;
  stepInverterFaults(plant, state, timeMs, opts);

  for (const device of plant.devices) {
    if (!isInverter(device)) continue;
    const s = deviceState(state, device);
    const seed = hashString(device.serial);
    // A power limit curtails the output at once (within the reporting interval it was set in); the strings
    // follow it, as a real inverter moves its operating point off the maximum power point.
    const limitW = s.controls?.acLimitW;
    const out = inverterOutput(device, weather, seed, plant, limitW);
    // The reading's AC power is the PV generation (docs/device-protocol.md); a hybrid inverter's AC side also
    // carries its battery: it delivers the PV less what charges the battery, plus what the battery discharges.
    const acPowerW = out.pacW;
    let acOutputW = out.pacW;
    let battery: BatteryReading | undefined;
    if (device.kind === 'hybridInverter') {
      const b = device.battery;
      const dtH = elapsedHours(s, timeMs);
      const myLoad = hybridRated > 0 ? (loadW * device.ratedPowerW) / hybridRated : 0;
      const surplus = out.pacW - myLoad;
      // The interval just ended ran under the slot in force when it began: a slot starting at this instant
      // governs the next interval, not the one before it.
      const cmd = s.controls?.batteryAt?.(s.lastTimeMs ?? timeMs);
      const socMin = cmd?.socMin ?? 10;
      const socMax = cmd?.socMax ?? 95;
      const room = dtH > 0 ? (((socMax - s.batterySoc) / 100) * b.capacityWh) / dtH : b.maxChargeW;
      const avail = dtH > 0 ? (((s.batterySoc - socMin) / 100) * b.capacityWh) / dtH : b.maxDischargeW;
      let powerW = 0;
      if (cmd?.mode === 'charge') {
        // Charges at the slot's power from PV and the grid, up to its SoC ceiling.
        powerW = Math.max(0, Math.min(cmd.powerW, b.maxChargeW, room));
      } else if (cmd?.mode === 'discharge') {
        powerW = -Math.max(0, Math.min(cmd.powerW, b.maxDischargeW, avail));
      } else if (cmd?.mode === 'hold') {
        powerW = 0;
      } else if (surplus > 0 && s.batterySoc < socMax) {
        powerW = Math.min(surplus, b.maxChargeW, room, cmd?.powerW ?? Infinity);
      } else if (surplus < 0 && s.batterySoc > socMin) {
        powerW = -Math.min(-surplus, b.maxDischargeW, avail, cmd?.powerW ?? Infinity);
      }
      // Charging loses some in the battery; the SOC reflects the energy over the interval just ended.
      const stored = powerW > 0 ? powerW * CHARGE_EFFICIENCY : powerW;
      s.batterySoc = Math.min(Math.max(s.batterySoc + ((stored * dtH) / b.capacityWh) * 100, 0), 100);
      acOutputW = Math.min(Math.max(out.pacW - powerW, 0), device.ratedPowerW);
      const v = b.nominalVoltageV * (0.93 + 0.14 * (s.batterySoc / 100)) * (1 + 0.015 * Math.sign(powerW));
      battery = { socPercent: round(s.batterySoc, 1), powerW: round(powerW, 1), voltage: round(v, 2) };
    }
    // The battery's discharge adds to the AC side: the limit holds the output there too.
    if (limitW !== undefined) acOutputW = Math.min(acOutputW, limitW);
    const grid = gridMeasurements(plant, device.phases, timeMs, seed);
    const load = device.ratedPowerW > 0 ? acOutputW / device.ratedPowerW : 0;
    const tempInverter =
      weather.tempAir + 2 + 26 * load + 1.5 * uniformAt(seed, 51, Math.floor(timeMs / 600_000));
    const idle = out.standby && (!battery || battery.powerW === 0);
    const base: InverterReading = {
      kind: 'inverter',
      deviceKind: device.kind,
      serial: device.serial,
      collectorSerial: device.collectorSerial,
      timeMs,
      acPowerW,
      energyTodayKwh: 0,
      energyTotalKwh: 0,
      gridVoltage: grid.voltage,
      gridCurrent: grid.voltage.map((v) => acOutputW / (device.phases * v)),
      gridFrequency: grid.frequency,
      tempInverter,
      status: idle ? 'standby' : 'normal',
      faultCode: 0,
      pvStrings: out.strings,
      ...(battery ? { battery } : {}),
    };
    const faulted = applyFault(base, s.fault, plant.grid);
    // A silent device still converts power and counts energy; only its report is lost. The counters count the
    // PV generation only: a battery's discharge is never generation.
    const power = faulted ? faulted.acPowerW : base.acPowerW;
    accumulateEnergy(s, timeMs, dayKey, power);
    deliveredW += battery ? Math.min(Math.max(power - battery.powerW, 0), device.ratedPowerW) : power;
    if (faulted) {
      readings.push({
        ...faulted,
        acPowerW: round(faulted.acPowerW, 1),
        gridVoltage: faulted.gridVoltage.map((v) => round(v, 1)),
        gridCurrent: faulted.gridCurrent.map((c) => round(c, 2)),
        gridFrequency: faulted.gridFrequency.map((f) => round(f, 2)),
        tempInverter: round(faulted.tempInverter, 1),
        pvStrings: faulted.pvStrings.map((p) => ({
          voltage: round(p.voltage, 1),
          current: round(p.current, 2),
        })),
        energyTodayKwh: round(s.energyTodayKwh, 3),
        energyTotalKwh: round(s.energyTotalKwh, 3),
      });
    }
  }

  for (const device of plant.devices) {
    if (device.kind === 'meter') {
      const s = deviceState(state, device);
      // Balance at the grid connection: site load minus what the inverters deliver (a hybrid: with its battery).
      const netW = loadW - deliveredW;
      const importW = Math.max(netW, 0);
      const exportW = Math.max(-netW, 0);
      accumulateMeter(s, timeMs, dayKey, importW, exportW);
      const grid = gridMeasurements(plant, device.phases, timeMs, 0);
      const fault = stepFault(s, device, timeMs, opts, 0);
      if (fault?.kind === 'lossOfCommunication') continue;
      readings.push({
        kind: 'meter',
        serial: device.serial,
        collectorSerial: device.collectorSerial,
        timeMs,
        importPowerW: round(importW, 1),
        exportPowerW: round(exportW, 1),
        importEnergyKwh: round(s.importEnergyKwh, 3),
        exportEnergyKwh: round(s.exportEnergyKwh, 3),
        gridVoltage: grid.voltage.map((v) => round(v, 1)),
        gridCurrent: grid.voltage.map((v) => round(Math.abs(netW) / (device.phases * v), 2)),
        gridFrequency: grid.frequency.map((f) => round(f, 2)),
        status: 'normal',
        faultCode: 0,
      });
    } else if (device.kind === 'weatherStation') {
      const s = deviceState(state, device);
      s.lastTimeMs = timeMs;
      const fault = stepFault(s, device, timeMs, opts, 0);
      if (fault?.kind === 'lossOfCommunication') continue;
      readings.push({
        kind: 'weatherStation',
        serial: device.serial,
        collectorSerial: device.collectorSerial,
        timeMs,
        ghi: round(weather.ghi, 1),
        poaGlobal: round(weather.poaGlobal, 1),
        tempAir: round(weather.tempAir, 1),
        tempModule: round(weather.tempModule, 1),
        windSpeed: round(weather.windSpeed, 1),
        status: 'normal',
        faultCode: 0,
      });
    }
  }
  return { readings, weather, loadW };
}
