import { isDeepStrictEqual } from 'node:util';
import {
  pointOf,
  profileById,
  fromRegister,
  toRegister,
  type CommandKind,
  type CommandMessage,
  type DispatchSchedule,
  type PointValues,
  type RegisterType,
  type SettingsProfile,
  type UpgradeStartArgs,
} from '@solarops/contracts';

/** What each kind of command carries in `commands.params`. */
export interface SettingParams {
  profileId: SettingsProfile['id'];
  values: PointValues;
}
export interface ReadParams {
  profileId: SettingsProfile['id'];
  points: string[];
}
export interface DebugReadParams {
  address: number;
  count: number;
  dataType: RegisterType;
}
export interface DebugWriteParams {
  address: number;
  dataType: RegisterType;
  values: number[];
}
/** An upgrade's params: the start message's args, and where its image lies (the server's own, never sent). */
export interface UpgradeParams extends Omit<UpgradeStartArgs, 'op'> {
  fileId: string;
}
export interface DispatchParams {
  schedule: DispatchSchedule;
}

/** The settings profile a command's params name, if any. */
export const profileOf = (c: { params: unknown }): SettingsProfile | undefined => {
  const id = (c.params as Partial<SettingParams>).profileId;
  return id ? profileById(id) : undefined;
};

/** A register as it travels: address, encoding and (for writes) the raw value. */
export interface WireRegister {
  address: number;
  type: RegisterType;
  value?: number;
}

/** The suffix of a read-back's `cmdId`: its reply belongs to the command without it. */
export const READ_BACK = '.rb';

/** Kinds whose effect is checked by reading back what was written. */
export const WRITE_KINDS: readonly CommandKind[] = ['setting', 'batchMember', 'dispatch', 'debugWrite'];

const registersOf = (profile: SettingsProfile, names: readonly string[], values?: PointValues) =>
  names.map((name): WireRegister => {
    const p = pointOf(profile, name)!;
    return {
      address: p.register,
      type: p.registerType,
      ...(values ? { value: toRegister(p, values[name]!) } : {}),
    };
  });

/** The `down/cmd` message of a command. */
export function messageOf(
  c: { id: string; kind: CommandKind; deviceSerial: string; params: unknown; expiresAt: Date | null },
  profile: SettingsProfile | undefined,
): CommandMessage {
  const base = { cmdId: c.id, target: c.deviceSerial, expiresAt: c.expiresAt?.getTime() };
  switch (c.kind) {
    case 'setting':
    case 'batchMember': {
      const p = c.params as SettingParams;
      return {
        ...base,
        type: 'writeSettings',
        args: { registers: registersOf(profile!, Object.keys(p.values), p.values) },
      };
    }
    case 'readSettings': {
      const p = c.params as ReadParams;
      return { ...base, type: 'readSettings', args: { registers: registersOf(profile!, p.points) } };
    }
    case 'dispatch':
      return { ...base, type: 'batteryDispatch', args: { schedule: (c.params as DispatchParams).schedule } };
    case 'debugRead':
      return { ...base, type: 'debug', args: { op: 'read', ...(c.params as DebugReadParams) } };
    case 'debugWrite':
      return { ...base, type: 'debug', args: { op: 'write', ...(c.params as DebugWriteParams) } };
    case 'restart':
      return { ...base, type: 'reboot', args: {} };
    case 'upgrade': {
      const p = c.params as UpgradeParams;
      const args: UpgradeStartArgs = {
        op: 'start',
        packageId: p.packageId,
        version: p.version,
        size: p.size,
        sha256: p.sha256,
        signature: p.signature,
        chunkBytes: p.chunkBytes,
        chunks: p.chunks,
        holdInstall: p.holdInstall,
      };
      return { ...base, type: 'firmwareUpgrade', args: { ...args } };
    }
    case 'ivScan':
      return { ...base, type: 'ivScan', args: c.params as Record<string, unknown> };
  }
}

/** The read-back of a write: the same registers (or schedule) read, under `cmdId` + `.rb`. */
export function readBackOf(
  c: { id: string; kind: CommandKind; deviceSerial: string; params: unknown; expiresAt: Date | null },
  profile: SettingsProfile | undefined,
): CommandMessage {
  const base = { cmdId: c.id + READ_BACK, target: c.deviceSerial, expiresAt: c.expiresAt?.getTime() };
  if (c.kind === 'dispatch') return { ...base, type: 'readSettings', args: { schedule: true } };
  if (c.kind === 'debugWrite') {
    const p = c.params as DebugWriteParams;
    return {
      ...base,
      type: 'debug',
      args: { op: 'read', address: p.address, count: p.values.length, dataType: p.dataType },
    };
  }
  const p = c.params as SettingParams;
  return { ...base, type: 'readSettings', args: { registers: registersOf(profile!, Object.keys(p.values)) } };
}

/** Raw register values by address, as devices report them: `{ "40188": 500 }`. */
export type RegisterValues = Record<string, number>;

/** Register values turned into the profile's point values (unknown addresses dropped). */
export function pointsOf(profile: SettingsProfile, registers: RegisterValues): PointValues {
  const out: PointValues = {};
  for (const p of profile.points) {
    const raw = registers[String(p.register)];
    if (typeof raw === 'number') out[p.name] = fromRegister(p, raw);
  }
  return out;
}

/**
 * Whether what was read back is what was written: the read values by point (or register index, for debug
 * writes), and true only when every written value is there and equal.
 */
export function readBackMatches(
  c: { kind: CommandKind; params: unknown },
  profile: SettingsProfile | undefined,
  result: unknown,
): { matches: boolean; values: PointValues } {
  const r = (result ?? {}) as { registers?: RegisterValues; values?: number[]; schedule?: unknown };
  if (c.kind === 'dispatch') {
    // Compared as values, not as text: the stored params went through jsonb, which orders keys its own way.
    return { matches: isDeepStrictEqual(r.schedule, (c.params as DispatchParams).schedule), values: {} };
  }
  if (c.kind === 'debugWrite') {
    const p = c.params as DebugWriteParams;
    const values: PointValues = {};
    (r.values ?? []).forEach((v, i) => (values[String(p.address + i)] = v));
    return { matches: p.values.every((v, i) => r.values?.[i] === v), values };
  }
  const p = c.params as SettingParams;
  const values = pointsOf(profile!, r.registers ?? {});
  return {
    matches: Object.entries(p.values).every(
      ([k, v]) => values[k] !== undefined && Math.abs(values[k] - v) < 1e-9,
    ),
    values,
  };
}
