import type { SettingPoint, SettingsProfile } from '../settingsProfile.ts';

/** A point of a SunSpec model: the model id and the point's path in it (`PFWInj[0].PF` for a point of a group). */
export interface SunSpecPlace {
  model: number;
  point: string;
}

/**
 * Where the model 123 controls our profiles name lie on a device with the IEEE 1547 models instead: the active
 * power limit and the power factor (injecting) in 704 (DER controls) with their revert times, and the connection as
 * 703's permission to be in service (`ES`: 0 ceases to energise). Model 704 has no window or ramp time per control,
 * and 123's other points have no counterpart here.
 */
export const DER_COUNTERPARTS: Readonly<Record<string, SunSpecPlace | undefined>> = {
  Conn: { model: 703, point: 'ES' },
  WMaxLimPct: { model: 704, point: 'WMaxLimPct' },
  WMaxLimPct_RvrtTms: { model: 704, point: 'WMaxLimPctRvrtTms' },
  OutPFSet: { model: 704, point: 'PFWInj[0].PF' },
  OutPFSet_RvrtTms: { model: 704, point: 'PFWInjRvrtTms' },
};

/**
 * Where a profile's point lies on a SunSpec device whose chain holds `models`: its own model and point, or on a
 * device without model 123 a control's 1547 counterpart; undefined when the device has neither (or the point names
 * no SunSpec point).
 */
export function sunspecPlace(point: SettingPoint, models: readonly number[]): SunSpecPlace | undefined {
  const own = point.sunspec;
  if (!own) return undefined;
  if (models.includes(own.model)) return own;
  if (own.model !== 123) return undefined;
  const der = DER_COUNTERPARTS[own.point];
  return der && models.includes(der.model) ? der : undefined;
}

/**
 * A profile narrowed to the points a SunSpec device whose chain holds `models` has, as an edge agent's discovery
 * found them: the settings screen offers such a device exactly these, and the server refuses the others.
 */
export function profileFound(profile: SettingsProfile, models: readonly number[]): SettingsProfile {
  return { ...profile, points: profile.points.filter((p) => sunspecPlace(p, models) !== undefined) };
}
