/**
 * What the plant model needs to know about a plant and its devices. Plain data, JSON-serialisable.
 * Names and units follow docs/nomenclature.md.
 */

/** Plant types of the console (spec: residential, poverty alleviation, energy storage, commercial). */
export type PlantType = 'residential' | 'povertyAlleviation' | 'energyStorage' | 'commercial';

/** Module datasheet values at STC (1000 W/m², 25 °C, AM1.5). */
export interface ModuleStc {
  /** Module model name. */
  model: string;
  /** Maximum power [W]. */
  pmaxW: number;
  /** Voltage at maximum power [V]. */
  vmpV: number;
  /** Current at maximum power [A]. */
  impA: number;
  /** Open-circuit voltage [V]. */
  vocV: number;
  /** Short-circuit current [A]. */
  iscA: number;
  /** Power temperature coefficient, gamma_pdc [1/°C] (e.g. −0.0035). */
  gammaPmax: number;
  /** Open-circuit voltage temperature coefficient [1/°C] (e.g. −0.0027). */
  betaVoc: number;
  /** Short-circuit current temperature coefficient [1/°C] (e.g. 0.0005). */
  alphaIsc: number;
  /** Cells in series [unitless]. */
  cellsInSeries: number;
}

/** Battery of a hybrid inverter. */
export interface BatteryDescription {
  /** Usable energy [Wh]. */
  capacityWh: number;
  /** Maximum charge power [W]. */
  maxChargeW: number;
  /** Maximum discharge power [W]. */
  maxDischargeW: number;
  /** Nominal pack voltage [V] (48 V low-voltage or 200–500 V high-voltage packs). */
  nominalVoltageV: number;
}

/** Identity fields every device carries. */
export interface DeviceIdentity {
  /** Device serial number (format in demoFleet.ts). */
  serial: string;
  /** Serial of the collector (datalogger) the device reports through. */
  collectorSerial: string;
  /** Model name. */
  model: string;
  /** ARM (communication board) firmware version. */
  armVersion: string;
  /** DSP (power board) firmware version. */
  dspVersion: string;
}

/** PV inputs of an inverter: `strings` strings of nominally `modulesPerString` modules (as installed they differ: inverterOutput.ts `stringLayouts`). */
export interface PvArrayDescription {
  /** Number of strings (PV inputs), 1..12. */
  strings: number;
  /** Modules in series per string. */
  modulesPerString: number;
  /** Module datasheet. */
  module: ModuleStc;
}

/** Grid-tied string inverter. */
export interface StringInverterDescription extends DeviceIdentity, PvArrayDescription {
  kind: 'stringInverter';
  /** AC rating, the clipping level [W]. */
  ratedPowerW: number;
  /** Number of AC phases, 1 or 3. */
  phases: 1 | 3;
}

/** Micro inverter: one module per input, 1..4 inputs. */
export interface MicroInverterDescription extends DeviceIdentity, PvArrayDescription {
  kind: 'microInverter';
  /** AC rating [W]. */
  ratedPowerW: number;
  phases: 1;
}

/** Hybrid inverter with a DC-coupled battery. */
export interface HybridInverterDescription extends DeviceIdentity, PvArrayDescription {
  kind: 'hybridInverter';
  /** AC rating [W]. */
  ratedPowerW: number;
  phases: 1 | 3;
  battery: BatteryDescription;
}

/** Grid connection meter of the plant. */
export interface MeterDescription extends DeviceIdentity {
  kind: 'meter';
  phases: 1 | 3;
}

/** Weather station in the plane of the array. */
export interface WeatherStationDescription extends DeviceIdentity {
  kind: 'weatherStation';
}

/** Any device of a plant. */
export type DeviceDescription =
  | StringInverterDescription
  | MicroInverterDescription
  | HybridInverterDescription
  | MeterDescription
  | WeatherStationDescription;

/** Inverter-like devices (those with PV inputs). */
export type InverterDescription =
  StringInverterDescription | MicroInverterDescription | HybridInverterDescription;

/** A plant as the physics sees it. */
export interface PlantDescription {
  /** Stable plant identifier. */
  id: string;
  /** Site latitude [deg]. */
  latitude: number;
  /** Site longitude [deg]. */
  longitude: number;
  /** Site altitude [m]. */
  altitude: number;
  /** IANA time zone, e.g. 'Australia/Sydney'. */
  timeZone: string;
  /** Panel tilt [deg]. */
  surfaceTilt: number;
  /** Panel azimuth, clockwise from north [deg]; 180 faces the equator in the north, 0 in the south. */
  surfaceAzimuth: number;
  /** Installed DC capacity [W]. */
  capacityW: number;
  /** Plant type. */
  type: PlantType;
  /** Seed of the plant's cloud process [unitless]. */
  cloudSeed: number;
  /**
   * Climate dryness, −0.9 (cloudiest) .. 3 (desert), shapes the cloud regime [unitless]; each demo site's is set
   * so that its plants give what real plants there give a year (demoYields.test.ts).
   */
  clearBias: number;
  /** Nominal grid phase voltage [V] and frequency [Hz]. */
  grid: { voltageV: number; frequencyHz: number };
  /** Mounting, for the SAPM thermal parameters. */
  mounting: 'openRack' | 'roof';
  /** Site consumption per day, for storage dispatch and the meter [kWh]. */
  dailyLoadKwh: number;
  /** Devices. */
  devices: DeviceDescription[];
}

/** True for inverter-like devices. */
export function isInverter(device: DeviceDescription): device is InverterDescription {
  return (
    device.kind === 'stringInverter' || device.kind === 'microInverter' || device.kind === 'hybridInverter'
  );
}
