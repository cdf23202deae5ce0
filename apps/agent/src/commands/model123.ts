import { layoutModel, modelDef, type Placement } from '@solarops/contracts/sunspec';
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

/** Model 123 (immediate controls) of a device as it holds it now: its registers, decoded points and layout. */
export interface Model123 {
  /** Registers from the model's ID register on. */
  regs: number[];
  /** The implemented points, scaled (a scale factor's own point is its exponent). */
  points: Record<string, number | string>;
  at(name: string): Placement;
}

/** Reads model 123 at `address` (its ID register) and decodes it. */
export async function readModel123(io: RegisterAccess, address: number): Promise<Model123> {
  const def = modelDef(123)!;
  const head = await io.read(address, 2);
  if (head[0] !== 123) throw new Error(`no SunSpec model 123 at ${address} (found model ${head[0]})`);
  const regs = [...head, ...(await io.read(address + 2, head[1]!))];
  const { model, placements } = layoutModel(def, regs);
  const at = (name: string): Placement => {
    const p = placements.find((x) => x.name === name);
    if (!p) throw new Error(`model 123 at ${address} has no point ${name}`);
    return p;
  };
  return { regs, points: model.points, at };
}

/** A failed Modbus request in words: the device's exception by code and meaning, or why it did not answer. */
export const refusalOf = (err: unknown): string =>
  err instanceof ModbusError && err.failure === 'exception'
    ? `the device refused the write: exception ${err.exceptionCode}${
        EXCEPTIONS[err.exceptionCode ?? 0] ? ` (${EXCEPTIONS[err.exceptionCode!]})` : ''
      }`
    : `the device did not answer: ${(err as Error).message}`;

/** A register of model 123 as an unsigned word, from a value that may be negative (int16 points). */
const word = (value: number): number => value & 0xffff;

/**
 * Writes points of model 123 at `address` in one request, as register values in the device's own steps (the
 * caller applies the scale factors), then reads the model back: `applied` only when the device holds every value
 * written, else `failed` with what it reads back; a write the device refuses ends `failed` with its exception.
 * The points between the first and the last written are written as the device holds them. `before`: the model
 * as read just before, when the caller has it.
 */
export async function writeModel123(
  io: RegisterAccess,
  address: number,
  wanted: ReadonlyMap<string, number>,
  before?: Model123,
): Promise<CommandOutcome> {
  let model = before;
  if (!model) {
    try {
      model = await readModel123(io, address);
    } catch (err) {
      return {
        state: 'failed',
        reason: err instanceof ModbusError ? refusalOf(err) : (err as Error).message,
      };
    }
  }
  let placed: Placement[];
  try {
    placed = [...wanted.keys()].map((name) => model.at(name));
  } catch (err) {
    return { state: 'failed', reason: (err as Error).message };
  }
  const first = Math.min(...placed.map((p) => p.offset));
  const last = Math.max(...placed.map((p) => p.offset + p.size));
  const values = model.regs.slice(first, last).map((v) => v ?? 0);
  for (const p of placed) values[p.offset - first] = word(wanted.get(p.name)!);
  try {
    await io.write(address + first, values);
  } catch (err) {
    return { state: 'failed', reason: refusalOf(err) };
  }
  // Read back: the device may take a write and not carry it out (out of its range, a setting that locks it).
  let after;
  try {
    after = await readModel123(io, address);
  } catch (err) {
    return { state: 'failed', reason: `written, but the read-back failed: ${(err as Error).message}` };
  }
  const readBack = Object.fromEntries(placed.map((p) => [p.name, after.regs[p.offset]!]));
  const differs = placed.filter((p) => readBack[p.name] !== word(wanted.get(p.name)!));
  if (differs.length > 0) {
    return {
      state: 'failed',
      reason: `the device took the write but reads back ${differs
        .map((p) => `${p.name} ${readBack[p.name]} (written ${word(wanted.get(p.name)!)})`)
        .join(', ')}`,
    };
  }
  return { state: 'applied', readBack };
}
