import { layoutModel, modelDef, type Placement } from '@solarops/contracts/sunspec';
import { ModbusError } from '../modbus/transport.ts';

/** A device's registers as the agent reaches them: through its link's queue, one request at a time. */
export interface RegisterAccess {
  read(address: number, count: number): Promise<number[]>;
  write(address: number, values: number[]): Promise<void>;
}

/**
 * What the console asks of an inverter's active power. A limit is a share of its rated power, above 0 %: a 0 %
 * limit is never written to mean "off", since some inverters then go to standby and need a visit to wake up;
 * "off" is `disconnect`, asked for by name. `revertS` is the device's revert timer: without a new write in that
 * time the inverter drops the limit by itself (so a lost agent cannot hold a plant down for ever).
 */
export type ActivePowerRequest =
  { kind: 'limit'; percent: number; revertS?: number } | { kind: 'disconnect' } | { kind: 'connect' };

/** How a command ended on the device: applied once its read-back matched, or failed with the reason. */
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

/** Model 123 (immediate controls) of a device, decoded, with where each of its points sits. */
async function readModel123(io: RegisterAccess, address: number) {
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

const refusalOf = (err: unknown): string =>
  err instanceof ModbusError && err.failure === 'exception'
    ? `the device refused the write: exception ${err.exceptionCode}${
        EXCEPTIONS[err.exceptionCode ?? 0] ? ` (${EXCEPTIONS[err.exceptionCode!]})` : ''
      }`
    : `the device did not answer: ${(err as Error).message}`;

/**
 * Carries out an active-power request on an inverter with SunSpec model 123 at `address`: writes the points in
 * one request, reads the model back and says `applied` only when the device holds what was written. A limit is
 * `WMaxLimPct` in the device's own scale (`WMaxLimPct_SF`) with its revert timer and `WMaxLim_Ena` set; connect
 * and disconnect are `Conn`.
 */
export async function setActivePower(
  io: RegisterAccess,
  address: number,
  request: ActivePowerRequest,
): Promise<CommandOutcome> {
  if (request.kind === 'limit') {
    if (request.percent === 0) {
      return {
        state: 'failed',
        reason:
          'a 0 % limit is not written (some inverters go to standby): ask for "disconnect" to switch it off',
      };
    }
    if (!(request.percent > 0 && request.percent <= 100)) {
      return { state: 'failed', reason: `a limit is above 0 % and at most 100 %, not ${request.percent} %` };
    }
  }
  let model;
  try {
    model = await readModel123(io, address);
  } catch (err) {
    return { state: 'failed', reason: err instanceof ModbusError ? refusalOf(err) : (err as Error).message };
  }
  // The registers to write, by point, in the device's own steps.
  const wanted = new Map<string, number>();
  if (request.kind === 'limit') {
    const sf = model.points.WMaxLimPct_SF;
    if (typeof sf !== 'number')
      return { state: 'failed', reason: 'the device gives no scale for WMaxLimPct' };
    const steps = Math.round(request.percent / 10 ** sf);
    if (steps < 1)
      return { state: 'failed', reason: `${request.percent} % is below the device's resolution` };
    wanted.set('WMaxLimPct', steps);
    if (request.revertS !== undefined) wanted.set('WMaxLimPct_RvrtTms', request.revertS);
    wanted.set('WMaxLim_Ena', 1);
  } else {
    wanted.set('Conn', request.kind === 'connect' ? 1 : 0);
  }
  // One request from the first point to the last, the points between kept as the device holds them.
  const placed = [...wanted.keys()].map((name) => model.at(name));
  const first = Math.min(...placed.map((p) => p.offset));
  const last = Math.max(...placed.map((p) => p.offset + p.size));
  const values = model.regs.slice(first, last).map((v) => v ?? 0);
  for (const p of placed) values[p.offset - first] = wanted.get(p.name)!;
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
  const differs = placed.filter((p) => readBack[p.name] !== wanted.get(p.name));
  if (differs.length > 0) {
    return {
      state: 'failed',
      reason: `the device took the write but reads back ${differs
        .map((p) => `${p.name} ${readBack[p.name]} (written ${wanted.get(p.name)})`)
        .join(', ')}`,
    };
  }
  return { state: 'applied', readBack };
}

/**
 * Keeps a limit with a revert timer in force: written again every 40 % of the timer, so before half of it has
 * passed, as long as the limit stands. `rewrite` carries the request out again; `stop` ends it (a new command).
 */
export function keepLimit(
  revertS: number,
  rewrite: () => Promise<unknown>,
  timers: { setInterval: typeof setInterval; clearInterval: typeof clearInterval } = globalThis,
): { stop(): void } {
  const handle = timers.setInterval(() => void rewrite().catch(() => undefined), revertS * 400);
  return { stop: () => timers.clearInterval(handle) };
}
