import type { SettingPoint, SettingsProfile, SettingsProfileId } from '../settingsProfile.ts';
import { HYBRID_REGISTER } from './hybridRegister.ts';
import { SUNSPEC_INVERTER } from './sunspecInverter.ts';
import { YONGFU_STORAGE } from './yongfuStorage.ts';

export { HYBRID_REGISTER, HYBRID_TOU_SLOTS } from './hybridRegister.ts';
export { SUNSPEC_INVERTER } from './sunspecInverter.ts';
export { DER_COUNTERPARTS, profileFound, sunspecPlace, type SunSpecPlace } from './sunspecPlaces.ts';
export { YONGFU_STORAGE } from './yongfuStorage.ts';

/** Every settings profile shipped. */
export const SETTINGS_PROFILES: readonly SettingsProfile[] = [
  SUNSPEC_INVERTER,
  HYBRID_REGISTER,
  YONGFU_STORAGE,
];

/**
 * A profile as the device models it names have it: without the points offered only where an edge agent's
 * discovery found them (`foundOnly`); the profile itself when it has none.
 */
const ownModels = (profile: SettingsProfile): SettingsProfile =>
  profile.points.some((p) => p.foundOnly)
    ? { ...profile, points: profile.points.filter((p) => !p.foundOnly) }
    : profile;

const patterns = SETTINGS_PROFILES.map((p) => ({ profile: ownModels(p), re: new RegExp(p.modelPattern) }));

/**
 * The profile of a device model (without the points only a device behind an edge agent may have found), or
 * undefined when the model has no remote settings (meters, stations).
 */
export function profileForModel(model: string): SettingsProfile | undefined {
  return patterns.find((p) => p.re.test(model))?.profile;
}

export function profileById(id: SettingsProfileId): SettingsProfile {
  return SETTINGS_PROFILES.find((p) => p.id === id)!;
}

/** A profile's point by name. */
export function pointOf(profile: SettingsProfile, name: string): SettingPoint | undefined {
  return profile.points.find((p) => p.name === name);
}

/** The engineering value held by a register value (raw × 10^scale, rounded to the scale's decimals). */
export function fromRegister(point: SettingPoint, raw: number): number {
  if (point.scale === 0) return raw;
  return Number((raw * 10 ** point.scale).toFixed(Math.max(0, -point.scale)));
}

/** The register value for an engineering value (rounded to the register's resolution). */
export function toRegister(point: SettingPoint, value: number): number {
  return Math.round(value / 10 ** point.scale);
}

/**
 * Why `value` cannot be written to `point`, as a message key (`commands.*`), or undefined when it can. Checks are
 * those of the profile: writable, a number of the point's type, within [min, max], an enum option, on the
 * register's resolution.
 */
export function pointValueError(point: SettingPoint, value: unknown): string | undefined {
  if (point.access !== 'rw') return 'commands.readOnly';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'commands.notANumber';
  if (value < point.min || value > point.max) return 'commands.outOfRange';
  if (point.type === 'enum' && !point.options?.some((o) => o.value === value)) return 'commands.notAnOption';
  if ((point.type === 'bool' || point.type === 'time') && !Number.isInteger(value))
    return 'commands.notAnOption';
  if (Math.abs(toRegister(point, value) * 10 ** point.scale - value) > 10 ** point.scale / 1000)
    return 'commands.resolution';
  return undefined;
}
