import mqtt, { type MqttClient } from 'mqtt';
import { parseUpTopic } from '@solarops/contracts';
import type { IngestPipeline } from '../telemetry/IngestPipeline.ts';
import { handleUpMessage } from './handleUpMessage.ts';

/** The shared subscription every server instance joins, so that they split the collectors' messages. */
export const SHARED_SUBSCRIPTION = '$share/solarops/dev/+/up/#';

export interface ExternalConsumer {
  close(): Promise<void>;
}

/**
 * Ingest from an external broker (`MQTT_URL`: Mosquitto, EMQX, ...), which authenticates the collectors and
 * enforces the per-serial ACL itself (docs/device-protocol.md shows a Mosquitto ACL). The server joins a shared
 * subscription with `connections` clients. mqtt.js sends the PUBACK of a QoS 1 message only when `handleMessage`
 * calls back, which here is after the commit; it handles one message per connection at a time, so several
 * connections keep several batches in flight and the group commit stores them together.
 */
export async function startExternalConsumer(options: {
  pipeline: IngestPipeline;
  url: string;
  connections?: number;
  clientIdPrefix?: string;
}): Promise<ExternalConsumer> {
  const { pipeline, url } = options;
  const count = options.connections ?? 8;
  const prefix = options.clientIdPrefix ?? `solarops-ingest-${process.pid}`;
  const clients: MqttClient[] = [];
  for (let i = 0; i < count; i++) {
    const client = mqtt.connect(url, {
      clientId: `${prefix}-${i}`,
      // A persistent session: messages of a restarting server wait in the broker instead of being lost.
      clean: false,
      protocolVersion: 5,
      reconnectPeriod: 1000,
    });
    const publishDown = (topic: string, payload: string) =>
      client.publishAsync(topic, payload, { qos: 1 }).then(() => undefined);
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
          await handleUpMessage(pipeline, collector, up.kind, payload, publishDown);
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
    await client.subscribeAsync(SHARED_SUBSCRIPTION, { qos: 1 });
    clients.push(client);
  }
  return {
    async close() {
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
