import net from 'node:net';
import { Aedes, type Client } from 'aedes';
import { DOWN_KINDS, parseUpTopic } from '@solarops/contracts';
import type { CollectorInfo } from './DeviceRegistry.ts';
import type { DeviceLink } from './DeviceLink.ts';
import { handleUpMessage } from './handleUpMessage.ts';
import { gatedConnection } from './packetSizeGate.ts';

export interface EmbeddedBroker {
  /** The TCP port it listens on (useful with port 0). */
  port: number;
  /** Where collectors connect, `mqtt://127.0.0.1:{port}`. */
  url: string;
  /**
   * Calls `onMessage` with every message the broker routes on topics matching `filter` (MQTT wildcards), as a
   * subscriber inside the broker would get it: for diagnostics and tests that watch what reaches collectors.
   * Returns the unsubscribe.
   */
  watch(filter: string, onMessage: (topic: string, payload: Buffer) => void): () => void;
  close(): Promise<void>;
}

type AuthError = Error & { returnCode: number };
const authError = (message: string, returnCode: number) =>
  Object.assign(new Error(message), { returnCode }) as AuthError;

/**
 * The embedded MQTT broker (aedes) of ARCHITECTURE §2/§5 with device authentication and a per-serial topic ACL:
 * - a collector signs in with client id = username = its serial and password = its device secret;
 * - it may publish only to `dev/{its serial}/up/{telemetry|event|reply|status}`, never retained;
 * - it may subscribe only to `dev/{its serial}/down/cmd` and `.../down/ack`, exact names (no wildcards).
 * Telemetry and events are stored inside `authorizePublish`: aedes writes the PUBACK of a QoS 1 message only after
 * that hook calls back, so the PUBACK follows the commit (docs/decisions/0004-device-link.md).
 * A client announcing a packet over `maxMessageBytes` (MQTT_MAX_MESSAGE_BYTES, 1 MiB by default) is disconnected
 * before the packet is read (`packetSizeGate.ts`); nothing of it is stored.
 * Once listening, it is the device link's way down (`sendToDevice`) until it closes.
 */
export async function startEmbeddedBroker(options: {
  link: DeviceLink;
  port: number;
  host?: string;
  maxMessageBytes?: number;
}): Promise<EmbeddedBroker> {
  const { link } = options;
  const { pipeline } = link;
  // Keyed by the client object: a collector reconnecting replaces its old connection, which then disconnects.
  const collectors = new WeakMap<object, CollectorInfo>();
  const broker = await Aedes.createBroker({
    // A burst of reconnecting collectors re-sending their buffers is normal; let it flow.
    concurrency: 1000,
    authenticate(client, username, password, done) {
      const serial = username ?? '';
      if (!serial || client.id !== serial || !password) {
        pipeline.rejections.note('badCredentials', serial || client.id, 'client id must equal the serial');
        return done(authError('bad credentials', 4), false);
      }
      pipeline.registry.verifyCollector(serial, password.toString()).then(
        (c) => {
          if (!c) {
            pipeline.rejections.note('badCredentials', serial, 'wrong serial or secret');
            return done(authError('bad credentials', 4), false);
          }
          collectors.set(client, c);
          done(null, true);
        },
        () => done(authError('server unavailable', 3), false),
      );
    },
    authorizePublish(client, packet, done) {
      // Messages the server publishes itself (acks, commands) come without a client.
      if (!client) return done(null);
      const up = parseUpTopic(packet.topic);
      const collector = collectors.get(client);
      if (!up || !collector || up.sn !== collector.serial) {
        pipeline.rejections.note('forbiddenTopic', client.id, packet.topic);
        return done(new Error('forbidden topic'));
      }
      if (packet.retain) {
        pipeline.rejections.note('retained', client.id, packet.topic);
        return done(new Error('retained messages are not accepted'));
      }
      handleUpMessage(link, collector, up.kind, packet.payload as Buffer, publishDown).then(
        () => done(null),
        // Not stored: close the connection without PUBACK; the collector re-sends after reconnecting.
        (err: Error) => done(err),
      );
    },
    authorizeSubscribe(client, sub, done) {
      const collector = collectors.get(client);
      const allowed = collector ? DOWN_KINDS.map((k) => `dev/${collector.serial}/down/${k}`) : [];
      if (!allowed.includes(sub.topic)) {
        pipeline.rejections.note(
          /[#+]/.test(sub.topic) ? 'wildcardSubscription' : 'forbiddenTopic',
          client.id,
          sub.topic,
        );
        // Refused with return code 0x80 in the SUBACK; the connection stays.
        return done(null, null);
      }
      done(null, sub);
    },
  });
  const publishDown = (topic: string, payload: string) =>
    new Promise<void>((resolve) => {
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
        () => resolve(),
      );
    });
  let connected = 0;
  // The open connection of each signed-in collector, by serial (to close it when its secret changes).
  const open = new Map<string, Client>();
  broker.on('client', (client) => {
    connected++;
    open.set(client.id, client);
  });
  broker.on('clientDisconnect', (client) => {
    connected = Math.max(0, connected - 1);
    if (open.get(client.id) === client) open.delete(client.id);
  });

  const maxBytes = options.maxMessageBytes ?? 1024 * 1024;
  const server = net.createServer((socket) => {
    const connection = gatedConnection(socket, maxBytes, (err) => {
      const client = (connection as { client?: { id?: string } }).client;
      pipeline.rejections.note('oversized', client?.id ?? socket.remoteAddress ?? '?', `${err.bytes} bytes`);
    });
    broker.handle(connection);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const url = `mqtt://127.0.0.1:${port}`;
  const detach = link.attach({
    url,
    publish: publishDown,
    connectedCollectors: () => connected,
    // Secrets are checked at sign-in: a re-keyed or removed collector's open connection is closed here (its last
    // will tells it offline), and signing in again needs the new secret.
    disconnect(serials) {
      for (const serial of serials) open.get(serial)?.close();
    },
  });
  return {
    port,
    url,
    watch(filter, onMessage) {
      const handler = (packet: { topic: string; payload: Buffer | string }, cb: () => void) => {
        onMessage(packet.topic, Buffer.from(packet.payload));
        cb();
      };
      broker.subscribe(filter, handler, () => undefined);
      return () => broker.unsubscribe(filter, handler, () => undefined);
    },
    async close() {
      detach();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
