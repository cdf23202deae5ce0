import { EventEmitter } from 'node:events';
import {
  commandMessage,
  deviceTopics,
  type CommandMessage,
  type DeviceLinkMetrics,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { DeviceRegistry } from './DeviceRegistry.ts';
import type { FleetChanges } from '../devices/fleetChanges.ts';
import type { DeviceLinkEventMap, DeviceLinkEvents } from './deviceLinkEvents.ts';
import { DeviceOutbox } from './DeviceOutbox.ts';
import { IngestPipeline, type IngestPipelineOptions } from './IngestPipeline.ts';
import { ListeningClock } from './ListeningClock.ts';
import type { WarnLogger } from './RejectionLog.ts';

/** The way down to collectors over MQTT: the embedded broker or the connection to the external one. */
export interface DownLink {
  /** Where collectors connect (the in-process simulator connects there too). */
  readonly url: string;
  /** Publishes to a collector's topic with QoS 1; resolves once the broker has taken the message. */
  publish(topic: string, payload: string): Promise<void>;
  /** Collectors connected now (0 when the broker is external: it does not tell). */
  connectedCollectors(): number;
  /**
   * Closes the connections of these collectors, whose secrets changed: a broker that checks secrets only at
   * sign-in would otherwise keep serving a connection made with a revoked one. An external broker closes them
   * itself as its accounts are replaced (BrokerAccounts), so its consumer has none.
   */
  disconnect?(serials: readonly string[]): void;
}

/** How a collector was last heard by this server. */
export type HeardOver = 'mqtt' | 'http';

/** Where `sendToDevice` put a message. */
export type Delivery =
  /** Handed to the broker for `dev/{sn}/down/cmd` (QoS 1: the broker keeps it for an offline collector). */
  | { via: 'mqtt' }
  /** Waiting for the answer to the collector's next HTTP telemetry call, until `expiresAt` [ms since epoch]. */
  | { via: 'http'; expiresAt: number };

export interface DeviceLinkOptions {
  db: Database;
  fleetChanges: FleetChanges;
  logger?: WarnLogger | undefined;
  /** The ingest's tuning and clock (tests and the benchmarks). */
  pipeline?: Omit<IngestPipelineOptions, 'logger'>;
}

/** Takes a collector's command reply (the commands module); resolves once it is stored. */
export type ReplyHandler = (collectorSerial: string, payload: Buffer | string) => Promise<void>;

/** How often expired HTTP messages are dropped and told [ms]. */
const OUTBOX_SWEEP_MS = 60_000;

/**
 * The device link of one server (ARCHITECTURE §5), built once at start (`buildDeps`) and carried in `app.deps`:
 * the ingest pipeline, the device registry, the device events, the metrics, and `sendToDevice`, the one way
 * down to a collector whatever it speaks. The MQTT transports (embedded or external broker) attach themselves
 * when they start; HTTP collectors get their messages in the answer to their next telemetry call.
 */
export class DeviceLink {
  readonly events: DeviceLinkEvents = new EventEmitter<DeviceLinkEventMap>();
  readonly registry: DeviceRegistry;
  readonly pipeline: IngestPipeline;
  /** When this server could not hear its devices (offline detection does not count it as their silence). */
  readonly listening = new ListeningClock();
  private readonly outbox = new DeviceOutbox((serial, message) =>
    this.events.emit('undelivered', serial, message),
  );
  private readonly heard = new Map<string, HeardOver>();
  private downLink: DownLink | undefined;
  private replyHandler: ReplyHandler | undefined;
  private readonly sweeper: NodeJS.Timeout;
  private readonly forget = () => this.registry.forget();
  private readonly revoked = (serials: string[]) => {
    this.registry.forget();
    this.downLink?.disconnect?.(serials);
  };

  constructor(private readonly options: DeviceLinkOptions) {
    this.registry = new DeviceRegistry(options.db);
    this.pipeline = new IngestPipeline(options.db, this.registry, this.events, {
      ...options.pipeline,
      logger: options.logger,
      listening: this.listening,
    });
    this.listening.start();
    // The registry keeps plants' zones and collectors' plants in memory: read them again after a change.
    options.fleetChanges.on('plantEdited', this.forget);
    options.fleetChanges.on('collectorMoved', this.forget);
    options.fleetChanges.on('fleetAdded', this.forget);
    options.fleetChanges.on('collectorsChanged', this.revoked);
    this.sweeper = setInterval(() => this.outbox.sweep(), OUTBOX_SWEEP_MS).unref();
  }

  /** Where collectors reach this server over MQTT, once a transport is attached. */
  get brokerUrl(): string | undefined {
    return this.downLink?.url;
  }

  /** Makes `downLink` the way down over MQTT (a transport calls this as it starts); returns the detach. */
  attach(downLink: DownLink): () => void {
    this.downLink = downLink;
    return () => {
      if (this.downLink === downLink) this.downLink = undefined;
    };
  }

  /** Notes the transport a collector was just heard over: `sendToDevice` answers it the same way. */
  heardOver(serial: string, over: HeardOver): void {
    if (this.heard.get(serial) !== over) this.heard.set(serial, over);
  }

  /**
   * Sends `message` to the collector `serial`: on `dev/{sn}/down/cmd` through the broker when the collector was
   * last heard over MQTT (or not heard yet and a broker is attached), else queued for the answer to its next
   * HTTP telemetry call (bounded and expiring, see DeviceOutbox; an expired one is told as `undelivered`).
   * Throws the zod error for a malformed message and `OutboxFull` when too many wait for an HTTP collector.
   */
  async sendToDevice(serial: string, message: CommandMessage): Promise<Delivery> {
    const checked = commandMessage.parse(message);
    const downLink = this.downLink;
    if (downLink && this.heard.get(serial) !== 'http') {
      await downLink.publish(deviceTopics(serial).cmd, JSON.stringify(checked));
      return { via: 'mqtt' };
    }
    return { via: 'http', expiresAt: this.outbox.put(serial, checked) };
  }

  /** Makes `handler` the taker of command replies (`buildDeps` wires the commands module); returns the detach. */
  onReply(handler: ReplyHandler): () => void {
    this.replyHandler = handler;
    return () => {
      if (this.replyHandler === handler) this.replyHandler = undefined;
    };
  }

  /**
   * A collector's command reply, over MQTT (`up/reply`) or HTTP (`/device/v1/reply`): resolves once it is
   * handled, so that the HTTP answer can carry what it caused (a write's read-back).
   */
  async takeReply(collectorSerial: string, payload: Buffer | string): Promise<void> {
    await this.replyHandler?.(collectorSerial, payload);
  }

  /** The messages waiting for an HTTP collector, taken (each goes out once): the telemetry route answers them. */
  takeForHttp(serial: string): CommandMessage[] {
    return this.outbox.take(serial);
  }

  metrics(): DeviceLinkMetrics {
    return { ...this.pipeline.metrics(), connectedCollectors: this.downLink?.connectedCollectors() ?? 0 };
  }

  /** Resolves once nothing is queued or being written (tests and shutdown). */
  flush(): Promise<void> {
    return this.pipeline.flush();
  }

  /** Stops listening (the app closes). */
  close(): void {
    clearInterval(this.sweeper);
    this.listening.stop();
    this.options.fleetChanges.off('plantEdited', this.forget);
    this.options.fleetChanges.off('collectorMoved', this.forget);
    this.options.fleetChanges.off('fleetAdded', this.forget);
    this.options.fleetChanges.off('collectorsChanged', this.revoked);
  }
}
