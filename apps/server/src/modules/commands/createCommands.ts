import { randomUUID } from 'node:crypto';
import {
  COMMAND_LIMITS,
  SETTINGS_PROFILES,
  pointOf,
  pointValueError,
  scheduleProblem,
  type CommandKind,
  type DispatchSchedule,
  type PointValues,
  type ScheduleProblem,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { badRequest, notFound } from '../../http/AppError.ts';
import { t, type Lang, type MessageKey } from '../../i18n/messages.ts';
import type { Caller } from '../plants/plantScope.ts';
import { devicesInScope, type DeviceTarget } from './deviceTargets.ts';
import { changeNeedsApproval, changeParams, lockChangesOf } from './sameChange.ts';
import type { CommandRecord } from './stateMachine.ts';
import { enqueueCommands } from './enqueueCommands.ts';
import { commandBatches } from './tables.ts';
import type { SettingParams } from './wire.ts';

/** A device refused before anything was sent, in the caller's language. */
export interface Refusal {
  serial: string;
  message: string;
  point?: string;
}

/** What a create call made. */
export interface Created {
  batchId: string | null;
  awaitingApproval: boolean;
  ids: string[];
  refused: Refusal[];
  /** The new commands as stored, and the devices they go to by serial. */
  stored: CommandRecord[];
  devices: Map<string, DeviceTarget>;
  /** The new commands to send at once: not awaiting approval, their collector online when checked. */
  toSend: CommandRecord[];
}

/** What `createCommands` is asked: by whom, what kind of command, to which devices, with what params each. */
export interface CommandRequest {
  caller: Caller & { userId: number };
  lang: Lang;
  kind: CommandKind;
  route: string;
  serials: readonly string[];
  confirm: string;
  ttlS: number | undefined;
  /** What the batch row keeps (the request, once). */
  batchParams: unknown;
  /** The command's params for a device, or the reason it is refused. */
  paramsFor: (
    d: DeviceTarget,
  ) => { params: unknown } | { refuse: MessageKey; point?: string; params?: Record<string, string | number> };
}

/**
 * The typed confirmation: the serial of the one device, or the number of devices. Checked by the server too, so
 * that a script or a stale form cannot skip it.
 */
export function checkConfirmation(serials: readonly string[], confirm: string): void {
  const expected = serials.length === 1 ? serials[0]! : String(serials.length);
  if (confirm.trim() !== expected) throw badRequest('commands.confirmMismatch', { expected });
}

/**
 * Creates the commands of one request in one transaction: 404 when no device is in the caller's scope; devices
 * outside it or unable to take the command are refused and listed, the others get a `queued` command each. Several devices make a batch; a
 * request whose change passes 50 devices within the hour (`sameChange.ts`) waits, as a batch, for a second user's
 * approval (no time-to-live runs until then). Nothing is created when every
 * device is refused (400 with the first reason).
 */
export async function createCommands(db: Database, req: CommandRequest): Promise<Created> {
  checkConfirmation(req.serials, req.confirm);
  const inScope = await devicesInScope(db, req.caller, req.serials);
  // Outside the scope is 404, never 403: for one device, and for a request none of whose devices is in scope.
  if (inScope.size === 0) throw notFound();
  const refused: Refusal[] = [];
  const accepted: { device: DeviceTarget; params: unknown }[] = [];
  for (const serial of new Set(req.serials)) {
    const device = inScope.get(serial);
    if (!device) {
      refused.push({ serial, message: t(req.lang, 'commands.deviceUnknown') });
      continue;
    }
    if (!device.collectorSerial) {
      refused.push({ serial, message: t(req.lang, 'commands.noCollector') });
      continue;
    }
    const r = req.paramsFor(device);
    if ('refuse' in r) {
      refused.push({
        serial,
        message: t(req.lang, r.refuse, { point: r.point ? pointLabel(r.point, req.lang) : '', ...r.params }),
        ...(r.point ? { point: r.point } : {}),
      });
    } else accepted.push({ device, params: r.params });
  }
  if (accepted.length === 0) throw badRequest('commands.allRefused', { reason: refused[0]?.message ?? '' });

  const ttlS = req.ttlS ?? COMMAND_LIMITS.defaultTtlS;
  const many = req.serials.length > 1;
  const online = new Set(accepted.filter((a) => a.device.online).map((a) => a.device.collectorSerial));
  // Counted and stored under the author's change lock (`sameChange.ts`).
  return db.transaction(async (tx) => {
    await lockChangesOf(tx, req.caller.userId);
    const awaitingApproval = await changeNeedsApproval(tx as unknown as Database, {
      userId: req.caller.userId,
      kind: req.kind,
      params: accepted[0]!.params,
      devices: accepted.length,
    });
    // A request waiting for approval is a batch even of one device: the batch is what a second user decides.
    const batchId = many || awaitingApproval ? randomUUID() : null;
    const expiresAt = awaitingApproval ? null : new Date(Date.now() + ttlS * 1000);
    const rows = accepted.map(({ device, params }) => ({
      id: randomUUID(),
      batchId,
      kind: req.kind,
      route: req.route,
      plantId: device.plantId,
      deviceId: device.id,
      deviceSerial: device.serial,
      collectorSerial: device.collectorSerial!,
      params,
      createdBy: req.caller.userId,
      expiresAt,
    }));
    if (batchId)
      await tx.insert(commandBatches).values({
        id: batchId,
        kind: req.kind,
        route: req.route,
        params: req.batchParams ?? changeParams(accepted[0]!.params),
        deviceCount: rows.length,
        createdBy: req.caller.userId,
        ttlS,
        needsApproval: awaitingApproval ? 'pending' : 'no',
      });
    const stored = await enqueueCommands(tx as unknown as Database, rows);
    return {
      batchId,
      awaitingApproval,
      ids: rows.map((r) => r.id),
      refused,
      stored,
      devices: inScope,
      toSend: awaitingApproval ? [] : stored.filter((c) => online.has(c.collectorSerial)),
    };
  });
}

/** A point's label in `lang` from a shipped profile that has it (the device's own may lack it), else its name. */
function pointLabel(name: string, lang: Lang): string {
  for (const profile of SETTINGS_PROFILES) {
    const point = pointOf(profile, name);
    if (point) return point.label[lang];
  }
  return name;
}

/**
 * The params of a settings write for one device, or why it cannot take it: its model needs a profile (of the
 * screen's, unless `setUpList`), every point must exist and be writable within range, and a point of an atomic
 * group (a time-of-use slot) comes with the whole group. The batch screen `setUpList` mixes models, and each
 * device's settings are still those of its own settings screen: `mayUse` tells whether the caller holds that
 * screen, so that the batch screen never writes what the caller could not write one device at a time.
 */
export function settingParamsFor(route: string, values: PointValues, mayUse: (screen: string) => boolean) {
  return (d: DeviceTarget): ReturnType<CommandRequest['paramsFor']> => {
    const profile = d.profile;
    if (!profile) return { refuse: 'commands.noProfile' };
    if (route !== 'setUpList' && profile.route !== route) return { refuse: 'commands.otherProfile' };
    if (!mayUse(profile.route)) return { refuse: 'commands.screenNotHeld' };
    for (const [name, value] of Object.entries(values)) {
      const point = pointOf(profile, name);
      if (!point) return { refuse: 'commands.pointMissing', point: name };
      const error = pointValueError(point, value);
      if (error)
        return { refuse: error as MessageKey, point: name, params: { min: point.min, max: point.max } };
      if (point.atomicGroup) {
        const missing = profile.points.find(
          (p) => p.atomicGroup === point.atomicGroup && !(p.name in values),
        );
        if (missing) return { refuse: 'commands.partialSlot', point: name };
      }
    }
    const params: SettingParams = { profileId: profile.id, values };
    return { params };
  };
}

/** The params of a settings read for one device: every point of its profile, or those named, each of which it must have. */
export function readParamsFor(points: readonly string[] | undefined) {
  return (d: DeviceTarget): ReturnType<CommandRequest['paramsFor']> => {
    if (!d.profile) return { refuse: 'commands.noProfile' };
    const names = points ?? d.profile.points.map((p) => p.name);
    const missing = names.find((n) => !d.profile!.points.some((p) => p.name === n));
    if (missing) return { refuse: 'commands.pointMissing', point: missing };
    return { params: { profileId: d.profile.id, points: names } };
  };
}

/** The message of a schedule problem, with its day named in `lang`. */
export function scheduleMessage(
  lang: Lang,
  p: ScheduleProblem,
): { key: MessageKey; params: Record<string, string | number> } {
  return {
    key: p.message,
    params: {
      day: t(lang, p.day === 'weekday' ? 'commands.weekday' : 'commands.weekend'),
      a: p.slots[0] ?? 0,
      b: p.slots[1] ?? 0,
      capacity: p.capacity ?? 0,
    },
  };
}

/** The params of a battery schedule for one device: it needs a battery table long enough (never cut). */
export function dispatchParamsFor(schedule: DispatchSchedule, lang: Lang) {
  return (d: DeviceTarget): ReturnType<CommandRequest['paramsFor']> => {
    const capacity = d.profile?.dispatchSlots;
    if (!capacity) return { refuse: 'commands.noBattery' };
    const problem = scheduleProblem(schedule, capacity);
    if (problem) {
      const m = scheduleMessage(lang, problem);
      return { refuse: m.key, params: m.params };
    }
    return { params: { schedule } };
  };
}
