import { deviceTopics, type AckMessage, type UpKind } from '@solarops/contracts';
import type { CollectorInfo } from './DeviceRegistry.ts';
import type { DeviceLink } from './DeviceLink.ts';
import { BatchRefused } from './IngestPipeline.ts';

/** Publishes a downstream message to a collector (through the embedded broker or the external one). */
export type PublishDown = (topic: string, payload: string) => Promise<void>;

/**
 * One upstream message, the same for the embedded and the external broker. Resolves when the message may be
 * acknowledged to the broker (MQTT PUBACK): after its batch is committed, or at once when it is refused as a whole
 * (a poison message is counted and acknowledged so that it is not re-sent forever). Rejects when the store failed:
 * then nothing is acknowledged and the collector re-sends. After a commit, `dev/{sn}/down/ack {seq}` goes out.
 */
export async function handleUpMessage(
  link: DeviceLink,
  collector: CollectorInfo,
  kind: UpKind,
  payload: Buffer,
  publishDown: PublishDown,
): Promise<void> {
  const { pipeline } = link;
  // Commands for this collector go down over MQTT from now on.
  link.heardOver(collector.serial, 'mqtt');
  try {
    if (kind === 'telemetry') {
      const ack = await pipeline.ingestTelemetry(collector, payload);
      const msg: AckMessage = { seq: ack.seq, kind: 'telemetry' };
      await publishDown(deviceTopics(collector.serial).ack, JSON.stringify(msg));
    } else if (kind === 'event') {
      const ack = await pipeline.ingestEvents(collector, payload);
      const msg: AckMessage = { seq: ack.seq, kind: 'event' };
      await publishDown(deviceTopics(collector.serial).ack, JSON.stringify(msg));
    } else if (kind === 'status') {
      await pipeline.updateStatus(collector, payload);
    } else {
      // Command replies go to the commands module, which keeps its own state in the database.
      await link.takeReply(collector.serial, payload);
    }
  } catch (err) {
    if (err instanceof BatchRefused) return;
    throw err;
  }
}
