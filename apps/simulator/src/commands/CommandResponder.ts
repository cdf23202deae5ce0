import type { CommandMessage, CommandReply, DispatchSchedule } from '@solarops/contracts';
import { hashString, mulberry32, type Rng } from '../physics/random.ts';
import type { DeviceSettings, RegisterWrite } from './DeviceSettings.ts';
import type { FirmwareUpdater } from './FirmwareUpdater.ts';
import type { IvScanner } from './ivScanner.ts';

/** Options of a {@link CommandResponder}. */
export interface ResponderOptions {
  /** Share of accepted writes the device acknowledges and then drops (0..1), to exercise read-back. */
  dropRate?: number;
  /** Random numbers in [0, 1) for the drops. */
  random?: () => number;
  now?: () => number;
  /** Delay of a restart before the device answers `succeeded` [ms]. */
  restartMs?: number;
  /** The firmware side of each device that can be upgraded, by serial (the collector's own serial for its own). */
  firmware?: ReadonlyMap<string, FirmwareUpdater>;
  /** The inverters' IV tracers: without one, a scan is refused. */
  ivScan?: IvScanner;
  /** Time a sweep takes before the curves go out [ms]. */
  scanMs?: number;
}

/**
 * The draws deciding which of a collector's accepted writes it drops, one per write in the order they arrive:
 * taken from the fleet's seed, so that the same commands to the same fleet meet the same fate (and a test can
 * tell which device's next write goes through).
 */
export function writeDropDraws(fleetSeed: number, collectorSerial: string): Rng {
  return mulberry32(hashString(`${fleetSeed}:${collectorSerial}`));
}

/** Most command ids remembered for deduplication (a real logger keeps a ring in flash). */
const REMEMBERED = 20_000;

/**
 * A collector's command handling, as a datalogger does it (docs/device-protocol.md "Commands"): every `cmdId` is
 * applied at most once (a repeat gets the same replies again), a command past its `expiresAt` is refused, writes
 * are checked against the device's register map and refused with a reason, and an accepted write is in the
 * registers before `accepted` goes out — except, at `dropRate`, one acknowledged and dropped.
 */
export class CommandResponder {
  private readonly seen = new Map<string, CommandReply[]>();
  /** How many times each command id took effect (tests assert at most once). */
  readonly applied = new Map<string, number>();
  /** Command ids received, repeats included. */
  received = 0;

  constructor(
    private readonly devices: ReadonlyMap<string, DeviceSettings>,
    private readonly reply: (r: CommandReply) => void,
    private readonly options: ResponderOptions = {},
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private answer(cmdId: string, r: Omit<CommandReply, 'cmdId'>): void {
    const full = { cmdId, ...r };
    let list = this.seen.get(cmdId);
    if (!list) {
      list = [];
      this.seen.set(cmdId, list);
      if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.keys().next().value!);
    }
    list.push(full);
    this.reply(full);
  }

  private took(cmdId: string): void {
    this.applied.set(cmdId, (this.applied.get(cmdId) ?? 0) + 1);
  }

  handle(msg: CommandMessage): void {
    this.received++;
    const updater = msg.type === 'firmwareUpgrade' ? this.options.firmware?.get(msg.target) : undefined;
    // An upgrade keeps its own state across repeats and power cycles (its chunks are messages of their own).
    if (updater) return updater.handle(msg);
    const again = this.seen.get(msg.cmdId);
    if (again) {
      for (const r of again) this.reply(r);
      return;
    }
    const id = msg.cmdId;
    if (msg.expiresAt !== undefined && msg.expiresAt < this.now())
      return this.answer(id, { state: 'failed', reason: 'expired' });
    const device = this.devices.get(msg.target);
    const args = msg.args as Record<string, unknown>;
    if (msg.type === 'reboot') {
      this.took(id);
      this.answer(id, { state: 'accepted' });
      setTimeout(() => this.answer(id, { state: 'succeeded' }), this.options.restartMs ?? 500).unref?.();
      return;
    }
    if (msg.type === 'ivScan') {
      // Inverters sweep their strings whatever their settings profile; the curves follow the acknowledgement.
      const result = this.options.ivScan?.(msg.target, Number(args.points ?? 200));
      if (!result) return this.answer(id, { state: 'failed', reason: `no IV tracer on ${msg.target}` });
      this.took(id);
      this.answer(id, { state: 'accepted' });
      setTimeout(
        () => this.answer(id, { state: 'succeeded', result }),
        this.options.scanMs ?? 1000,
      ).unref?.();
      return;
    }
    if (!device) return this.answer(id, { state: 'failed', reason: `no device ${msg.target}` });
    const drop = () => (this.options.random ?? Math.random)() < (this.options.dropRate ?? 0);
    switch (msg.type) {
      case 'writeSettings': {
        const writes = ((args.registers ?? []) as { address: number; value: number }[]).map(
          (r): RegisterWrite => ({ address: r.address, value: r.value }),
        );
        const refusal = device.refusal(writes);
        if (refusal) return this.answer(id, { state: 'failed', reason: refusal });
        const previous = device.read(writes.map((w) => w.address));
        if (!drop()) {
          device.write(writes);
          this.took(id);
        }
        return this.answer(id, { state: 'accepted', result: { previous } });
      }
      case 'readSettings': {
        if (args.schedule)
          return this.answer(id, { state: 'succeeded', result: { schedule: device.schedule ?? null } });
        const addresses = ((args.registers ?? []) as { address: number }[]).map((r) => r.address);
        return this.answer(id, {
          state: 'succeeded',
          result: { registers: device.read(addresses), revertLeftS: device.revertLeftS() },
        });
      }
      case 'batteryDispatch': {
        const schedule = args.schedule as DispatchSchedule;
        const capacity = device.profile.dispatchSlots ?? 0;
        const longest = Math.max(schedule.weekday.length, schedule.weekend.length);
        if (longest > capacity)
          return this.answer(id, {
            state: 'failed',
            reason: `schedule of ${longest} slots, table holds ${capacity}`,
          });
        if (!drop()) {
          device.schedule = schedule;
          this.took(id);
        }
        return this.answer(id, { state: 'accepted' });
      }
      case 'debug': {
        const address = Number(args.address);
        if (args.op === 'read') {
          const count = Number(args.count);
          const regs = device.read(Array.from({ length: count }, (_, i) => address + i));
          return this.answer(id, { state: 'succeeded', result: { values: Object.values(regs) } });
        }
        const writes = ((args.values ?? []) as number[]).map((value, i) => ({ address: address + i, value }));
        const refusal = device.refusal(writes);
        if (refusal) return this.answer(id, { state: 'failed', reason: refusal });
        if (!drop()) {
          device.write(writes);
          this.took(id);
        }
        return this.answer(id, { state: 'accepted' });
      }
      default:
        return this.answer(id, { state: 'failed', reason: `${msg.type} not supported` });
    }
  }
}
