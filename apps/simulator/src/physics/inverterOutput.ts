/**
 * DC and AC output of one inverter from the plant weather: PVWatts DC power per string, per-string
 * voltage and current at the maximum power point, and the PVWatts inverter with clipping at the AC
 * rating.
 *
 * String operating point: V_mp = N · V_mp,ref · (1 + β_Voc · (T_cell − 25)) · (1 + 0.035 · ln(G/1000))
 * (the voltage falls with temperature and, logarithmically, with irradiance, as the single-diode model
 * predicts), and I = P_dc / V_mp so that V · I is exactly the PVWatts DC power. When the inverter clips, at its
 * rating or at an active power limit set on it, it moves its operating point towards open circuit: the voltage
 * rises and the current falls so that the DC power matches what the inverter delivers.
 */
import { aoiProjection, pvwattsDc, pvwattsInverter } from '@solarops/pv';
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

/** How one PV input differs from the inverter's nominal string (fixed per device and input). */
export interface StringLayout {
  /** Modules in series on this input. */
  modules: number;
  /** Azimuth of this input's modules relative to the plant's array [deg] (another face of the roof). */
  azimuthOffsetDeg: number;
  /** Share of the nominal power the modules still give (soiling, cabling, degraded modules) [unitless]. */
  health: number;
  /** Shaded by a nearby obstacle while the sun is low: the beam does not reach it. */
  shaded: boolean;
}

/** Sun elevation below which a shaded string loses the beam [deg]. */
export const SHADE_ELEVATION_DEG = 25;

/**
 * The PV inputs of an inverter as installed: real strings differ. Every input has a small mismatch (0..2 %);
 * an inverter with 3 or more inputs has one weak string (a tenth to a fifth below its siblings), one with 4 or
 * more also a string two modules shorter, and on roofs a quarter of its strings on a face turned 60° away and
 * often one shaded string in the morning and evening. Deterministic by the device seed.
 *
 * @param device - Inverter description (strings, modules per string, mounting)
 * @param deviceSeed - Seed of the device [unitless]
 * @param roof - Whether the array is on a roof (several faces, obstacles)
 * @returns one layout per input
 */
export function stringLayouts(device: InverterDescription, deviceSeed: number, roof = true): StringLayout[] {
  const count = device.strings;
  const pickIndex = (salt: number) => Math.floor(uniformAt(deviceSeed, salt) * count);
  const weak = count >= 3 ? pickIndex(61) : -1;
  const short = count >= 4 ? (weak + 1 + pickIndex(62)) % count : -1;
  const turned = roof && count >= 4 ? Math.ceil(count / 4) : 0;
  const shaded = roof && count >= 2 && uniformAt(deviceSeed, 63) < 0.6 ? (weak + 1) % count : -1;
  const turnSign = uniformAt(deviceSeed, 64) < 0.5 ? -1 : 1;
  return Array.from({ length: count }, (_, i) => ({
    modules: Math.max(1, device.modulesPerString - (i === short && device.modulesPerString > 6 ? 2 : 0)),
    azimuthOffsetDeg: i >= count - turned ? turnSign * 60 : 0,
    health:
      (1 - 0.02 * uniformAt(deviceSeed, 31, i)) * (i === weak ? 0.8 + 0.1 * uniformAt(deviceSeed, 65) : 1),
    shaded: i === shaded,
  }));
}

// Layouts are fixed per device: computed once, not at every step of a backfill.
const layoutCache = new WeakMap<InverterDescription, { key: string; layouts: StringLayout[] }>();
function layoutsOf(device: InverterDescription, deviceSeed: number, roof: boolean): StringLayout[] {
  const key = `${deviceSeed}|${roof}|${device.strings}|${device.modulesPerString}`;
  const hit = layoutCache.get(device);
  if (hit?.key === key) return hit.layouts;
  const layouts = stringLayouts(device, deviceSeed, roof);
  layoutCache.set(device, { key, layouts });
  return layouts;
}

/** Plane-of-array irradiance of an input turned or shaded unlike the plant's array [W/m²]. */
function stringPoa(
  weather: PlantWeather,
  layout: StringLayout,
  array: { surfaceTilt: number; surfaceAzimuth: number } | undefined,
): number {
  if (!array || (layout.azimuthOffsetDeg === 0 && !layout.shaded)) return weather.poaGlobal;
  const beam = (azimuth: number) =>
    weather.dni *
    Math.max(aoiProjection(array.surfaceTilt, azimuth, weather.apparentZenith, weather.azimuth), 0);
  const own = beam(array.surfaceAzimuth);
  const elevation = 90 - weather.apparentZenith;
  const turned = beam(array.surfaceAzimuth + layout.azimuthOffsetDeg);
  const reached = layout.shaded && elevation < SHADE_ELEVATION_DEG ? 0 : turned;
  return Math.max(weather.poaGlobal - own + reached, 0);
}

/**
 * Inverter output at the plant weather.
 *
 * @param device - Inverter description (strings, modules, rating)
 * @param weather - Plant weather at the instant
 * @param deviceSeed - Seed of the device (its strings' layout) [unitless]
 * @param array - The plant's array orientation (tilt, azimuth [deg]) and mounting, for turned and shaded
 *   strings; without it every input faces the plant's array
 * @param acLimitW - An active power limit below the rating, if one is set [W]
 * @returns DC [W] and AC [W] power, clipping and standby flags, per-string voltage [V] and current [A]
 */
export function inverterOutput(
  device: InverterDescription,
  weather: PlantWeather,
  deviceSeed: number,
  array?: { surfaceTilt: number; surfaceAzimuth: number; mounting: 'openRack' | 'roof' },
  acLimitW = Infinity,
): InverterOutput {
  const poa = weather.poaGlobal;
  const m = device.module;
  const layouts = layoutsOf(device, deviceSeed, array ? array.mounting === 'roof' : false);
  if (poa < STANDBY_IRRADIANCE) {
    return {
      pdcW: 0,
      pacW: 0,
      clipped: false,
      standby: true,
      strings: layouts.map((l) => ({ voltage: l.modules * moduleVoc(m, weather.tempCell, poa), current: 0 })),
    };
  }
  const inputs = layouts.map((l) => {
    const g = stringPoa(weather, l, array);
    const power = Math.max(pvwattsDc(g, weather.tempCell, m.pmaxW * l.modules, m.gammaPmax), 0);
    return {
      power: power * DC_LOSS_FACTOR * l.health,
      vmp: l.modules * moduleVmp(m, weather.tempCell, Math.max(g, 1)),
      voc: l.modules * moduleVoc(m, weather.tempCell, Math.max(g, 1)),
    };
  });
  const pdcW = inputs.reduce((a, b) => a + b.power, 0);
  const pdc0 = device.ratedPowerW / INVERTER_ETA_NOM;
  const ceilingW = Math.max(Math.min(device.ratedPowerW, acLimitW), 0);
  const pacW = Math.min(pvwattsInverter(pdcW, pdc0, INVERTER_ETA_NOM), ceilingW);
  const clipped = pacW >= ceilingW * 0.9999;
  // When clipping, the DC side delivers only what the inverter converts.
  const dcScale = clipped && pdcW > 0 ? Math.min(pacW / INVERTER_ETA_NOM / pdcW, 1) : 1;
  const strings = inputs.map((x) => {
    const power = x.power * dcScale;
    // Moving off the MPP towards Voc: the voltage rises with the curtailed share.
    const voltage = x.vmp + (x.voc - x.vmp) * (1 - dcScale) * 0.8;
    return { voltage, current: voltage > 0 ? power / voltage : 0 };
  });
  return { pdcW: pdcW * dcScale, pacW, clipped, standby: false, strings };
}
