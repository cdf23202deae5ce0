import mqtt, { type MqttClient } from 'mqtt';
import {
  ackMessage,
  commandMessage,
  DEVICE_LIMITS,
  deviceTopics,
  type CommandMessage,
  type CommandReply,
  type CollectorStatusMessage,
  type DeviceEvent,
  type TelemetryReading,
} from '@solarops/contracts';

/**
 * Where a link keeps its unacknowledged batches beyond its memory: the edge agent's journal on disk, which
 * outlives a restart or a power cut (`apps/agent`, `BatchJournal`). Without one (a simulated logger) they live
 * in memory only.
 */
export interface BatchStore {
  /** Batches stored earlier and still waiting for their ack, oldest first. */
  waiting(): { seq: number; kind: 'telemetry' | 'event'; payload: string }[];
  /** Stores a batch (`body` without `seq`) under a new sequence number; says which old ones it dropped for room. */
  add(
    kind: 'telemetry' | 'event',
    body: object,
    items: number,
  ): { batch: { seq: number; payload: string }; dropped: number[] };
  /** Records an ack. */
  ack(seq: number): boolean;
}

/** Options of a {@link CollectorLink}. */
export interface CollectorLinkOptions {
  /** Broker URL, e.g. mqtt://localhost:1883. */
  url: string;
  serial: string;
  secret: string;
  /**
   * What the collector says of itself in its status message, read at every connect and `announce` (its firmware
   * version changes with an upgrade).
   */
  status?: () => Omit<CollectorStatusMessage, 'state'>;
  /** Most batches kept while unacknowledged; the oldest are dropped beyond (a real logger's flash is finite). */
  maxUnacked?: number;
  /** Reconnect delay [ms]. */
  reconnectMs?: number;
  /** Called with each valid message on `down/cmd` (the collector's command responder). */
  onCommand?: (message: CommandMessage) => void;
  /** Keeps the batches beyond this process (and bounds them itself; `maxUnacked` then does not apply). */
  store?: BatchStore;
  /**
   * mqtt.js's table of 65 536 ready-made number buffers, 6 MB shared by every link of the process (default on):
   * worth it for a simulated fleet, not for the edge agent on a gateway's little memory.
   */
  writeCache?: boolean;
}

interface Unacked {
  kind: 'telemetry' | 'event';
  topic: string;
  payload: string;
}

/**
 * One collector's MQTT link, as a real datalogger keeps it (ARCHITECTURE §5): batches go out with QoS 1 and a
 * sequence number and stay in a buffer until the server's `down/ack {seq}` says they are stored; after every
 * (re)connect the whole buffer is sent again, oldest first. Duplicates are harmless (the server stores by device
 * and time), losses impossible short of the buffer overflowing.
 */
export class CollectorLink {
  private client: MqttClient | undefined;
  private seq = 0;
  private readonly unacked = new Map<number, Unacked>();
  private readonly topics: ReturnType<typeof deviceTopics>;
  private ackWaiters: (() => void)[] = [];
  /** The device secret it signs in with: the one it was made with until `rekey` gives it another. */
  private secret: string;
  /** Batches acknowledged by the server so far. */
  acked = 0;

  constructor(private readonly options: CollectorLinkOptions) {
    this.topics = deviceTopics(options.serial);
    this.secret = options.secret;
    for (const b of options.store?.waiting() ?? []) {
      this.unacked.set(b.seq, { kind: b.kind, topic: this.topicOf(b.kind), payload: b.payload });
    }
  }

  private topicOf(kind: Unacked['kind']): string {
    return kind === 'telemetry' ? this.topics.telemetry : this.topics.event;
  }

  /**
   * Records a batch's ack, from `down/ack` or from another way to the server (the edge agent's HTTP calls while
   * MQTT is blocked); true when the batch was waiting. An acknowledged batch is not sent again.
   */
  acknowledge(seq: number): boolean {
    if (!this.unacked.delete(seq)) return false;
    this.options.store?.ack(seq);
    this.acked++;
    if (this.unacked.size === 0) {
      for (const w of this.ackWaiters.splice(0)) w();
    }
    return true;
  }

  /** The batches waiting for their ack, oldest first: their sequence numbers, kinds and bodies as sent. */
  waiting(): { seq: number; kind: 'telemetry' | 'event'; payload: string }[] {
    return [...this.unacked].map(([seq, u]) => ({ seq, kind: u.kind, payload: u.payload }));
  }

  /** Batches sent and not yet acknowledged. */
  get unackedCount(): number {
    return this.unacked.size;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connects (and keeps reconnecting); resolves at the first successful connect or rejects on a refusal. */
  start(): Promise<void> {
    const o = this.options;
    const client = mqtt.connect(o.url, {
      clientId: o.serial,
      username: o.serial,
      password: this.secret,
      clean: true,
      reconnectPeriod: o.reconnectMs ?? 1000,
      writeCache: o.writeCache ?? true,
      will: {
        topic: this.topics.status,
        payload: Buffer.from(JSON.stringify({ state: 'offline' })),
        qos: 1,
        retain: false,
      },
    });
    this.client = client;
    client.on('message', (topic, payload) => {
      if (topic === this.topics.cmd) return this.command(payload);
      if (topic !== this.topics.ack) return;
      let parsed;
      try {
        parsed = ackMessage.safeParse(JSON.parse(payload.toString()));
      } catch {
        return;
      }
      if (parsed.success) this.acknowledge(parsed.data.seq);
    });
    client.on('connect', () => {
      void (async () => {
        try {
          await client.subscribeAsync([this.topics.ack, this.topics.cmd], { qos: 1 });
          await this.announce();
          // Everything not acknowledged goes again, oldest first.
          for (const u of [...this.unacked.values()]) this.publish(u);
        } catch {
          // The connection dropped again; the next connect retries.
        }
      })();
    });
    // The buffer above is what goes again after a reconnect. mqtt.js would first re-send its own in-flight
    // messages, one per round trip, and say `connect` only after the last one's PUBACK (seconds for a full
    // buffer), then the buffer would go a second time: forget them when the connection drops.
    client.on('close', () => {
      for (const [id, pending] of Object.entries(client.outgoing)) {
        if (pending.cmd === 'publish') client.removeOutgoingMessage(Number(id));
      }
    });
    // Connection errors are retried by the reconnect loop.
    client.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', (err) => {
        if (/Bad username|Not authorized/i.test(err.message)) {
          client.end(true);
          reject(err);
        }
      });
    });
  }

  private command(payload: Buffer): void {
    let parsed;
    try {
      parsed = commandMessage.safeParse(JSON.parse(payload.toString()));
    } catch {
      return;
    }
    if (parsed.success) this.options.onCommand?.(parsed.data);
  }

  /**
   * Publishes its status (`online` with what `status` says now), as it does on every connect; resolves once the
   * broker has it, or at once when the connection is down (the next connect says it).
   */
  async announce(): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    const status = JSON.stringify({ state: 'online', ...(this.options.status?.() ?? {}) });
    await client.publishAsync(this.topics.status, status, { qos: 1 }).catch(() => undefined);
  }

  /** Publishes a command reply on `up/reply` (QoS 1; lost while disconnected, and the server sends again). */
  sendReply(reply: CommandReply): void {
    if (!this.client?.connected) return;
    this.client.publish(this.topics.reply, JSON.stringify(reply), { qos: 1 }, () => undefined);
  }

  private publish(u: Unacked): void {
    if (!this.client?.connected) return;
    this.client.publish(u.topic, u.payload, { qos: 1 }, () => undefined);
  }

  private enqueue(kind: Unacked['kind'], topic: string, body: object, items: number): number {
    const store = this.options.store;
    if (store) {
      const { batch, dropped } = store.add(kind, body, items);
      for (const seq of dropped) this.unacked.delete(seq);
      const u: Unacked = { kind, topic, payload: batch.payload };
      this.unacked.set(batch.seq, u);
      this.publish(u);
      return batch.seq;
    }
    const seq = this.seq++;
    const u: Unacked = { kind, topic, payload: JSON.stringify({ seq, ...body }) };
    this.unacked.set(seq, u);
    const max = this.options.maxUnacked ?? 5000;
    while (this.unacked.size > max) this.unacked.delete(this.unacked.keys().next().value!);
    this.publish(u);
    return seq;
  }

  /** Sends a telemetry batch; returns its sequence number. */
  sendTelemetry(readings: TelemetryReading[], sentAt = Date.now()): number {
    return this.enqueue('telemetry', this.topics.telemetry, { sentAt, readings }, readings.length);
  }

  /**
   * Sends device events (faults raised and cleared), in as many batches as the server's limits need; returns the
   * last one's sequence number. A grid trip raises a fault with its recorded waveform (about 50 KB) on every inverter
   * of the collector at once: in one batch they would pass the payload limit, and a batch refused whole is never
   * acknowledged (it would go again at every connect, its faults never stored).
   */
  sendEvents(events: DeviceEvent[]): number {
    const fits =
      events.length <= DEVICE_LIMITS.maxEventsPerBatch &&
      Buffer.byteLength(JSON.stringify({ seq: 2 ** 32 - 1, events })) <= DEVICE_LIMITS.maxPayloadBytes;
    // One event over the limit on its own goes alone: the server counts it refused.
    if (fits || events.length === 1)
      return this.enqueue('event', this.topics.event, { events }, events.length);
    const half = Math.ceil(events.length / 2);
    this.sendEvents(events.slice(0, half));
    return this.sendEvents(events.slice(half));
  }

  /** Resolves when every batch sent so far is acknowledged. */
  drained(): Promise<void> {
    if (this.unacked.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.ackWaiters.push(resolve));
  }

  /**
   * Signs in again with a new secret, as a datalogger does once its installer has typed the secret the console
   * issued: the buffer of unacknowledged batches is kept and goes out once connected. Resolves at the connect,
   * rejects when this secret is refused too.
   */
  async rekey(secret: string): Promise<void> {
    await this.stop();
    this.secret = secret;
    await this.start();
  }

  /** Disconnects (the buffer is kept in memory; a new start() sends it again). */
  async stop(): Promise<void> {
    await this.client?.endAsync(true);
    this.client = undefined;
  }
}
