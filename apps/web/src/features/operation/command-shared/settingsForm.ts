import {
  pointOf,
  pointValueError,
  type CommandDevice,
  type PointValues,
  type SettingPoint,
  type SettingsProfile,
} from '@solarops/contracts';
import type { Language } from '../../../i18n/language.ts';

/**
 * The settings form's rules over a profile's points (packages/contracts settingsProfile): the checks an edit
 * passes before anything is sent are the profile's own (`pointValueError`, which the server applies as well),
 * shown with the point's range; only what changed is sent, a time-of-use slot always whole.
 */

/** Why an edit cannot be sent: an i18n key under `commands.form.problems` and its values. */
export interface ValueProblem {
  key: string;
  values?: Record<string, string | number>;
}

/** Decimal places of a point's engineering values (scale −1 → one decimal). */
export const decimalsOf = (point: Pick<SettingPoint, 'scale'>) => Math.max(0, -point.scale);

/** "HH:MM" of minutes after midnight (1440, the end of a day, is "24:00"). */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Minutes after midnight of "HH:MM" (or "H:MM"), NaN for anything else. */
export function minutesOf(text: string): number {
  const m = /^(\d{1,2}):([0-5]\d)$/.exec(text.trim());
  return m && Number(m[1]) < 24 ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** The first reason `value` cannot be written to `point`, or undefined when it can. */
export function problemOf(point: SettingPoint, value: unknown): ValueProblem | undefined {
  if (value === undefined || value === null || value === '') return { key: 'required' };
  const error = pointValueError(point, value);
  if (!error) return undefined;
  const key = error.replace(/^commands\./, '');
  if (key === 'outOfRange')
    return {
      key,
      values:
        point.type === 'time'
          ? { min: hhmm(point.min), max: hhmm(point.max), unit: '' }
          : { min: point.min, max: point.max, unit: point.unit },
    };
  if (key === 'resolution') return { key, values: { step: 10 ** point.scale } };
  return { key };
}

/**
 * The edits to send: the writable points whose value differs from the device's current one. A point of an
 * atomic group (a time-of-use slot) brings the rest of its group along, so that a slot is always written whole.
 */
export function changedValues(
  points: readonly SettingPoint[],
  current: Readonly<PointValues>,
  edited: Readonly<Record<string, unknown>>,
): PointValues {
  const writable = points.filter((p) => p.access === 'rw');
  const changed = new Set(
    writable
      .filter((p) => typeof edited[p.name] === 'number' && edited[p.name] !== current[p.name])
      .map((p) => p.name),
  );
  const groups = new Set(writable.filter((p) => changed.has(p.name)).map((p) => p.atomicGroup));
  const out: PointValues = {};
  for (const p of writable) {
    const whole = p.atomicGroup !== undefined && groups.has(p.atomicGroup);
    const value = (edited[p.name] as number | undefined) ?? current[p.name];
    if ((changed.has(p.name) || whole) && value !== undefined) out[p.name] = value;
  }
  return out;
}

type Translate = (key: string) => string;

/** A point's value as the user reads it: the option's label, on/off, HH:MM, or the number with its unit. */
export function formatPointValue(
  point: SettingPoint,
  value: number | undefined,
  lang: Language,
  t: Translate,
) {
  if (value === undefined) return '—';
  switch (point.type) {
    case 'bool':
      return t(value ? 'commands.form.on' : 'commands.form.off');
    case 'enum':
      return point.options?.find((o) => o.value === value)?.label[lang] ?? String(value);
    case 'time':
      return hhmm(value);
    case 'number':
      return `${value.toFixed(decimalsOf(point))}${point.unit ? ` ${point.unit}` : ''}`;
  }
}

/**
 * A point's label and a value of it as the user reads them (`formatPointValue`), from the device's profile or the
 * first profile that has the point (a batch spans models); a name no profile has is shown as sent.
 */
export function describePoint(
  profiles: readonly SettingsProfile[],
  name: string,
  value: number | undefined,
  lang: Language,
  t: Translate,
  profileId?: string | null,
): { label: string; value: string } {
  const own = profiles.find((p) => p.id === profileId);
  const point =
    (own && pointOf(own, name)) ??
    profiles.map((p) => pointOf(p, name)).find((x): x is SettingPoint => x !== undefined);
  if (!point) return { label: name, value: value === undefined ? '—' : String(value) };
  return { label: point.label[lang], value: formatPointValue(point, value, lang, t) };
}

/**
 * The profile as the settings screen offers it for the devices chosen: narrowed to the points every one of them has.
 * A device behind an edge agent has those its discovery found (`points`: no power limit on a device without
 * immediate or DER controls, never a trip limit (decision 0040), battery controls only with a storage or battery
 * model); the others the points of their model, which never include those only a discovery finds (`foundOnly`).
 */
export function profileOffered(
  profile: SettingsProfile,
  devices: readonly Pick<CommandDevice, 'serial' | 'points'>[],
  serials: readonly string[],
): SettingsProfile {
  const chosen = devices.filter((d) => serials.includes(d.serial));
  const found = chosen.filter((d) => d.points).map((d) => new Set(d.points));
  const ownModel = found.length === 0 || found.length < chosen.length;
  const points = profile.points.filter(
    (p) => !(ownModel && p.foundOnly) && found.every((f) => f.has(p.name)),
  );
  return points.length === profile.points.length ? profile : { ...profile, points };
}
