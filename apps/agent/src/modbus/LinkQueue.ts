import { ModbusError, type ModbusTransport } from './transport.ts';

/** The most registers one read may ask for (Modbus application protocol, function 3). */
export const MAX_REGISTERS_PER_READ = 125;

export interface LinkQueueOptions {
  /** Pause between the answer of one request and the next request on the link [ms]. Default 50. */
  gapMs?: number;
  /** Timeout of a request when the device names none [ms]. Default 2000. */
  timeoutMs?: number;
  /** Further attempts of a request that timed out or found the device busy (exception 5 or 6). Default 2. */
  retries?: number;
  /** Wait before the first retry, doubled for each further one [ms]. Default 250. */
  retryBackoffMs?: number;
  /** Requests failing in a row (after their retries) before a device is backed off. Default 3. */
  deadAfter?: number;
  /** First back-off of a dead device, doubled after each failed probe [ms]. Default 10 s. */
  deadBackoffMs?: number;
  /** Longest back-off of a dead device [ms]. Default 5 min. */
  maxDeadBackoffMs?: number;
  /** First wait before reconnecting a link that would not open, doubled up to 30 s [ms]. Default 1000. */
  reconnectMs?: number;
  now?: () => number;
}

/** A device on a link: its unit id and its own timeout. */
export interface DeviceAddress {
  unitId: number;
  timeoutMs?: number;
}

export class DeviceBackedOffError extends Error {
  constructor(
    readonly unitId: number,
    readonly untilMs: number,
  ) {
    super(`unit ${unitId} does not answer; backed off until ${new Date(untilMs).toISOString()}`);
    this.name = 'DeviceBackedOffError';
  }
}

interface Job {
  device: DeviceAddress;
  address: number;
  count: number;
  /** A write's values (function 16); a read without. */
  values?: number[];
  attempt: number;
  notBefore: number;
  resolve: (registers: number[]) => void;
  reject: (err: Error) => void;
}

interface Health {
  failures: number;
  deadUntil: number;
  backoffMs: number;
}

/** Failures worth another attempt: no answer, the device busy or acknowledging, or the link dropped. */
function retriable(err: ModbusError): boolean {
  return err.failure !== 'exception' || err.exceptionCode === 5 || err.exceptionCode === 6;
}

/**
 * The one queue of a physical link (a TCP connection or an RS-485 port): one request in flight, a gap between
 * requests, a timeout per device, retries with back-off, reconnection. A device that keeps failing is backed off
 * (up to 5 minutes, as OpenEMS does with its "defective" components) and its requests fail at once meanwhile,
 * so it never stalls the live devices sharing its link; a retry waits at the back of the queue, not in front.
 */
export class LinkQueue {
  private readonly jobs: Job[] = [];
  private running = false;
  private wake: (() => void) | undefined;
  private lastAnswerAt = -Infinity;
  private linkDownUntil = 0;
  private reconnectMs: number;
  private readonly health = new Map<number, Health>();
  private closed = false;
  private readonly o: Required<LinkQueueOptions>;
  /**
   * Requests sent, how many of them failed, and the mean round trip of the recent answered ones [ms] (weighted
   * towards the latest), for the agent's status and the bench.
   */
  readonly stats = { requests: 0, failures: 0, reconnects: 0, latencyMs: undefined as number | undefined };

  constructor(
    private readonly transport: ModbusTransport,
    options: LinkQueueOptions = {},
  ) {
    this.o = {
      gapMs: 50,
      timeoutMs: 2000,
      retries: 2,
      retryBackoffMs: 250,
      deadAfter: 3,
      deadBackoffMs: 10_000,
      maxDeadBackoffMs: 300_000,
      reconnectMs: 1000,
      now: Date.now,
      ...options,
    };
    this.reconnectMs = this.o.reconnectMs;
  }

  /** When a device backed off may be tried again [ms since the epoch], or undefined when it is live. */
  backedOffUntil(unitId: number): number | undefined {
    const h = this.health.get(unitId);
    return h && h.deadUntil > this.o.now() ? h.deadUntil : undefined;
  }

  /** Reads `count` (≤ 125) holding registers from `address`. */
  read(device: DeviceAddress, address: number, count: number): Promise<number[]> {
    if (count < 1 || count > MAX_REGISTERS_PER_READ) {
      return Promise.reject(
        new RangeError(`a read takes 1 to ${MAX_REGISTERS_PER_READ} registers, not ${count}`),
      );
    }
    if (this.closed) return Promise.reject(new ModbusError('link closed', 'connection'));
    const until = this.backedOffUntil(device.unitId);
    if (until !== undefined) return Promise.reject(new DeviceBackedOffError(device.unitId, until));
    return new Promise((resolve, reject) => {
      this.jobs.push({ device, address, count, attempt: 0, notBefore: 0, resolve, reject });
      this.kick();
    });
  }

  /**
   * Writes `values` (1 to 123 registers) from `address` in one request, queued with the reads: a command waits its
   * turn on the link. Retried on no answer like a read (writing the same values again is harmless); a refusal (an
   * exception code) is not retried.
   */
  write(device: DeviceAddress, address: number, values: number[]): Promise<void> {
    if (values.length < 1 || values.length > 123) {
      return Promise.reject(new RangeError(`a write takes 1 to 123 registers, not ${values.length}`));
    }
    if (this.closed) return Promise.reject(new ModbusError('link closed', 'connection'));
    const until = this.backedOffUntil(device.unitId);
    if (until !== undefined) return Promise.reject(new DeviceBackedOffError(device.unitId, until));
    return new Promise((resolve, reject) => {
      const count = values.length;
      this.jobs.push({
        device,
        address,
        count,
        values,
        attempt: 0,
        notBefore: 0,
        resolve: () => resolve(),
        reject,
      });
      this.kick();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.jobs.splice(0)) job.reject(new ModbusError('link closed', 'connection'));
    this.wake?.();
    await this.transport.close();
  }

  private kick(): void {
    if (this.wake) this.wake();
    if (!this.running) void this.loop();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  private async loop(): Promise<void> {
    this.running = true;
    try {
      while (!this.closed && this.jobs.length > 0) {
        const now = this.o.now();
        const index = this.jobs.findIndex((j) => j.notBefore <= now);
        if (index === -1) {
          await this.sleep(Math.min(...this.jobs.map((j) => j.notBefore)) - now);
          continue;
        }
        const gap = this.lastAnswerAt + this.o.gapMs - now;
        if (gap > 0) {
          await new Promise((r) => setTimeout(r, gap));
          continue;
        }
        const [job] = this.jobs.splice(index, 1);
        await this.run(job!);
      }
    } finally {
      this.running = false;
    }
  }

  private async ensureOpen(): Promise<void> {
    if (this.transport.isOpen) return;
    const now = this.o.now();
    if (now < this.linkDownUntil) throw new ModbusError('link down, reconnecting', 'connection');
    try {
      this.stats.reconnects++;
      await this.transport.open();
      this.reconnectMs = this.o.reconnectMs;
    } catch (err) {
      this.linkDownUntil = this.o.now() + this.reconnectMs;
      this.reconnectMs = Math.min(this.reconnectMs * 2, 30_000);
      throw err instanceof ModbusError ? err : new ModbusError(String(err), 'connection');
    }
  }

  private async run(job: Job): Promise<void> {
    const { device } = job;
    const until = this.backedOffUntil(device.unitId);
    if (until !== undefined) return job.reject(new DeviceBackedOffError(device.unitId, until));
    const health = this.health.get(device.unitId) ?? {
      failures: 0,
      deadUntil: 0,
      backoffMs: this.o.deadBackoffMs,
    };
    this.health.set(device.unitId, health);
    const probing = health.deadUntil > 0;
    try {
      await this.ensureOpen();
      this.stats.requests++;
      const timeoutMs = device.timeoutMs ?? this.o.timeoutMs;
      let registers: number[] = [];
      const sentAt = this.o.now();
      if (job.values) await this.transport.writeHolding(device.unitId, job.address, job.values, timeoutMs);
      else registers = await this.transport.readHolding(device.unitId, job.address, job.count, timeoutMs);
      this.lastAnswerAt = this.o.now();
      const latency = this.lastAnswerAt - sentAt;
      this.stats.latencyMs =
        this.stats.latencyMs === undefined ? latency : this.stats.latencyMs * 0.8 + latency * 0.2;
      this.health.set(device.unitId, { failures: 0, deadUntil: 0, backoffMs: this.o.deadBackoffMs });
      job.resolve(registers);
    } catch (raw) {
      this.lastAnswerAt = this.o.now();
      this.stats.failures++;
      const err = raw instanceof ModbusError ? raw : new ModbusError(String(raw), 'connection');
      if (err.failure !== 'exception' || err.exceptionCode === 4) {
        // The device said nothing useful: towards backing it off (a link that will not open counts for none).
        if (err.failure !== 'connection' || this.transport.isOpen) health.failures++;
        if (probing || health.failures >= this.o.deadAfter * (this.o.retries + 1)) {
          health.deadUntil = this.o.now() + health.backoffMs;
          health.backoffMs = Math.min(health.backoffMs * 2, this.o.maxDeadBackoffMs);
          for (const other of this.jobs.filter((j) => j.device.unitId === device.unitId)) {
            this.jobs.splice(this.jobs.indexOf(other), 1);
            other.reject(new DeviceBackedOffError(device.unitId, health.deadUntil));
          }
          return job.reject(err);
        }
      }
      if (retriable(err) && job.attempt < this.o.retries && !probing) {
        job.attempt++;
        job.notBefore = this.o.now() + this.o.retryBackoffMs * 2 ** (job.attempt - 1);
        this.jobs.push(job);
        return;
      }
      job.reject(err);
    }
  }
}
