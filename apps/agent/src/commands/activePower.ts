import { ModbusError } from '../modbus/transport.ts';
import {
  readModel,
  refusalOf,
  writeModel,
  type CommandOutcome,
  type RegisterAccess,
} from './controlModel.ts';

export type { CommandOutcome, RegisterAccess } from './controlModel.ts';

/**
 * What the console asks of an inverter's active power. A limit is a share of its rated power, above 0 %: a 0 %
 * limit is never written to mean "off", since some inverters then go to standby and need a visit to wake up;
 * "off" is `disconnect`, asked for by name. `revertS` is the device's revert timer: without a new write in that
 * time the inverter drops the limit by itself (so a lost agent cannot hold a plant down for ever).
 */
export type ActivePowerRequest =
  { kind: 'limit'; percent: number; revertS?: number } | { kind: 'disconnect' } | { kind: 'connect' };

/** Why a limit of `percent` is never written, or undefined when it may be. */
export function limitRefusal(percent: number): string | undefined {
  if (percent === 0)
    return 'a 0 % limit is not written (some inverters go to standby): ask for "disconnect" to switch it off';
  if (!(percent > 0 && percent <= 100)) return `a limit is above 0 % and at most 100 %, not ${percent} %`;
  return undefined;
}

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
    const refusal = limitRefusal(request.percent);
    if (refusal) return { state: 'failed', reason: refusal };
  }
  let model;
  try {
    model = await readModel(io, 123, address);
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
  return writeModel(io, 123, address, wanted, model);
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
