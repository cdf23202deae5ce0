import {
  profileById,
  type CommandMessage,
  type CommandReply,
  type RegisterType,
  type SettingsProfileId,
} from '@solarops/contracts';
import type { ModelLocation } from '../sunspec/discover.ts';
import { keepLimit } from './activePower.ts';
import { refusalOf, writeModel, type RegisterAccess } from './controlModel.ts';
import { debugRegisters, readRegisters, writeRegisters } from './rawRegisters.ts';
import { readSunSpecSettings, writeSunSpecSettings, type WireRegister } from './sunspecSettings.ts';

/** A device behind the agent as commands reach it: its registers through its link's queue, and how it is read. */
export interface CommandTarget {
  /** `sunspec` (its map discovered) or the register profile whose addresses are the device's own. */
  readonly profile: 'sunspec' | SettingsProfileId;
  readonly registers: RegisterAccess;
  /** Its SunSpec models, discovered now if the polls have not yet; undefined when it has no SunSpec map. */
  sunspecModels(): Promise<readonly ModelLocation[] | undefined>;
}

/** Options of a {@link CommandDispatcher}. */
export interface DispatcherOptions {
  /** The agent's own serial (its collector's): a command to it is about the agent itself. */
  serial: string;
  log?: (line: string) => void;
  now?: () => number;
  /**
   * Where an upgrade of the agent itself goes (`firmwareUpgrade` to the agent's own serial: its start, the chunks
   * it asked for, install and cancel), with the function that answers the server: the self-update's entry, which
   * keeps its own state across repeats. Without it an upgrade is refused with its reason.
   */
  upgrade?: (message: CommandMessage, reply: (r: CommandReply) => void) => void;
  /** Timers of the re-writes that keep a limit with a revert timer in force (tests give their own). */
  timers?: { setInterval: typeof setInterval; clearInterval: typeof clearInterval };
}

/** Most command ids remembered for deduplication (the server re-sends an unanswered command every 20 s). */
const REMEMBERED = 2_000;

/**
 * The controls whose revert timer the agent keeps from running out while it lives: the limit and the power factor
 * of model 123, or of model 704 on a device with the IEEE 1547 models instead.
 */
const KEPT = [
  { model: 123, value: 'WMaxLimPct', revert: 'WMaxLimPct_RvrtTms', enable: 'WMaxLim_Ena' },
  { model: 123, value: 'OutPFSet', revert: 'OutPFSet_RvrtTms', enable: 'OutPFSet_Ena' },
  { model: 704, value: 'WMaxLimPct', revert: 'WMaxLimPctRvrtTms', enable: 'WMaxLimPctEna' },
  { model: 704, value: 'PFWInj[0].PF', revert: 'PFWInjRvrtTms', enable: 'PFWInjEna' },
] as const;

/**
 * The agent's side of the command model (docs/device-protocol.md "Commands"), for the devices it reads: each
 * `down/cmd` (or command in an HTTP answer) is carried out on the device its `target` names, through that device's
 * link queue, in turn with the polls, and answered as a collector answers: `accepted` once a write is in the
 * device and read back equal (with the values before), `succeeded` with what a read found, `failed` with the
 * device's reason. Every command gets an answer, never silence: an unknown device, an expired command or a kind
 * the agent does not carry out is `failed` with why. A `cmdId` takes effect at most once; a repeat gets the same
 * answers again. Commands to one device run one after another.
 *
 * Settings (`writeSettings`, `readSettings`) come with the console's profile addresses: on a SunSpec device they
 * are the points of model 123 that the profile names, or their counterparts in models 704 and 703 on a device with
 * those instead (`sunspecSettings.ts`), on a device read by its register
 * profile the device's own registers (`rawRegisters.ts`). Debug reads and writes are raw registers on either.
 */
export class CommandDispatcher {
  private readonly seen = new Map<string, { replies: CommandReply[]; done: boolean }>();
  private readonly queues = new Map<string, Promise<void>>();
  /** Re-writes keeping a limit in force, by device serial and control. */
  private readonly keepers = new Map<string, { stop(): void }>();

  constructor(
    private readonly targets: ReadonlyMap<string, CommandTarget>,
    private readonly reply: (r: CommandReply) => void,
    private readonly options: DispatcherOptions,
  ) {}

  /** Takes one command; its answers go to `reply` as they come. */
  handle(msg: CommandMessage): void {
    if (msg.type === 'firmwareUpgrade' && msg.target === this.options.serial && this.options.upgrade) {
      // An upgrade keeps its own state across repeats (its chunks are messages of their own).
      this.options.upgrade(msg, this.reply);
      return;
    }
    const again = this.seen.get(msg.cmdId);
    if (again) {
      // Still running: its answers go out when it ends. Done: the same answers again.
      if (again.done) for (const r of again.replies) this.send(r);
      return;
    }
    const entry = { replies: [] as CommandReply[], done: false };
    this.seen.set(msg.cmdId, entry);
    if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.keys().next().value!);
    const answer = (r: Omit<CommandReply, 'cmdId'>) => {
      const full = { cmdId: msg.cmdId, ...r };
      entry.replies.push(full);
      this.send(full);
    };
    const before = this.queues.get(msg.target) ?? Promise.resolve();
    // The chain ends here and never rejects, and the device's next command still runs after it.
    const run: Promise<void> = (async () => {
      await before;
      try {
        await this.carryOut(msg, answer);
      } catch (err) {
        answer({ state: 'failed', reason: `agent error: ${(err as Error).message}` });
      }
    })()
      .catch((err: unknown) => this.options.log?.(`${msg.cmdId}: not answered (${(err as Error).message})`))
      .finally(() => {
        entry.done = true;
        if (this.queues.get(msg.target) === run) this.queues.delete(msg.target);
      });
    this.queues.set(msg.target, run);
  }

  /**
   * Sends a reply. One that cannot go (the link failing) is logged and kept with its command: the server repeats a
   * command it heard nothing of and hears the same replies then. It is no failure of the command, whose `accepted`
   * write is in the device.
   */
  private send(reply: CommandReply): void {
    try {
      this.reply(reply);
    } catch (err) {
      this.options.log?.(
        `${reply.cmdId}: ${reply.state} not sent (${(err as Error).message}); sent again when the server repeats the command`,
      );
    }
  }

  /** Resolves when every command taken so far has been answered. */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  /** Stops the re-writes that keep limits in force (the device's revert timers then run out by themselves). */
  stop(): void {
    for (const k of this.keepers.values()) k.stop();
    this.keepers.clear();
  }

  private async carryOut(msg: CommandMessage, answer: (r: Omit<CommandReply, 'cmdId'>) => void) {
    const now = (this.options.now ?? Date.now)();
    if (msg.expiresAt !== undefined && msg.expiresAt < now)
      return answer({ state: 'failed', reason: 'expired' });
    if (msg.target === this.options.serial)
      return answer({
        state: 'failed',
        reason: `${msg.type} of the edge agent itself is not carried out by this version`,
      });
    const target = this.targets.get(msg.target);
    if (!target) return answer({ state: 'failed', reason: `no device ${msg.target} behind this agent` });
    const args = msg.args as Record<string, unknown>;
    const io = target.registers;
    switch (msg.type) {
      case 'writeSettings':
      case 'readSettings': {
        if (args.schedule)
          return answer({
            state: 'failed',
            reason: 'battery schedules are not carried out by the edge agent yet',
          });
        const registers = (Array.isArray(args.registers) ? args.registers : []) as WireRegister[];
        if (registers.length === 0) return answer({ state: 'failed', reason: 'no registers named' });
        if (target.profile !== 'sunspec') {
          // Only the points of its own profile: a write meant for another map never reaches its registers.
          const points = profileById(target.profile).points;
          const stranger = registers.find(
            (r) =>
              !points.some(
                (p) => p.register === r.address && (msg.type === 'readSettings' || p.access === 'rw'),
              ),
          );
          if (stranger)
            return answer({
              state: 'failed',
              reason: `register ${stranger.address} is no ${msg.type === 'readSettings' ? '' : 'writable '}point of ${target.profile}, the profile ${msg.target} is read by`,
            });
          if (msg.type === 'readSettings')
            return answer({ state: 'succeeded', result: { registers: await readRegisters(io, registers) } });
          const result = await writeRegisters(io, registers);
          return answer(
            result.state === 'accepted'
              ? { state: 'accepted', result: { previous: result.previous } }
              : result,
          );
        }
        const models = await target.sunspecModels();
        if (!models) return answer({ state: 'failed', reason: `${msg.target} has no SunSpec map` });
        if (msg.type === 'readSettings')
          return answer({
            state: 'succeeded',
            result: {
              registers: await readSunSpecSettings(
                io,
                models,
                registers.map((r) => r.address),
              ),
            },
          });
        const result = await writeSunSpecSettings(io, models, registers);
        if (result.state === 'failed') return answer(result);
        for (const w of result.written) this.keep(msg.target, io, w.model, w.address, w.values);
        return answer({ state: 'accepted', result: { previous: result.previous } });
      }
      case 'debug': {
        const address = Number(args.address);
        const dataType = String(args.dataType ?? 'u16') as RegisterType;
        if (!Number.isInteger(address) || address < 0 || address > 65535)
          return answer({ state: 'failed', reason: `no register address: ${String(args.address)}` });
        if (args.op === 'read') {
          const registers = debugRegisters(address, Number(args.count), dataType);
          try {
            const read = await readRegisters(io, registers);
            return answer({
              state: 'succeeded',
              result: { values: registers.map((r) => read[String(r.address)]) },
            });
          } catch (err) {
            return answer({ state: 'failed', reason: refusalOf(err).replace('the write', 'the read') });
          }
        }
        const values = (Array.isArray(args.values) ? args.values : []) as number[];
        const registers = debugRegisters(address, values.length, dataType).map((r, i) => ({
          ...r,
          value: values[i],
        }));
        const result = await writeRegisters(io, registers);
        return answer(result.state === 'accepted' ? { state: 'accepted' } : result);
      }
      case 'batteryDispatch':
        return answer({
          state: 'failed',
          reason: 'battery schedules are not carried out by the edge agent yet',
        });
      case 'reboot':
        return answer({ state: 'failed', reason: `a restart of ${msg.target} is not possible over Modbus` });
      case 'ivScan':
        return answer({
          state: 'failed',
          reason: `no IV tracer reachable on ${msg.target} through the edge agent`,
        });
      case 'firmwareUpgrade':
        return answer({
          state: 'failed',
          reason: `the firmware of ${msg.target} is not updated through the edge agent`,
        });
    }
  }

  /**
   * Keeps a limit or power factor written with a revert timer in force: written again every 40 % of the timer
   * (`keepLimit`) until the next write of the same control. A write without a revert timer ends the re-writes.
   */
  private keep(
    serial: string,
    io: RegisterAccess,
    model: number,
    address: number,
    written: ReadonlyMap<string, number>,
  ) {
    for (const family of KEPT) {
      if (family.model !== model) continue;
      if (!written.has(family.value) && !written.has(family.revert)) continue;
      const key = `${serial}:${model}:${family.value}`;
      this.keepers.get(key)?.stop();
      this.keepers.delete(key);
      const revertS = written.get(family.revert) ?? 0;
      if (!written.has(family.value) || revertS <= 0) continue;
      const again = new Map(
        [family.value, family.revert, family.enable].map((name) => [name, written.get(name) ?? 1]),
      );
      this.keepers.set(
        key,
        keepLimit(
          revertS,
          async () => {
            const outcome = await writeModel(io, model, address, again);
            if (outcome.state === 'failed')
              this.options.log?.(`${serial}: ${family.value} not written again (${outcome.reason})`);
          },
          this.options.timers,
        ),
      );
    }
  }
}
