import { z } from 'zod';
import { idSchema, isoDateTime } from './common.ts';
import { serialNumber } from './device.ts';
import { REGISTER_TYPES, settingsProfileId } from './settingsProfile.ts';

/**
 * The command model (module `commands`, docs/device-protocol.md "Commands"): every action on a device — a
 * setting, a member of a batch, a battery schedule, a register read or write, a restart, and later firmware
 * upgrades and IV scans — is one command with one state machine.
 */

/** What a command does. `upgrade` and `ivScan` are reserved for the firmware and diagnosis screens. */
export const COMMAND_KINDS = [
  'setting',
  'batchMember',
  'readSettings',
  'dispatch',
  'debugRead',
  'debugWrite',
  'restart',
  'upgrade',
  'ivScan',
] as const;
export const commandKind = z.enum(COMMAND_KINDS);
export type CommandKind = z.infer<typeof commandKind>;

/**
 * `queued → sent → acked → applied | failed | expired | cancelled`. `acked` only says the device took the
 * command; `applied` needs the device's read-back to match (or, for reads and restarts, its result).
 */
export const COMMAND_STATES = [
  'queued',
  'sent',
  'acked',
  'applied',
  'failed',
  'expired',
  'cancelled',
] as const;
export const commandState = z.enum(COMMAND_STATES);
export type CommandState = z.infer<typeof commandState>;

export const TERMINAL_STATES: readonly CommandState[] = ['applied', 'failed', 'expired', 'cancelled'];

/**
 * Every transition the server makes; any other is refused (409). A user cancels only a queued command; an acked
 * one is cancelled only by the server, when a rollout is cancelled while its device holds a downloaded image
 * waiting for its maintenance window (docs/firmware.md "Rollouts").
 */
export const COMMAND_TRANSITIONS: Readonly<Record<CommandState, readonly CommandState[]>> = {
  queued: ['sent', 'expired', 'cancelled'],
  sent: ['acked', 'failed', 'expired'],
  acked: ['applied', 'failed', 'expired', 'cancelled'],
  applied: [],
  failed: [],
  expired: [],
  cancelled: [],
};

export const canTransition = (from: CommandState, to: CommandState): boolean =>
  COMMAND_TRANSITIONS[from].includes(to);

/** Why a command failed or ended: `notApplied` (read-back differs), `refused` (the device said why), ... */
export const COMMAND_REASONS = [
  'notApplied',
  'refused',
  'expired',
  'cancelled',
  'rejected',
  'deviceError',
  /** A firmware transfer whose device stopped asking for its image, sent again and still silent. */
  'stalled',
] as const;
export type CommandReason = (typeof COMMAND_REASONS)[number];

/** Limits of the command API. */
export const COMMAND_LIMITS = {
  /** A batch beyond this many devices waits for a second user's approval. */
  approvalAbove: 50,
  /** Devices in one request. */
  maxDevices: 1000,
  /** Time-to-live [s]: default and bounds. */
  defaultTtlS: 3600,
  minTtlS: 5,
  maxTtlS: 7 * 86_400,
  /** A queued command goes out this soon after its device reconnects, at the latest [s]. */
  resendWithinS: 60,
  /** Registers in one debug read or write. */
  maxRegisters: 64,
  /** Slots of a day in a battery schedule. */
  maxDispatchSlots: 48,
} as const;

/** The screens that create commands: each is also the permission the server checks. */
export const SETTINGS_ROUTES = ['remoteSet', 'remoteSet1', 'YongfuRemoteSettings', 'setUpList'] as const;
export const DEBUG_ROUTES = ['debug', 'faultRemote'] as const;
/** Every route name that may list and watch commands. */
export const COMMAND_ROUTES = [
  ...SETTINGS_ROUTES,
  'remoteSetSubmit',
  'remoteSetSubmit1',
  ...DEBUG_ROUTES,
  'dispatch',
] as const;

/** Engineering values by point name (see the device's settings profile). */
export const pointValues = z.record(z.string(), z.number());
export type PointValues = z.infer<typeof pointValues>;

const ttlS = z.number().int().min(COMMAND_LIMITS.minTtlS).max(COMMAND_LIMITS.maxTtlS).optional();

/**
 * The typed confirmation of a write: the device serial for one device, the number of devices for several. The
 * server checks it too (400 `commands.confirmMismatch`).
 */
const confirm = z.string().trim().min(1).max(32);

/** `POST /commands/settings`: write settings to one or many devices of the route's profile(s). */
export const createSettingsBody = z.object({
  route: z.enum(SETTINGS_ROUTES),
  serials: z.array(serialNumber).min(1).max(COMMAND_LIMITS.maxDevices),
  values: pointValues.refine((v) => Object.keys(v).length > 0, 'validation.required'),
  confirm,
  ttlS,
});
export type CreateSettingsBody = z.infer<typeof createSettingsBody>;

/** `POST /commands/read`: read a device's current settings (all points of its profile, or some). */
export const readSettingsBody = z.object({
  route: z.enum([...SETTINGS_ROUTES, ...DEBUG_ROUTES]),
  serial: serialNumber,
  points: z.array(z.string()).max(200).optional(),
  ttlS,
});

/** Battery modes of a dispatch slot. */
export const DISPATCH_MODES = ['charge', 'discharge', 'hold', 'selfConsumption'] as const;

export const dispatchSlot = z.object({
  /** Minutes after local midnight, start inclusive, end exclusive (end 1440 = midnight). */
  start: z.number().int().min(0).max(1439),
  end: z.number().int().min(1).max(1440),
  mode: z.enum(DISPATCH_MODES),
  /** Battery power bound [W] (charge or discharge). */
  powerW: z.number().min(0).max(1_000_000),
  /** State-of-charge bounds within the slot [%]: discharge stops at the first, charge at the second. */
  socMin: z.number().min(0).max(100),
  socMax: z.number().min(0).max(100),
});
export type DispatchSlot = z.infer<typeof dispatchSlot>;

export const dispatchSchedule = z.object({
  /** The operator's id of the schedule (spec: dispatch id). */
  dispatchId: z.string().trim().min(1).max(40),
  weekday: z.array(dispatchSlot).max(COMMAND_LIMITS.maxDispatchSlots),
  weekend: z.array(dispatchSlot).max(COMMAND_LIMITS.maxDispatchSlots),
});
export type DispatchSchedule = z.infer<typeof dispatchSchedule>;

/** A schedule the server refuses, with what to name: the message key and its parameters. */
export interface ScheduleProblem {
  message: 'commands.slotsOverlap' | 'commands.slotEmpty' | 'commands.socBounds' | 'commands.tooManySlots';
  day: 'weekday' | 'weekend';
  /** 1-based slot numbers concerned (two for an overlap). */
  slots: number[];
  /** For `tooManySlots`: what the device holds. */
  capacity?: number;
}

/**
 * What is wrong with a schedule for a device holding `capacity` slots a day, or undefined. Overlapping slots are
 * named by number; a schedule longer than the device's table is refused, never cut.
 */
export function scheduleProblem(s: DispatchSchedule, capacity: number): ScheduleProblem | undefined {
  for (const day of ['weekday', 'weekend'] as const) {
    const slots = s[day];
    for (const [i, slot] of slots.entries()) {
      if (slot.end <= slot.start) return { message: 'commands.slotEmpty', day, slots: [i + 1] };
      if (slot.socMin > slot.socMax) return { message: 'commands.socBounds', day, slots: [i + 1] };
    }
    for (let i = 0; i < slots.length; i++)
      for (let j = i + 1; j < slots.length; j++)
        if (slots[i]!.start < slots[j]!.end && slots[j]!.start < slots[i]!.end)
          return { message: 'commands.slotsOverlap', day, slots: [i + 1, j + 1] };
    if (slots.length > capacity)
      return { message: 'commands.tooManySlots', day, slots: [slots.length], capacity };
  }
  return undefined;
}

/** `POST /commands/dispatch`: a battery schedule to one or many devices. */
export const createDispatchBody = z.object({
  serials: z.array(serialNumber).min(1).max(COMMAND_LIMITS.maxDevices),
  schedule: dispatchSchedule,
  confirm,
  ttlS,
});

/** `POST /commands/debug/read`: holding registers by address, count and type. */
export const debugReadBody = z.object({
  route: z.enum(DEBUG_ROUTES),
  serial: serialNumber,
  address: z.number().int().min(0).max(65535),
  count: z.number().int().min(1).max(COMMAND_LIMITS.maxRegisters),
  dataType: z.enum(REGISTER_TYPES),
  ttlS,
});

/** `POST /commands/debug/write`: register values from `address` on (read back before `applied`). */
export const debugWriteBody = z.object({
  route: z.enum(DEBUG_ROUTES),
  serial: serialNumber,
  address: z.number().int().min(0).max(65535),
  dataType: z.enum(REGISTER_TYPES),
  // Each value fits one of the register types (s32 down to −2³¹, u32 up to 2³²−1).
  values: z
    .array(z.number().int().min(-2_147_483_648).max(4_294_967_295))
    .min(1)
    .max(COMMAND_LIMITS.maxRegisters),
  confirm,
  ttlS,
});

/** `POST /commands/restart`. */
export const restartBody = z.object({
  route: z.enum(DEBUG_ROUTES),
  serial: serialNumber,
  confirm,
  ttlS,
});

/** A device's reason, as it said it (`refused`), or the server's reason code. */
export const commandFailure = z.object({
  reason: z.enum(COMMAND_REASONS),
  /** The device's own words (e.g. "activePowerLimitPct 120 above 100"). */
  detail: z.string().optional(),
});

/** One command as the console sees it. */
export const commandRow = z.object({
  id: z.string(),
  batchId: z.string().nullable(),
  kind: commandKind,
  /** The screen it was created from. */
  route: z.string(),
  deviceSerial: z.string(),
  deviceModel: z.string(),
  profileId: settingsProfileId.nullable(),
  collectorSerial: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  params: z.unknown(),
  state: commandState,
  failure: commandFailure.nullable(),
  /** Values before the write (from the device) and after it (read back), by point or register. */
  oldValues: pointValues.nullable(),
  newValues: pointValues.nullable(),
  /** Read results: point values, or registers `{ "40188": 500 }`. */
  result: z.unknown().nullable(),
  createdBy: z.string(),
  approvedBy: z.string().nullable(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  ackedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  /** Null while its batch waits for approval (the time-to-live starts at approval). */
  expiresAt: isoDateTime.nullable(),
});
export type CommandRow = z.infer<typeof commandRow>;

/** A device the request left out, and why (before anything was sent). */
export const refusedDevice = z.object({
  serial: z.string(),
  message: z.string(),
  /** The point it lacks or refuses, when that is the reason. */
  point: z.string().optional(),
});

/** The answer to a create call: the commands made, the batch if several, the devices refused before sending. */
export const createdCommands = z.object({
  batchId: z.string().nullable(),
  /** True when the batch waits for a second user's approval (more than 50 devices). */
  awaitingApproval: z.boolean(),
  commands: z.array(commandRow),
  refused: z.array(refusedDevice),
});
export type CreatedCommands = z.infer<typeof createdCommands>;

/** `GET /commands`: filters. */
export const commandListQuery = z.object({
  batchId: z.string().optional(),
  serial: z.string().optional(),
  state: commandState.optional(),
  kind: commandKind.optional(),
  plantId: idSchema.optional(),
});

/** `GET /commands/batches/:id`. */
export const commandBatch = z.object({
  id: z.string(),
  kind: commandKind,
  route: z.string(),
  params: z.unknown(),
  deviceCount: z.number().int(),
  createdBy: z.string(),
  createdAt: isoDateTime,
  awaitingApproval: z.boolean(),
  approvedBy: z.string().nullable(),
  approvedAt: isoDateTime.nullable(),
  /** Commands by state. */
  counts: z.record(commandState, z.number().int()),
});
export type CommandBatch = z.infer<typeof commandBatch>;

/**
 * `GET /commands/batches/awaiting`: a batch waiting for a second user's approval (its change passed 50 devices
 * within the hour), whether the caller may decide it (another user than its author, holding the batch's screen,
 * seeing all of its devices), and whether some of its devices lie outside the caller's scope (`partialView`:
 * then the caller cannot decide it).
 */
export const awaitingBatch = commandBatch.extend({ canDecide: z.boolean(), partialView: z.boolean() });
export type AwaitingBatch = z.infer<typeof awaitingBatch>;

/** `GET /commands/stream` (server-sent events): `event: command` with these rows, the caller's devices only. */
export const commandPush = z.object({
  id: z.string(),
  batchId: z.string().nullable(),
  deviceSerial: z.string(),
  state: commandState,
  failure: commandFailure.nullable(),
  newValues: pointValues.nullable(),
  result: z.unknown().nullable(),
  at: isoDateTime,
});
export type CommandPush = z.infer<typeof commandPush>;

/** `GET /commands/devices`: devices of a plant (or search) with their settings profile, for the pickers. */
export const commandDevicesQuery = z.object({
  plantId: idSchema.optional(),
  profileId: settingsProfileId.optional(),
  search: z.string().trim().max(64).optional(),
});
export const commandDevice = z.object({
  serial: z.string(),
  name: z.string(),
  model: z.string(),
  kind: z.string(),
  profileId: settingsProfileId.nullable(),
  /**
   * The points of its profile the device has, where that is fewer than all: a SunSpec device behind an edge agent
   * has those its discovery found (the settings screen offers only these, the server refuses the others).
   */
  points: z.array(z.string()).optional(),
  plantId: z.number().int(),
  plantName: z.string(),
  collectorSerial: z.string().nullable(),
  online: z.boolean(),
});
export type CommandDevice = z.infer<typeof commandDevice>;

/** `/commands/:id`, `/commands/batches/:id`. */
export const commandIdParams = z.object({ id: z.uuid() });

/** `POST /commands/batches/:id/decision`: a second user approves or rejects a batch of more than 50 devices. */
export const batchDecisionBody = z.object({ approve: z.boolean() });
