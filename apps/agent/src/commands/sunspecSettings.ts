import {
  DER_COUNTERPARTS,
  SETTINGS_PROFILES,
  fromRegister,
  sunspecPlace,
  toRegister,
  type SettingPoint,
} from '@solarops/contracts';
import { decodeModel, modelDef, pointDef } from '@solarops/contracts/sunspec';
import type { ModelLocation } from '../sunspec/discover.ts';
import { readRequest, wholeModelReads } from '../sunspec/readModels.ts';
import { limitRefusal } from './activePower.ts';
import {
  pointsByPath,
  readModel,
  writeModel,
  type ControlModel,
  type RegisterAccess,
} from './controlModel.ts';

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

/** Where a control of our profile lives on a device: its model, the point's path there, and what goes with it. */
export interface ControlPlace {
  model: number;
  path: string;
  /** The enable flag that puts the control in force, written 1 with it. */
  enable?: string;
  /** A revert timer of the IEEE 1547 models: the enable flag the control takes when it runs out, written 0 (off). */
  offAfterRevert?: string;
  /** Other points written with it, with their values: what the control's value is a share of. */
  with?: Readonly<Record<string, number>>;
}

/**
 * The model 123 controls the agent writes (our profile names them so), each with the enable flag that puts it in
 * force: the connection (`Conn`: disconnect and connect, asked for by name) with its window and revert times, the
 * active power limit with its timers, the power factor with its timers, and the reactive power as a share of the
 * rated power (`VArWMaxPct`, with `VArPct_Mod` 1: the profile's setpoint is a percentage of the rated power, and
 * the mode says which of 123's three percentages the device follows).
 */
const IMMEDIATE: Readonly<
  Record<string, { enable?: string; with?: Readonly<Record<string, number>> } | undefined>
> = {
  Conn_WinTms: {},
  Conn_RvrtTms: {},
  Conn: {},
  WMaxLimPct: { enable: 'WMaxLim_Ena' },
  WMaxLimPct_WinTms: {},
  WMaxLimPct_RvrtTms: {},
  WMaxLimPct_RmpTms: {},
  OutPFSet: { enable: 'OutPFSet_Ena' },
  OutPFSet_WinTms: {},
  OutPFSet_RvrtTms: {},
  OutPFSet_RmpTms: {},
  VArWMaxPct: { enable: 'VArPct_Ena', with: { VArPct_Mod: 1 } },
};

/**
 * Settings the agent writes in their own model, plain values without an enable flag: a battery's in model 124
 * (storage: the largest charge power, which rates are in force, the minimum reserve, the charge and discharge rates
 * with their window, revert and ramp times) and 802 (battery: the state-of-charge reserve, connect or disconnect);
 * and the enter-service delay of model 703 (IEEE 1547 enter service), on a device with or without model 123.
 * `StorCtl_Mod` itself says which rate is in force.
 */
const OWN_MODEL: Readonly<Record<number, ReadonlySet<string> | undefined>> = {
  124: new Set([
    'WChaMax',
    'StorCtl_Mod',
    'MinRsvPct',
    'OutWRte',
    'InWRte',
    'InOutWRte_WinTms',
    'InOutWRte_RvrtTms',
    'InOutWRte_RmpTms',
  ]),
  703: new Set(['ESDlyTms']),
  802: new Set(['SoCRsvMin', 'SocRsvMax', 'SetOp']),
};

/**
 * The flags written with the same controls on a device with the IEEE 1547 models instead of model 123 (where they
 * lie there: contracts `DER_COUNTERPARTS`): the active power limit and the power factor of model 704 with their
 * enable flags, their revert times with the flag the control takes when they run out (off).
 */
const DER_FLAGS: Readonly<Record<string, { enable?: string; offAfterRevert?: string } | undefined>> = {
  WMaxLimPct: { enable: 'WMaxLimPctEna' },
  WMaxLimPctRvrtTms: { offAfterRevert: 'WMaxLimPctEnaRvrt' },
  'PFWInj[0].PF': { enable: 'PFWInjEna' },
  PFWInjRvrtTms: { offAfterRevert: 'PFWInjEnaRvrt' },
};

/**
 * Where a point of our profile is written on a device with these models: a battery's in its model 124 or 802, the
 * enter-service delay in 703, a model 123 control in its model 123, else in its 1547 models (704, 703); or why it
 * is not written there.
 */
export function controlPlace(point: SettingPoint, models: readonly number[]): ControlPlace | string {
  const name = point.sunspec!.point;
  if (OWN_MODEL[point.sunspec!.model]?.has(name))
    return models.includes(point.sunspec!.model)
      ? { model: point.sunspec!.model, path: name }
      : `the device has no SunSpec model ${point.sunspec!.model}`;
  if (point.sunspec!.model !== 123 || !(name in IMMEDIATE))
    return `${point.name} (SunSpec ${point.sunspec!.model} ${name}) is not written by the edge agent yet`;
  if (models.includes(123)) return { model: 123, path: name, ...IMMEDIATE[name] };
  if (!models.includes(704))
    return 'the device has no SunSpec model 123 (immediate controls) nor 704 (DER controls)';
  const der = DER_COUNTERPARTS[name];
  if (!der)
    return `${point.name} (SunSpec 123 ${name}) has no counterpart in the device's DER controls (model 704)`;
  if (!models.includes(der.model))
    return `${point.name} is SunSpec ${der.model} ${der.point} on this device, which has no model ${der.model}`;
  return { model: der.model, path: der.point, ...DER_FLAGS[der.point] };
}

/** The result of a write on the device: taken (with the values before, as the profile encodes them) or refused. */
export type WriteResult =
  | {
      state: 'accepted';
      previous: Record<string, number>;
      /** The registers written in the device's steps, by model (what keeps a limit in force re-writes). */
      written: { model: number; address: number; values: Map<string, number> }[];
    }
  | { state: 'failed'; reason: string };

/** A point's engineering value in the device's own steps (its scale factor applied), or why it cannot be. */
function toSteps(model: ControlModel, path: string, value: number): number | string {
  const sf = pointDef(modelDef(model.id)!, path.slice(path.lastIndexOf('.') + 1))?.sf;
  if (sf === undefined) return Math.round(value);
  const exponent = typeof sf === 'number' ? sf : model.points[sf];
  if (typeof exponent !== 'number') return `the device gives no scale for ${path}`;
  return Math.round(value / 10 ** exponent);
}

/** Each profile point asked for, with its place on the device, or the reason one is not written there. */
function controlsOf(
  registers: readonly WireRegister[],
  models: readonly number[],
): { point: SettingPoint; place: ControlPlace; value: number }[] | string {
  const out: { point: SettingPoint; place: ControlPlace; value: number }[] = [];
  for (const r of registers) {
    const point = SUNSPEC_POINTS.get(r.address);
    if (!point) return `register ${r.address} is no setting this agent knows on a SunSpec device`;
    const place = controlPlace(point, models);
    if (typeof place === 'string') return place;
    if (typeof r.value !== 'number' || !Number.isInteger(r.value))
      return `${point.name}: no register value to write`;
    out.push({ point, place, value: fromRegister(point, r.value) });
  }
  return out;
}

/**
 * Writes settings of our profile to a SunSpec device's controls: model 123 (immediate controls), or on a device
 * with the IEEE 1547 models instead, 704 (DER controls) and 703 (enter service: the connection, the enter-service
 * delay); a battery's in 124 (storage) and 802 (battery). Each value goes in the device's own scale, with the enable flag of its control, model by model,
 * then read back. A 0 % active power limit is refused (switching off is "disconnect", asked for by name). The answer
 * holds the values before the write as the profile encodes them, so that the console shows old and new; `written`
 * the registers in the device's steps.
 */
export async function writeSunSpecSettings(
  io: RegisterAccess,
  models: readonly ModelLocation[],
  registers: readonly WireRegister[],
): Promise<WriteResult> {
  const controls = controlsOf(
    registers,
    models.map((m) => m.id),
  );
  if (typeof controls === 'string') return { state: 'failed', reason: controls };
  for (const c of controls) {
    if (c.point.sunspec!.point !== 'WMaxLimPct') continue;
    const refusal = limitRefusal(c.value);
    if (refusal) return { state: 'failed', reason: refusal };
  }
  const previous: Record<string, number> = {};
  // Every model is read and every value put in its steps before anything is written: a value one model cannot take
  // (no scale, below its resolution) must not leave another model's part of the same command in force.
  const plans: { model: ControlModel; id: number; address: number; values: Map<string, number> }[] = [];
  for (const id of new Set(controls.map((c) => c.place.model))) {
    const address = models.find((m) => m.id === id)!.address;
    let model: ControlModel;
    try {
      model = await readModel(io, id, address);
    } catch (err) {
      return { state: 'failed', reason: `model ${id} could not be read: ${(err as Error).message}` };
    }
    const wanted = new Map<string, number>();
    for (const { point, place, value } of controls.filter((c) => c.place.model === id)) {
      const held = model.points[place.path];
      if (typeof held === 'number') previous[String(point.register)] = toRegister(point, held);
      const steps = toSteps(model, place.path, value);
      if (typeof steps === 'string') return { state: 'failed', reason: steps };
      if (point.sunspec!.point === 'WMaxLimPct' && steps < 1)
        return { state: 'failed', reason: `${value} % is below the device's resolution` };
      wanted.set(place.path, steps);
      if (place.enable) wanted.set(place.enable, 1);
      if (place.offAfterRevert && steps > 0) wanted.set(place.offAfterRevert, 0);
      for (const [path, v] of Object.entries(place.with ?? {})) wanted.set(path, v);
    }
    plans.push({ model, id, address, values: wanted });
  }
  const written: { model: number; address: number; values: Map<string, number> }[] = [];
  for (const { model, id, address, values } of plans) {
    const outcome = await writeModel(io, id, address, values, model);
    if (outcome.state === 'failed') return outcome;
    written.push({ model: id, address, values });
  }
  return { state: 'accepted', previous, written };
}

/** Reads one whole model and decodes it (its scale factors applied), its points by path. */
async function readWholeModel(io: RegisterAccess, location: ModelLocation) {
  const out = new Map<number, number>();
  for (const request of wholeModelReads(location))
    await readRequest((a, c) => io.read(a, c), request, out, new Set());
  const regs = Array.from({ length: 2 + location.length }, (_, i) => out.get(location.address + i) ?? null);
  return pointsByPath(decodeModel(modelDef(location.id)!, regs));
}

/**
 * Reads settings of our profile from a SunSpec device, by the profile's addresses: each point from its SunSpec
 * model (read once per model; a control of model 123 from 704 or 703 on a device with those instead), as the
 * profile encodes it. A point the device does not have or does not implement is left out, and so is an address
 * that is no point of a SunSpec profile: the server then sees it missing.
 */
export async function readSunSpecSettings(
  io: RegisterAccess,
  models: readonly ModelLocation[],
  addresses: readonly number[],
): Promise<Record<string, number>> {
  const ids = models.map((m) => m.id);
  const decoded = new Map<number, Record<string, number | string>>();
  const registers: Record<string, number> = {};
  for (const address of addresses) {
    const point = SUNSPEC_POINTS.get(address);
    if (!point) continue;
    const at = sunspecPlace(point, ids);
    if (!at) continue;
    const location = models.find((m) => m.id === at.model);
    if (!location || !modelDef(location.id)) continue;
    let points = decoded.get(location.id);
    if (!points) {
      points = await readWholeModel(io, location);
      decoded.set(location.id, points);
    }
    const value = points[at.point];
    if (typeof value === 'number') registers[String(address)] = toRegister(point, value);
  }
  return registers;
}
