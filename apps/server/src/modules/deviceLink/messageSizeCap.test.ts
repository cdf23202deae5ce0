import { sql } from 'drizzle-orm';
import { connectCollector } from '../../../test/collectorClient.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LIMITS, deviceTopics } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser } from '../../../test/factories.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from './startEmbeddedBroker.ts';

const storedFor = async (t: TestApp, plantId: number) =>
  (
    await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from telemetry where plant_id = ${plantId}`,
    )
  )[0]!.n;

const reading = (sn: string, ts: number) => ({
  sn,
  ts,
  acPowerW: 1200,
  energyTodayKwh: 3.2,
  energyTotalKwh: 1000,
  gridVoltageV: [230.1],
  pvVoltageV: [350],
  pvCurrentA: [2],
  status: 1,
});

/** Sends `message` as collector `c` and resolves once the broker has closed the connection. */
async function sendAndBeDropped(port: number, c: { serial: string; secret: string }, message: string) {
  const client = await connectCollector(port, c.serial, c.secret);
  const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
  client.publish(deviceTopics(c.serial).telemetry, message, { qos: 1 });
  await gone;
  client.end(true);
}

describe('MQTT message size cap (MQTT_MAX_MESSAGE_BYTES)', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let a: FixturePlant;
  let b: FixturePlant;
  const now = Math.floor(Date.now() / 60_000) * 60_000;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db);
    a = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{}] });
    b = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{}] });
    broker = await startEmbeddedBroker({
      link: t.app.deps.deviceLink,
      port: 0,
      host: '127.0.0.1',
      // Below the device payload limit (256 kB), so that a message between the two shows which one refused it.
      maxMessageBytes: 64 * 1024,
    });
  });
  afterAll(async () => {
    await broker.close();
    await t.close();
  });

  it('disconnects a signed-in collector sending a 2 MB message and stores nothing of it', async () => {
    const readings = [reading(a.devices[0]!.serial, now - 60_000)];
    await sendAndBeDropped(
      broker.port,
      a.collectors[0]!,
      JSON.stringify({ seq: 1, readings, pad: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(await storedFor(t, a.plantId)).toBe(0);
    expect(t.app.deps.deviceLink.metrics().rejected.oversized).toBeGreaterThanOrEqual(1);
  });

  it('refuses a valid batch over the cap that the device protocol alone would take', async () => {
    const sn = a.devices[0]!.serial;
    const readings = Array.from({ length: 1000 }, (_, i) => reading(sn, now - (i + 1) * 60_000));
    const batch = JSON.stringify({ seq: 2, readings });
    expect(batch.length).toBeGreaterThan(64 * 1024);
    expect(batch.length).toBeLessThan(DEVICE_LIMITS.maxPayloadBytes);
    await sendAndBeDropped(broker.port, a.collectors[0]!, batch);
    expect(await storedFor(t, a.plantId)).toBe(0);
  });

  it('still takes a normal message from another collector', async () => {
    const c = b.collectors[0]!;
    const client = await connectCollector(broker.port, c.serial, c.secret);
    const batch = { seq: 2, readings: [reading(b.devices[0]!.serial, now - 60_000)] };
    await client.publishAsync(deviceTopics(c.serial).telemetry, JSON.stringify(batch), { qos: 1 });
    // The PUBACK came back: the row is committed.
    expect(await storedFor(t, b.plantId)).toBe(1);
    await client.endAsync();
  });
});
