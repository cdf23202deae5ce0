import { SETTINGS_PROFILES, fromRegister, toRegister, type SettingPoint } from '@solarops/contracts';
import { decodeModel, modelDef, pointDef } from '@solarops/contracts/sunspec';
import type { ModelLocation } from '../sunspec/discover.ts';
import { readRequest, wholeModelReads } from '../sunspec/readModels.ts';
import { limitRefusal } from './activePower.ts';
import { readModel123, writeModel123, type Model123, type RegisterAccess } from './model123.ts';

/** A register as a command carries it: the settings profile's address and encoding, the raw value for a write. */
export interface WireRegister {
  address: number;
  type?: string;
  value?: number;
}

/**
 * The settings points of our profiles that name their SunSpec point (`sunspec`), by the register address the
 * command model puts on the wire: through them a write of the console's settings screen reaches a SunSpec device
 * at whatever address its own map puts the point.
 */
const SUNSPEC_POINTS = new Map<number, SettingPoint>(
  SETTINGS_PROFILES.flatMap((p) => p.points)
    .filter((p) => p.sunspec)
    .map((p) => [p.register, p]),
);

/**
 * The model 123 controls the agent writes, each with the enable flag that puts it in force: the connection
 * (`Conn`: disconnect and connect, asked for by name) with its window and revert times, the active power limit with
 * its timers, the power factor with its timers. Reactive power (`VArPct_Mod` chooses what its percentage is of) is
 * not written yet.
 */
const WRITABLE: Readonly<Record<string, string | undefined>> = {
  WMaxLimPct: 'WMaxLim_Ena',
  WMaxLimPct_WinTms: undefined,
  WMaxLimPct_RvrtTms: undefined,
  WMaxLimPct_RmpTms: undefined,
  OutPFSet: 'OutPFSet_Ena',
  OutPFSet_WinTms: undefined,
  OutPFSet_RvrtTms: undefined,
  OutPFSet_RmpTms: undefined,
  Conn_WinTms: undefined,
  Conn_RvrtTms: undefined,
  Conn: undefined,
};

/** The result of a write on the device: taken (with the values before, as the profile encodes them) or refused. */
export type WriteResult =
  | { state: 'accepted'; previous: Record<string, number>; written: Map<string, number> }
  | { state: 'failed'; reason: string };

const MODEL_123 = 123;

/** A point's engineering value in the device's own steps (its scale factor applied), or why it cannot be. */
function toSteps(model: Model123, name: string, value: number): number | string {
  const sf = pointDef(modelDef(MODEL_123)!, name)?.sf;
  if (sf === undefined) return Math.round(value);
  const exponent = typeof sf === 'number' ? sf : model.points[sf];
  if (typeof exponent !== 'number') return `the device gives no scale for ${name}`;
  return Math.round(value / 10 ** exponent);
}

/** Each profile point asked for, or the reason one is not a setting the agent writes on a SunSpec device. */
function controlsOf(registers: readonly WireRegister[]): { point: SettingPoint; value: number }[] | string {
  const out: { point: SettingPoint; value: number }[] = [];
  for (const r of registers) {
    const point = SUNSPEC_POINTS.get(r.address);
    if (!point) return `register ${r.address} is no setting this agent knows on a SunSpec device`;
    if (point.sunspec!.model !== MODEL_123 || !(point.sunspec!.point in WRITABLE))
      return `${point.name} (SunSpec ${point.sunspec!.model} ${point.sunspec!.point}) is not written by the edge agent yet`;
    if (typeof r.value !== 'number' || !Number.isInteger(r.value))
      return `${point.name}: no register value to write`;
    out.push({ point, value: fromRegister(point, r.value) });
  }
  return out;
}

/**
 * Writes settings of our profile to a SunSpec inverter's model 123 at `address` (its immediate controls): each
 * value in the device's own scale, with the enable flag of its control, in one request, then read back. A 0 %
 * active power limit is refused (switching off is "disconnect", `Conn` 0, asked for by name). The answer holds
 * the values before the write as the profile encodes them, so that the console shows old and new; `written` the
 * registers in the device's steps (what keeps a limit in force re-writes).
 */
export async function writeSunSpecSettings(
  io: RegisterAccess,
  address: number,
  registers: readonly WireRegister[],
): Promise<WriteResult> {
  const controls = controlsOf(registers);
  if (typeof controls === 'string') return { state: 'failed', reason: controls };
  for (const c of controls) {
    if (c.point.sunspec!.point !== 'WMaxLimPct') continue;
    const refusal = limitRefusal(c.value);
    if (refusal) return { state: 'failed', reason: refusal };
  }
  let model: Model123;
  try {
    model = await readModel123(io, address);
  } catch (err) {
    return { state: 'failed', reason: `model 123 could not be read: ${(err as Error).message}` };
  }
  const previous: Record<string, number> = {};
  const wanted = new Map<string, number>();
  for (const { point, value } of controls) {
    const name = point.sunspec!.point;
    const held = model.points[name];
    if (typeof held === 'number') previous[String(point.register)] = toRegister(point, held);
    const steps = toSteps(model, name, value);
    if (typeof steps === 'string') return { state: 'failed', reason: steps };
    if (name === 'WMaxLimPct' && steps < 1)
      return { state: 'failed', reason: `${value} % is below the device's resolution` };
    wanted.set(name, steps);
    const enable = WRITABLE[name];
    if (enable) wanted.set(enable, 1);
  }
  const outcome = await writeModel123(io, address, wanted, model);
  if (outcome.state === 'failed') return outcome;
  return { state: 'accepted', previous, written: wanted };
}

/** Reads one whole model and decodes it (its scale factors applied). */
async function readWholeModel(io: RegisterAccess, location: ModelLocation) {
  const out = new Map<number, number>();
  for (const request of wholeModelReads(location))
    await readRequest((a, c) => io.read(a, c), request, out, new Set());
  const regs = Array.from({ length: 2 + location.length }, (_, i) => out.get(location.address + i) ?? null);
  return decodeModel(modelDef(location.id)!, regs).points;
}

/**
 * Reads settings of our profile from a SunSpec device, by the profile's addresses: each point from its SunSpec
 * model (read once per model), as the profile encodes it. A point the device does not have or does not implement
 * is left out, and so is an address that is no point of a SunSpec profile: the server then sees it missing.
 */
export async function readSunSpecSettings(
  io: RegisterAccess,
  models: readonly ModelLocation[],
  addresses: readonly number[],
): Promise<Record<string, number>> {
  const decoded = new Map<number, Record<string, number | string>>();
  const registers: Record<string, number> = {};
  for (const address of addresses) {
    const point = SUNSPEC_POINTS.get(address);
    if (!point) continue;
    const location = models.find((m) => m.id === point.sunspec!.model);
    if (!location || !modelDef(location.id)) continue;
    let points = decoded.get(location.id);
    if (!points) {
      points = await readWholeModel(io, location);
      decoded.set(location.id, points);
    }
    const value = points[point.sunspec!.point];
    if (typeof value === 'number') registers[String(address)] = toRegister(point, value);
  }
  return registers;
}
