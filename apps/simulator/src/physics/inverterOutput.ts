/**
 * DC and AC output of one inverter from the plant weather: PVWatts DC power per string, per-string
 * voltage and current at the maximum power point, and the PVWatts inverter with clipping at the AC
 * rating.
 *
 * String operating point: V_mp = N · V_mp,ref · (1 + β_Voc · (T_cell − 25)) · (1 + 0.035 · ln(G/1000))
 * (the voltage falls with temperature and, logarithmically, with irradiance, as the single-diode model
 * predicts), and I = P_dc / V_mp so that V · I is exactly the PVWatts DC power. When the inverter clips,
 * it moves its operating point towards open circuit: the voltage rises and the current falls so that the
 * DC power matches what the inverter can deliver.
 */
import { pvwattsDc, pvwattsInverter } from '@solarops/pv';
import type { InverterDescription, ModuleStc } from './plantDescription.ts';
import type { PlantWeather } from './plantWeather.ts';
import { uniformAt } from './random.ts';

/** Nominal inverter efficiency used with the PVWatts inverter model [unitless]. */
export const INVERTER_ETA_NOM = 0.965;
/** DC losses ahead of the inverter: soiling, wiring, mismatch, LID (PVWatts defaults, less shading) [unitless]. */
export const DC_LOSS_FACTOR = 0.93;
/** Irradiance below which an inverter stays in standby [W/m²]. */
export const STANDBY_IRRADIANCE = 8;

/** One PV input at an instant. */
export interface PvStringReading {
  /** String voltage [V]. */
  voltage: number;
  /** String current [A]. */
  current: number;
}

/** Output of an inverter's PV side and power stage. */
export interface InverterOutput {
  /** DC input power [W]. */
  pdcW: number;
  /** AC power the PV could deliver after clipping [W]. */
  pacW: number;
  /** True if the AC output is limited by the rating. */
  clipped: boolean;
  /** True if below the start-up irradiance. */
  standby: boolean;
  /** Per-string operating points. */
  strings: PvStringReading[];
}

/**
 * Open-circuit voltage of one module at cell temperature and irradiance.
 *
 * @param module - Datasheet values
 * @param tempCell - Cell temperature [°C]
 * @param poa - Plane-of-array irradiance [W/m²]
 * @returns module open-circuit voltage [V]
 */
export function moduleVoc(module: ModuleStc, tempCell: number, poa: number): number {
  if (poa <= 0) return 0;
  const g = Math.max(poa, 1) / 1000;
  return Math.max(module.vocV * (1 + module.betaVoc * (tempCell - 25)) * (1 + 0.035 * Math.log(g)), 0);
}

function moduleVmp(module: ModuleStc, tempCell: number, poa: number): number {
  const g = Math.max(poa, 1) / 1000;
  const v = module.vmpV * (1 + module.betaVoc * (tempCell - 25)) * (1 + 0.035 * Math.log(g));
  return Math.max(v, 0.5 * module.vmpV * (1 + module.betaVoc * (tempCell - 25)));
}

/**
 * Inverter output at the plant weather.
 *
 * @param device - Inverter description (strings, modules, rating)
 * @param weather - Plant weather at the instant
 * @param deviceSeed - Seed of the device (static string mismatch) [unitless]
 * @returns DC [W] and AC [W] power, clipping and standby flags, per-string voltage [V] and current [A]
 */
export function inverterOutput(
  device: InverterDescription,
  weather: PlantWeather,
  deviceSeed: number,
): InverterOutput {
  const poa = weather.poaGlobal;
  const n = device.modulesPerString;
  const m = device.module;
  if (poa < STANDBY_IRRADIANCE) {
    const voc = n * moduleVoc(m, weather.tempCell, poa);
    return {
      pdcW: 0,
      pacW: 0,
      clipped: false,
      standby: true,
      strings: Array.from({ length: device.strings }, () => ({ voltage: voc, current: 0 })),
    };
  }
  const vmp = n * moduleVmp(m, weather.tempCell, poa);
  const stringPowers = Array.from({ length: device.strings }, (_, i) => {
    // Each string loses 0..2 % more than nominal (module tolerance, cable length), fixed per device.
    const mismatch = 1 - 0.02 * uniformAt(deviceSeed, 31, i);
    return Math.max(
      pvwattsDc(poa, weather.tempCell, m.pmaxW * n, m.gammaPmax) * DC_LOSS_FACTOR * mismatch,
      0,
    );
  });
  const pdcW = stringPowers.reduce((a, b) => a + b, 0);
  const pdc0 = device.ratedPowerW / INVERTER_ETA_NOM;
  const pacW = pvwattsInverter(pdcW, pdc0, INVERTER_ETA_NOM);
  const clipped = pacW >= device.ratedPowerW * 0.9999;
  // When clipping, the DC side delivers only what the inverter converts.
  const dcScale = clipped && pdcW > 0 ? Math.min(pacW / INVERTER_ETA_NOM / pdcW, 1) : 1;
  const voc = n * moduleVoc(m, weather.tempCell, poa);
  const strings = stringPowers.map((p) => {
    const power = p * dcScale;
    // Moving off the MPP towards Voc: the voltage rises with the curtailed share.
    const voltage = vmp + (voc - vmp) * (1 - dcScale) * 0.8;
    return { voltage, current: voltage > 0 ? power / voltage : 0 };
  });
  return { pdcW: pdcW * dcScale, pacW, clipped, standby: false, strings };
}
