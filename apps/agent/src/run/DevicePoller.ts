import {
  serialFromIdentity,
  unnamedDevice,
  type AgentDeviceReport,
  type AgentPollErrorKind,
  type SettingsProfileId,
} from '@solarops/contracts';
import type { CommandTarget } from '../commands/CommandDispatcher.ts';
import type { RegisterAccess } from '../commands/controlModel.ts';
import { DeviceBackedOffError, type LinkQueue } from '../modbus/LinkQueue.ts';
import { ModbusError } from '../modbus/transport.ts';
import type { ReadingFields } from '../mapping/toReading.ts';
import type { ModelLocation, ReadRegisters } from '../sunspec/discover.ts';
import { SunSpecDevice } from '../sunspec/SunSpecDevice.ts';
import { RegisterProfileDevice } from '../profiles/RegisterProfileDevice.ts';

export interface PolledDevice {
  /**
   * Our serial of the device (the reading's `sn`). Absent: the serial its SunSpec map gives, once discovered (the
   * console lists such a device as found until an installer accepts it into a plant).
   */
  sn?: string;
  unitId: number;
  /** Its own request timeout [ms]; the link's default when absent. */
  timeoutMs?: number;
  /** `sunspec` (discovered; the default) or the register profile of a device without SunSpec. */
  profile?: 'sunspec' | SettingsProfileId;
}

export interface PollResult {
  sn: string;
  /** When the poll started [ms since the epoch]: the reading's `ts`. */
  ts: number;
  fields?: ReadingFields;
  error?: Error;
}

/** A device that answers but has no SunSpec map where one was expected. */
export class NoSunSpecMapError extends Error {
  constructor(unitId: number) {
    super(`unit ${unitId} has no SunSpec map`);
    this.name = 'NoSunSpecMapError';
  }
}

/** The kind of a failed poll, as the agent's status counts it. */
export function pollErrorKind(error: Error): AgentPollErrorKind {
  if (error instanceof DeviceBackedOffError) return 'backedOff';
  if (error instanceof ModbusError) return error.failure;
  if (error instanceof NoSunSpecMapError) return 'noSunSpec';
  return 'other';
}

/** At most this many characters of a text the device gives, or of an error, go into the status. */
const TEXT_MAX = 64;
const ERROR_MAX = 200;

/**
 * Polls one device at a fixed interval through its link's queue: discovers its SunSpec map at the first poll
 * (and again after a failed one), then reads its mapped models; a device with a register profile is read by it. Polls start on a fixed grid (start + k ×
 * interval), not after the previous one ends, so a slow link does not stretch the interval; a poll still running
 * when the next is due makes that one skip.
 */
export class DevicePoller implements CommandTarget {
  private device: SunSpecDevice | RegisterProfileDevice | undefined;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private next = 0;
  /** Failed polls by kind since the agent started, and why the latest poll failed (cleared by a good one). */
  private readonly errors: Partial<Record<AgentPollErrorKind, number>> = {};
  private lastError: string | undefined;

  constructor(
    private readonly queue: LinkQueue,
    readonly target: PolledDevice,
    private readonly intervalMs: number,
    private readonly onResult: (result: PollResult) => void,
    private readonly now: () => number = Date.now,
  ) {}

  private readonly read: ReadRegisters = (address, count) =>
    this.queue.read({ unitId: this.target.unitId, timeoutMs: this.target.timeoutMs }, address, count);

  /**
   * Its serial in readings, the status and commands: as configured, else the one its SunSpec map gives once
   * discovered, else (not discovered yet) `unit-<id>`, which is no device's.
   */
  get sn(): string {
    if (this.target.sn !== undefined) return this.target.sn;
    const found =
      this.device instanceof SunSpecDevice ? serialFromIdentity(this.device.identity.serial) : undefined;
    return found ?? unnamedDevice(this.target.unitId);
  }

  /** How the device is read: discovered SunSpec, or its register profile. */
  get profile(): 'sunspec' | SettingsProfileId {
    return this.target.profile ?? 'sunspec';
  }

  /** Its registers for commands: through the same queue as the polls, one request at a time. */
  readonly registers: RegisterAccess = {
    read: (address, count) => this.read(address, count),
    write: (address, values) =>
      this.queue.write({ unitId: this.target.unitId, timeoutMs: this.target.timeoutMs }, address, values),
  };

  /** Its SunSpec models: the map the polls found, else discovered now; undefined without SunSpec. */
  async sunspecModels(): Promise<readonly ModelLocation[] | undefined> {
    if (this.profile !== 'sunspec') return undefined;
    if (this.device instanceof SunSpecDevice) return this.device.map.models;
    const found = await SunSpecDevice.discover(this.read);
    this.device ??= found;
    return found?.map.models;
  }

  /** Reads the device once. */
  async poll(ts = this.now()): Promise<PollResult> {
    try {
      const profile = this.target.profile ?? 'sunspec';
      this.device ??=
        profile === 'sunspec' ? await SunSpecDevice.discover(this.read) : new RegisterProfileDevice(profile);
      if (!this.device) throw new NoSunSpecMapError(this.target.unitId);
      const fields = await this.device.read(this.read);
      this.lastError = undefined;
      return { sn: this.sn, ts, fields };
    } catch (error) {
      const kind = pollErrorKind(error as Error);
      this.errors[kind] = (this.errors[kind] ?? 0) + 1;
      this.lastError = (error as Error).message.slice(0, ERROR_MAX);
      return { sn: this.sn, ts, error: error as Error };
    }
  }

  /** What the agent's status says of this device on the link named `link`: discovery's findings and its errors. */
  report(link: string): AgentDeviceReport {
    const d = this.device;
    const text = (v: string | undefined) => (v === undefined ? undefined : v.slice(0, TEXT_MAX));
    return {
      sn: this.sn,
      link: link.slice(0, TEXT_MAX),
      unitId: this.target.unitId,
      profile: this.target.profile ?? 'sunspec',
      ...(d instanceof SunSpecDevice
        ? {
            identity: {
              manufacturer: text(d.identity.manufacturer),
              model: text(d.identity.model),
              serial: text(d.identity.serial),
              version: text(d.identity.version),
            },
            models: d.modelIds.slice(0, 100),
          }
        : {}),
      errors: { ...this.errors },
      ...(this.lastError === undefined ? {} : { lastError: this.lastError }),
    };
  }

  start(): void {
    this.next = this.now();
    const tick = (): void => {
      const due = this.next;
      this.next += this.intervalMs;
      while (this.next <= this.now()) this.next += this.intervalMs;
      this.timer = setTimeout(tick, this.next - this.now());
      if (this.busy) return;
      this.busy = true;
      void this.poll(due).then((result) => {
        this.busy = false;
        this.onResult(result);
      });
    };
    tick();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
