import type { CommandMessage } from '@solarops/contracts';

/** How long a message waits for its collector's next HTTP telemetry call [ms]: three default report intervals. */
export const OUTBOX_TTL_MS = 15 * 60_000;
/** Messages waiting per collector at most; a further one is refused (the caller decides what to do). */
export const OUTBOX_MAX_PER_SERIAL = 20;

interface Waiting {
  message: CommandMessage;
  expiresAt: number;
}

/** A message that waited longer than its time to live, told to whoever sent it. */
export type ExpiredHandler = (serial: string, message: CommandMessage) => void;

/** `DeviceOutbox.put` when the collector's queue is full. */
export class OutboxFull extends Error {
  constructor(readonly serial: string) {
    super(`${OUTBOX_MAX_PER_SERIAL} messages already wait for ${serial}`);
    this.name = 'OutboxFull';
  }
}

/**
 * The messages for collectors that speak HTTP: an HTTP collector has no channel the server can push into, so a
 * message waits here until the answer to the collector's next telemetry call carries it (docs/device-protocol.md).
 * Bounded per collector and by age, so that a collector that never calls again costs nothing for long: expired
 * messages are dropped and told to `onExpired`. Kept in this process only (a restart or another instance does not
 * see them); the sender keeps the state of what it sent and can send again.
 */
export class DeviceOutbox {
  private readonly queues = new Map<string, Waiting[]>();

  constructor(
    private readonly onExpired: ExpiredHandler,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Queues `message` for `serial`; answers when it expires. A message with the same `cmdId` already waiting is
   * replaced (a sender re-sending what was not answered yet adds nothing). Throws `OutboxFull` when the queue is
   * full.
   */
  put(serial: string, message: CommandMessage): number {
    const queue = (this.live(serial) ?? []).filter((w) => w.message.cmdId !== message.cmdId);
    if (queue.length >= OUTBOX_MAX_PER_SERIAL) throw new OutboxFull(serial);
    const expiresAt = this.now() + OUTBOX_TTL_MS;
    queue.push({ message, expiresAt });
    this.queues.set(serial, queue);
    return expiresAt;
  }

  /** Takes every message waiting for `serial`, oldest first: each is handed out once. */
  take(serial: string): CommandMessage[] {
    const queue = this.live(serial);
    if (!queue) return [];
    this.queues.delete(serial);
    return queue.map((w) => w.message);
  }

  /** Messages waiting now, all collectors together. */
  get size(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** Drops every expired message (the device link runs this every minute). */
  sweep(): void {
    for (const serial of [...this.queues.keys()]) this.live(serial);
  }

  /** The queue of `serial` without its expired messages (dropped and told), undefined when nothing waits. */
  private live(serial: string): Waiting[] | undefined {
    const queue = this.queues.get(serial);
    if (!queue) return undefined;
    const now = this.now();
    // Queued in order of expiry: the expired ones are at the front.
    const firstLive = queue.findIndex((w) => w.expiresAt > now);
    const gone = queue.splice(0, firstLive === -1 ? queue.length : firstLive);
    for (const w of gone) this.onExpired(serial, w.message);
    if (queue.length > 0) return queue;
    this.queues.delete(serial);
    return undefined;
  }
}
