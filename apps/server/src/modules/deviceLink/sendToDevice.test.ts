import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopics, type CommandMessage } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import type { DeviceLink } from './DeviceLink.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from './startEmbeddedBroker.ts';

const command = (cmdId: string, target: string): CommandMessage => ({
  cmdId,
  type: 'readSettings',
  target,
  args: { keys: ['exportLimitW'] },
});

const reading = (sn: string, ts: number) => ({ sn, ts, acPowerW: 900, energyTotalKwh: 1000 + ts / 3.6e9 });

describe('sendToDevice: one way down to a collector, whatever it speaks', () => {
  let t: TestApp;
  let link: DeviceLink;
  let broker: EmbeddedBroker;
  let mqttPlant: FixturePlant;
  let httpPlant: FixturePlant;
  let client: MqttClient;
  const now = Math.floor(Date.now() / 60_000) * 60_000;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db);
    mqttPlant = await createFixturePlant(t.db, { ownerId: owner.id });
    httpPlant = await createFixturePlant(t.db, { ownerId: owner.id });
    link = t.app.deps.deviceLink;
    broker = await startEmbeddedBroker({ link, port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await client?.endAsync();
    await broker.close();
    await t.close();
  });

  it('publishes to a collector on the embedded broker on dev/{sn}/down/cmd', async () => {
    const c = mqttPlant.collectors[0]!;
    client = await mqtt.connectAsync(broker.url, {
      clientId: c.serial,
      username: c.serial,
      password: c.secret,
      reconnectPeriod: 0,
    });
    await client.subscribeAsync(deviceTopics(c.serial).cmd, { qos: 1 });
    const received = new Promise<{ topic: string; body: unknown }>((resolve) =>
      client.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) })),
    );
    const sent = command('c-mqtt-1', mqttPlant.devices[0]!.serial);
    expect(await link.sendToDevice(c.serial, sent)).toEqual({ via: 'mqtt' });
    expect(await received).toEqual({ topic: deviceTopics(c.serial).cmd, body: sent });
  });

  it('hands a message to an HTTP collector in the answer to its next stored telemetry batch, exactly once', async () => {
    const c = httpPlant.collectors[0]!;
    const sn = httpPlant.devices[0]!.serial;
    const post = (payload: object | string) =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/device/v1/telemetry',
        headers: {
          authorization: `Basic ${Buffer.from(`${c.serial}:${c.secret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        payload,
      });
    // Heard over HTTP: from now on its messages wait for its calls, although a broker is attached.
    const first = await post({ seq: 1, readings: [reading(sn, now - 900_000)] });
    expect(first.json().data).toEqual({ seq: 1, accepted: 1, rejected: {}, quarantined: 0 });

    const one = command('c-http-1', sn);
    const two = command('c-http-2', c.serial);
    expect(await link.sendToDevice(c.serial, one)).toMatchObject({ via: 'http' });
    expect(await link.sendToDevice(c.serial, two)).toMatchObject({ via: 'http' });

    // A refused batch leaves them waiting.
    const refused = await post('{"seq":2,"readings":[');
    expect(refused.statusCode).toBe(400);
    const second = await post({ seq: 3, readings: [reading(sn, now - 600_000)] });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({
      seq: 3,
      accepted: 1,
      rejected: {},
      quarantined: 0,
      commands: [one, two],
    });
    const third = await post({ seq: 4, readings: [reading(sn, now - 300_000)] });
    expect(third.json().data).toEqual({ seq: 4, accepted: 1, rejected: {}, quarantined: 0 });
  });

  it('refuses a malformed message before anything is sent', async () => {
    const c = mqttPlant.collectors[0]!;
    const bad = { cmdId: '', type: 'selfDestruct', target: c.serial, args: {} } as unknown as CommandMessage;
    await expect(link.sendToDevice(c.serial, bad)).rejects.toThrow(/cmdId|type/);
  });
});
