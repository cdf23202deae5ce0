import { z } from 'zod';
import { DEVICE_SCALAR_FIELDS } from './telemetry.ts';

/**
 * Settings profiles: a device model's register map as data (issue "commands to devices", item 2). The server
 * validates writes against it, the simulator holds its registers by it, and the console renders every settings
 * form from it with one renderer. A profile never contains code.
 */

/** A text in both console languages. */
export const localized = z.object({ zh: z.string().min(1), en: z.string().min(1) });
export type Localized = z.infer<typeof localized>;

/**
 * How a point's value is held and typed:
 * - `number`: a register value times 10^scale, in the point's unit, within [min, max];
 * - `enum`: one of `options` (the register holds the option's value);
 * - `bool`: 0 or 1;
 * - `time`: minutes after local midnight, 0..1439 (the console shows HH:MM; one register holds h×100+m).
 */
export const POINT_TYPES = ['number', 'enum', 'bool', 'time'] as const;
export type PointType = (typeof POINT_TYPES)[number];

/** Register encodings (Modbus holding registers, big-endian words). */
export const REGISTER_TYPES = ['u16', 's16', 'u32', 's32'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

export const settingPoint = z.object({
  /** Key of the point in command parameters and read results, unique within the profile. */
  name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
  /** Modbus holding register (0-based address) the device keeps the value in. */
  register: z.number().int().min(0).max(65535),
  registerType: z.enum(REGISTER_TYPES),
  /** SunSpec model and point id, when the device follows SunSpec (e.g. model 123, `WMaxLimPct`). */
  sunspec: z.object({ model: z.number().int(), point: z.string() }).optional(),
  type: z.enum(POINT_TYPES),
  /** Unit of the engineering value ('' when none): %, V, Hz, s, W, kW, var. */
  unit: z.string(),
  /** Value = register × 10^scale (SunSpec scale factor). 0 for enums, bools and times. */
  scale: z.number().int().min(-4).max(4),
  /** Range of the engineering value, both ends allowed. */
  min: z.number(),
  max: z.number(),
  /** For `enum`: the values a device accepts, with their labels. */
  options: z.array(z.object({ value: z.number().int(), label: localized })).optional(),
  /** `r`: read-only (shown, never written); `rw`: writable. */
  access: z.enum(['r', 'rw']),
  /** Factory value (a fresh device holds it); absent for device-specific values (rating, live measurements). */
  default: z.number().optional(),
  /**
   * The point whose value [s] is this point's revert timer: after that long the device restores the value it had
   * before the write (0: no revert). Read results report the time left.
   */
  revertTimer: z.string().optional(),
  /** Points written together in one device transaction (a time-of-use slot); a write must carry all of them. */
  atomicGroup: z.string().optional(),
  /**
   * Offered only to a device behind an edge agent whose discovery found the point's SunSpec model (`profileFound`):
   * the profile's own device models do not have it (a battery's controls on a grid inverter's profile).
   */
  foundOnly: z.literal(true).optional(),
  /** Section of the form. */
  group: z.string(),
  label: localized,
  help: localized,
});
export type SettingPoint = z.infer<typeof settingPoint>;

/** Reading fields a register holds one value of (`docs/device-protocol.md`): a device's scalar reading fields. */
export const REGISTER_READING_FIELDS = DEVICE_SCALAR_FIELDS;
/** Reading fields of one value per phase or per PV input: a register holds the one at `index`. */
export const REGISTER_READING_LISTS = [
  'gridVoltageV',
  'gridCurrentA',
  'gridFrequencyHz',
  'pvVoltageV',
  'pvCurrentA',
] as const;

/**
 * Where a device without SunSpec keeps a field of our telemetry reading: the edge agent reads these registers
 * (holding registers, function 3) and builds the reading from them, as it does from SunSpec models for the others.
 */
export const readingPoint = z.object({
  field: z.enum([...REGISTER_READING_FIELDS, ...REGISTER_READING_LISTS]),
  /** For a per-phase or per-input field: which phase or input (0-based). */
  index: z.number().int().min(0).max(11).optional(),
  /** Modbus holding register (0-based address) of the value (its first word for 32 bits). */
  register: z.number().int().min(0).max(65535),
  registerType: z.enum(REGISTER_TYPES),
  /** 32-bit values: the low word in the first register (Deye, Sungrow) instead of the high word. */
  lowWordFirst: z.boolean().optional(),
  /** Value = register × 10^scale + offset, in the field's unit. */
  scale: z.number().int().min(-4).max(4),
  /** Added after scaling: some devices count temperatures from −100 °C so that the register stays positive. */
  offset: z.number().optional(),
  /** For `status`: the device's state values and our status of each (0 standby, 1 normal, 2 derating, 3 fault); others are absent. */
  states: z.record(z.string().regex(/^\d+$/), z.number().int().min(0).max(3)).optional(),
});
export type ReadingPoint = z.infer<typeof readingPoint>;

export const SETTINGS_PROFILE_IDS = ['sunspecInverter', 'hybridRegister', 'yongfuStorage'] as const;
export const settingsProfileId = z.enum(SETTINGS_PROFILE_IDS);
export type SettingsProfileId = z.infer<typeof settingsProfileId>;

export const settingsProfile = z.object({
  id: settingsProfileId,
  /** The screen that edits this profile (its route name is also the permission). */
  route: z.enum(['remoteSet', 'remoteSet1', 'YongfuRemoteSettings']),
  vendor: localized,
  /** Device models using this profile: a regular expression over the model name (profiles never overlap). */
  modelPattern: z.string().min(1),
  groups: z.array(z.object({ key: z.string(), label: localized })),
  points: z.array(settingPoint).min(1),
  /** Battery dispatch: schedule slots per day the device holds; absent when it has no battery. */
  dispatchSlots: z.number().int().min(1).max(48).optional(),
  /**
   * Where a device of this profile without SunSpec keeps its readings (the edge agent's `profile` of a device);
   * absent when its readings come another way (SunSpec, or a collector that speaks our protocol itself).
   */
  readings: z.array(readingPoint).min(1).optional(),
});
export type SettingsProfile = z.infer<typeof settingsProfile>;
