/**
 * What the settings form needs to know of one point of a device's settings profile, in the user's language,
 * and the checks an edit passes before anything is sent: within the point's range, and a value the register can
 * hold at its scale factor (a point with scale 0.1 takes 49.9, not 49.95).
 */
export interface FormPoint {
  /** The point's name in the profile (the key of its value). */
  name: string;
  label: string;
  help?: string;
  unit?: string;
  /** `number` an engineering value; `enum` one of `options`; `bool` on or off; `time` "HH:MM". */
  type: 'number' | 'enum' | 'bool' | 'time';
  /** Range of the engineering value (register value × scale). */
  min?: number;
  max?: number;
  /** Register value × scale = engineering value; 1 when the register holds the value itself. */
  scale: number;
  options?: readonly { value: number; label: string }[];
  readOnly: boolean;
  /** The device falls back to the old value this long after applying a new one [s]. */
  revertSeconds?: number;
  /** Points shown together under one heading (a time-of-use slot is written as one). */
  group?: string;
}

/** Why an edit cannot be sent: an i18n key under `commands.form` and its values. */
export interface ValueProblem {
  key: 'required' | 'readOnly' | 'range' | 'step' | 'option' | 'time';
  values?: Record<string, string | number>;
}

/** Decimal places of the engineering values a scale gives (0.1 → 1, 0.01 → 2, 10 → 0). */
export function decimalsOf(scale: number): number {
  if (!(scale > 0) || scale >= 1) return 0;
  return Math.min(6, Math.max(0, Math.round(-Math.log10(scale))));
}

/** The register value that holds an engineering value. */
export const toRegister = (point: Pick<FormPoint, 'scale'>, value: number) => Math.round(value / point.scale);

/** The engineering value of a register value. */
export const fromRegister = (point: Pick<FormPoint, 'scale'>, raw: number) =>
  Number((raw * point.scale).toFixed(decimalsOf(point.scale)));

/** The first reason `value` cannot be written to `point`, or undefined when it can. */
export function checkValue(point: FormPoint, value: unknown): ValueProblem | undefined {
  if (point.readOnly) return { key: 'readOnly' };
  if (value === undefined || value === null || value === '') return { key: 'required' };
  switch (point.type) {
    case 'bool':
      return typeof value === 'boolean' ? undefined : { key: 'required' };
    case 'time':
      return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value)
        ? undefined
        : { key: 'time' };
    case 'enum':
      return point.options?.some((o) => o.value === value) ? undefined : { key: 'option' };
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { key: 'required' };
      const low = point.min ?? Number.NEGATIVE_INFINITY;
      const high = point.max ?? Number.POSITIVE_INFINITY;
      if (value < low || value > high)
        return {
          key: 'range',
          values: { min: point.min ?? '', max: point.max ?? '', unit: point.unit ?? '' },
        };
      // A value between two register steps would be rounded by the device: refuse it rather than send another.
      if (Math.abs(fromRegister(point, toRegister(point, value)) - value) > 1e-9)
        return { key: 'step', values: { step: point.scale } };
      return undefined;
    }
  }
}

/**
 * The edits to send: the writable points whose value differs from the device's current one. A point of a
 * group (a time-of-use slot) brings the rest of its group along, so that a slot is always written whole.
 */
export function changedValues(
  points: readonly FormPoint[],
  current: Readonly<Record<string, unknown>>,
  edited: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const changed = new Set(
    points
      .filter((p) => !p.readOnly && p.name in edited && edited[p.name] !== current[p.name])
      .map((p) => p.name),
  );
  const groups = new Set(points.filter((p) => changed.has(p.name) && p.group).map((p) => p.group));
  const out: Record<string, unknown> = {};
  for (const p of points) {
    if (p.readOnly) continue;
    if (changed.has(p.name) || (p.group && groups.has(p.group)))
      out[p.name] = edited[p.name] ?? current[p.name];
  }
  return out;
}
