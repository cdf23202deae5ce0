import mqtt, { type MqttClient } from 'mqtt';
import { parseUpTopic } from '@solarops/contracts';
import type { DeviceLink } from './DeviceLink.ts';
import { handleUpMessage } from './handleUpMessage.ts';

/** The shared subscription every server instance joins, so that they split the collectors' messages. */
export const SHARED_SUBSCRIPTION = '$share/solarops/dev/+/up/#';

export interface ExternalConsumer {
  close(): Promise<void>;
}

/**
 * Ingest from an external broker (`MQTT_URL`: Mosquitto, EMQX, ...), which authenticates the collectors and
 * enforces the per-serial ACL itself (docs/device-protocol.md lists what the broker must provide). The server
 * joins a shared subscription with `connections` clients. mqtt.js sends the PUBACK of a QoS 1 message only when
 * `handleMessage` calls back, which here is after the commit; it handles one message per connection at a time, so
 * several connections keep several batches in flight and the group commit stores them together. Once subscribed,
 * its publishing connection is the device link's way down (`sendToDevice`) until it closes.
 */
export async function startExternalConsumer(options: {
  link: DeviceLink;
  url: string;
  /** Client id prefix, unique per instance and stable across its restarts (`MQTT_CLIENT_ID`). */
  clientIdPrefix: string;
  connections?: number;
}): Promise<ExternalConsumer> {
  const { link, url, clientIdPrefix } = options;
  const { pipeline } = link;
  const count = options.connections ?? 8;
  const clients: MqttClient[] = [];
  const closeAll = () => Promise.all(clients.map((c) => c.endAsync()));
  // Acks and commands go out on a connection of their own. mqtt.js reads a connection's next packet only after
  // `handleMessage` calls back, so a handler awaiting the PUBACK of its own down/ack on the same connection waits
  // for a packet queued behind the next incoming message: with two messages in flight the connection stalls.
  const publisher = mqtt.connect(url, {
    clientId: `${clientIdPrefix}-out`,
    protocolVersion: 4,
    reconnectPeriod: 1000,
  });
  clients.push(publisher);
  const publishDown = (topic: string, payload: string) =>
    publisher.publishAsync(topic, payload, { qos: 1 }).then(() => undefined);
  for (let i = 0; i < count; i++) {
    const client = mqtt.connect(url, {
      // Stable ids: a restarted instance takes up its own sessions and the messages queued in them, instead of
      // leaving orphan sessions in the group that the broker keeps handing a share of the messages to.
      clientId: `${clientIdPrefix}-${i}`,
      // MQTT 3.1.1 with a persistent session: the messages of a restarting server wait in the broker instead of
      // being lost. (In MQTT 5, `clean: false` alone ends the session at disconnect: its expiry defaults to 0.)
      // Brokers with shared subscriptions (Mosquitto, EMQX, HiveMQ, VerneMQ) accept `$share/` from 3.1.1 clients.
      protocolVersion: 4,
      clean: false,
      reconnectPeriod: 1000,
    });
    clients.push(client);
    client.handleMessage = (packet, callback) => {
      const up = parseUpTopic(packet.topic);
      if (!up) return callback();
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      pipeline.registry
        .collectorBySerial(up.sn)
        .then(async (collector) => {
          if (!collector) {
            pipeline.rejections.note('unknownDevice', up.sn, 'no such collector');
            return;
          }
          if (packet.retain) {
            pipeline.rejections.note('retained', up.sn, packet.topic);
            return;
          }
          await handleUpMessage(link, collector, up.kind, payload, publishDown);
        })
        .then(
          () => callback(),
          // Not stored: no PUBACK; the broker redelivers it (persistent session) after the reconnect.
          (err: Error) => {
            client.end(true, () => client.reconnect());
            callback(err);
          },
        );
    };
    // A broker refusing the subscription (its ACL) answers 0x80, which mqtt.js turns into an error: stop the start
    // rather than run storing nothing.
    await client.subscribeAsync(SHARED_SUBSCRIPTION, { qos: 1 }).catch(async (err: Error) => {
      await closeAll();
      throw new Error(`the MQTT broker refused the subscription ${SHARED_SUBSCRIPTION}: ${err.message}`);
    });
  }
  // The external broker does not tell the server who is connected.
  const detach = link.attach({ url, publish: publishDown, connectedCollectors: () => 0 });
  return {
    async close() {
      detach();
      await closeAll();
    },
  };
}
