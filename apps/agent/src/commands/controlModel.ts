import {
  layoutModel,
  modelDef,
  pointDef,
  type DecodedGroup,
  type Placement,
} from '@solarops/contracts/sunspec';
import { ModbusError } from '../modbus/transport.ts';

/** A device's registers as the agent reaches them: through its link's queue, one request at a time. */
export interface RegisterAccess {
  read(address: number, count: number): Promise<number[]>;
  write(address: number, values: number[]): Promise<void>;
}

/** How a write ended on the device: applied once its read-back matched, or failed with the reason. */
export type CommandOutcome =
  { state: 'applied'; readBack: Record<string, number> } | { state: 'failed'; reason: string };

/** The exception codes a device answers a write with, by what they mean (Modbus application protocol §7). */
const EXCEPTIONS: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'device failure',
  6: 'device busy',
};

/**
 * A SunSpec model holding controls (123 immediate controls, 703 enter service, 704 DER controls, 124 storage) as
 * the device holds it now: its registers, decoded points and layout. Points are named by their path in the model
 * (`WMaxLimPct`, or `PFWInj[0].PF` for a point of a group).
 */
export interface ControlModel {
  id: number;
  /** Registers from the model's ID register on. */
  regs: number[];
  /** The implemented points by path, scaled (a scale factor's own point is its exponent). */
  points: Record<string, number | string>;
  /** Where each point lies, and whether it may be written (`RW` in its definition). */
  placements: (Placement & { writable: boolean })[];
  at(path: string): Placement;
}

/** The decoded points of a model and its groups, by path (`PFWInj[0].PF`). */
export function pointsByPath(group: DecodedGroup, prefix = '', out: Record<string, number | string> = {}) {
  for (const [name, value] of Object.entries(group.points)) out[prefix + name] = value;
  for (const [name, instances] of Object.entries(group.groups))
    instances.forEach((g, i) => pointsByPath(g, `${prefix}${name}[${i}].`, out));
  return out;
}

/** Reads model `id` at `address` (its ID register) and decodes it. */
export async function readModel(io: RegisterAccess, id: number, address: number): Promise<ControlModel> {
  const def = modelDef(id)!;
  const head = await io.read(address, 2);
  if (head[0] !== id) throw new Error(`no SunSpec model ${id} at ${address} (found model ${head[0]})`);
  const regs = [...head];
  // At most 125 registers a request, as every read of the agent.
  for (let at = 0; at < head[1]!; at += 125)
    regs.push(...(await io.read(address + 2 + at, Math.min(125, head[1]! - at))));
  const layout = layoutModel(def, regs);
  const placements = layout.placements.map((p) => ({
    ...p,
    writable: pointDef(def, p.name)?.access === 'RW',
  }));
  const at = (path: string): Placement => {
    const p = placements.find((x) => x.path === path);
    if (!p) throw new Error(`model ${id} at ${address} has no point ${path}`);
    return p;
  };
  return { id, regs, points: pointsByPath(layout.model), placements, at };
}

/** A failed Modbus request in words: the device's exception by code and meaning, or why it did not answer. */
export const refusalOf = (err: unknown): string =>
  err instanceof ModbusError && err.failure === 'exception'
    ? `the device refused the write: exception ${err.exceptionCode}${
        EXCEPTIONS[err.exceptionCode ?? 0] ? ` (${EXCEPTIONS[err.exceptionCode!]})` : ''
      }`
    : `the device did not answer: ${(err as Error).message}`;

/** A raw value as the registers of a point of `size` hold it, high word first (a negative one in two's complement). */
function wordsOf(value: number, size: number): number[] {
  if (size === 1) return [value & 0xffff];
  const u = value < 0 ? value + 2 ** 32 : value;
  return [Math.floor(u / 0x10000) & 0xffff, u & 0xffff];
}

/** The raw value a point's registers hold, unsigned (as the write's words compare). */
const valueOf = (words: readonly number[]): number => words.reduce((v, w) => v * 0x10000 + w, 0);

/**
 * Writes points of model `id` at `address`, as raw values in the device's own steps (the caller applies the scale
 * factors), then reads the model back: `applied` only when the device holds every value written, else `failed`
 * with what it reads back; a write the device refuses ends `failed` with its exception. Points near each other go
 * in one request, the writable points between them written as the device holds them; a read-only point between
 * two (a time remaining, a scale factor) is never written: the request ends before it and another begins after.
 * `before`: the model as read just before, when the caller has it.
 */
export async function writeModel(
  io: RegisterAccess,
  id: number,
  address: number,
  wanted: ReadonlyMap<string, number>,
  before?: ControlModel,
): Promise<CommandOutcome> {
  let model = before;
  if (!model) {
    try {
      model = await readModel(io, id, address);
    } catch (err) {
      return {
        state: 'failed',
        reason: err instanceof ModbusError ? refusalOf(err) : (err as Error).message,
      };
    }
  }
  let placed: Placement[];
  try {
    placed = [...wanted.keys()].map((path) => model.at(path));
  } catch (err) {
    return { state: 'failed', reason: (err as Error).message };
  }
  const words = (p: Placement) => wordsOf(wanted.get(p.path)!, p.size);
  for (const run of requestsOf(model, placed)) {
    const values = model.regs.slice(run.first, run.last).map((v) => v ?? 0);
    for (const p of run.points) values.splice(p.offset - run.first, p.size, ...words(p));
    try {
      await io.write(address + run.first, values);
    } catch (err) {
      return { state: 'failed', reason: refusalOf(err) };
    }
  }
  // Read back: the device may take a write and not carry it out (out of its range, a setting that locks it).
  let after;
  try {
    after = await readModel(io, id, address);
  } catch (err) {
    return { state: 'failed', reason: `written, but the read-back failed: ${(err as Error).message}` };
  }
  const readBack = Object.fromEntries(
    placed.map((p) => [p.path, valueOf(after.regs.slice(p.offset, p.offset + p.size))]),
  );
  const differs = placed.filter((p) => readBack[p.path] !== valueOf(words(p)));
  if (differs.length > 0) {
    return {
      state: 'failed',
      reason: `the device took the write but reads back ${differs
        .map((p) => `${p.path} ${readBack[p.path]} (written ${valueOf(words(p))})`)
        .join(', ')}`,
    };
  }
  return { state: 'applied', readBack };
}

/** The write requests of `placed` points: runs of them with only writable points between (offsets in the model). */
function requestsOf(model: ControlModel, placed: readonly Placement[]) {
  const runs: { first: number; last: number; points: Placement[] }[] = [];
  for (const p of [...placed].sort((a, b) => a.offset - b.offset)) {
    const run = runs.at(-1);
    const between = run
      ? model.placements.filter((x) => x.offset >= run.last && x.offset < p.offset)
      : undefined;
    if (run && between!.every((x) => x.writable)) {
      run.last = Math.max(run.last, p.offset + p.size);
      run.points.push(p);
    } else runs.push({ first: p.offset, last: p.offset + p.size, points: [p] });
  }
  return runs;
}
