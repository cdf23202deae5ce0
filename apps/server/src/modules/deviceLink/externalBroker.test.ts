import net from 'node:net';
import { Aedes, type Client } from 'aedes';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE, deviceTopics } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { testReading as reading } from '../../../test/readings.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { createFleetChanges } from '../devices/fleetChanges.ts';
import { DeviceLink } from './DeviceLink.ts';
import { deviceLinkHook } from './deviceLinkHook.ts';
import { SHARED_SUBSCRIPTION, startExternalConsumer } from './startExternalConsumer.ts';

/** Whether an MQTT topic filter (`+` one level, `#` the rest) matches a topic. */
function filterMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

interface ExternalBroker {
  url: string;
  /** Client ids that joined each shared group, as `group/filter`. */
  groups: Map<string, Set<string>>;
  close(): Promise<void>;
}

/**
 * A broker of its own, on its own port, as an external one would be: aedes on a net server. aedes has no shared
 * subscriptions (moscajs/aedes#228), so this one adds them the way Mosquitto and EMQX behave: a subscription to
 * `$share/{group}/{filter}` joins the group, and each message matching the filter goes to one connected member of
 * the group only (round robin on the broker's message counter). It authenticates nobody: in this mode device
 * authentication and the ACL are the broker's job, not the server's.
 */
async function startExternalBroker(): Promise<ExternalBroker> {
  const groups = new Map<string, Set<string>>();
  const connected = new Set<string>();
  const filterOf = (key: string) => key.slice(key.indexOf('/') + 1);
  const broker = await Aedes.createBroker({
    authorizeSubscribe(client: Client | null, sub, done) {
      const m = /^\$share\/([^/]+)\/(.+)$/.exec(sub.topic);
      if (client && m) {
        const key = `${m[1]}/${m[2]}`;
        groups.set(key, (groups.get(key) ?? new Set()).add(client.id));
        sub.topic = m[2]!;
      }
      done(null, sub);
    },
    authorizeForward(client: Client, packet) {
      for (const [key, members] of groups) {
        if (!members.has(client.id) || !filterMatches(filterOf(key), packet.topic)) continue;
        const online = [...members].filter((id) => connected.has(id)).sort();
        return online[packet.brokerCounter % online.length] === client.id ? packet : null;
      }
      return packet;
    },
  });
  broker.on('client', (client) => connected.add(client.id));
  broker.on('clientDisconnect', (client) => connected.delete(client.id));
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    groups,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Collects every message a collector receives on its ack topic. */
async function collectorOn(url: string, serial: string) {
  const client = await mqtt.connectAsync(url, { clientId: serial, reconnectPeriod: 0 });
  const acks: { seq: number; kind: string }[] = [];
  client.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
  await client.subscribeAsync(deviceTopics(serial).ack, { qos: 1 });
  return { client, acks };
}

describe('device link through an external MQTT broker (MQTT_URL)', () => {
  let broker: ExternalBroker;
  let t: TestApp;
  let stopLink: () => Promise<void>;
  let a: FixturePlant;
  let b: FixturePlant;
  let admin: { authorization: string };
  const collectors: MqttClient[] = [];
  const now = Math.floor(Date.now() / 60_000) * 60_000;

  const stored = async (plantId: number) =>
    (
      (await t.db.execute(
        sql`select count(*)::int as n from telemetry where plant_id = ${plantId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
  const metrics = async () =>
    (await t.app.inject({ url: '/prod-api/device/v1/metrics', headers: admin })).json().data as {
      readingsStored: number;
      rejected: Record<string, number>;
    };

  beforeAll(async () => {
    broker = await startExternalBroker();
    t = await createTestApp({ mqttUrl: broker.url, mqttClientId: 'solarops-a' });
    const owner = await createUser(t.db);
    a = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{}, {}] });
    b = await createFixturePlant(t.db, { ownerId: owner.id });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    // The server's own start-up path for MQTT_URL, as `main.ts` runs it.
    const stop = await deviceLinkHook.start({
      config: t.config,
      database: t.database,
      deps: t.app.deps,
      logger: t.app.log,
    });
    stopLink = stop ?? (async () => undefined);
  });
  afterAll(async () => {
    await Promise.all(collectors.map((c) => c.endAsync()));
    await stopLink();
    await broker.close();
    await t.close();
  });

  it('joins the shared subscription with eight connections of its own client id', () => {
    const [group, filter] = [SHARED_SUBSCRIPTION.split('/')[1], 'dev/+/up/#'];
    expect([...(broker.groups.get(`${group}/${filter}`) ?? [])].sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `solarops-a-${i}`).sort(),
    );
  });

  it('stores a batch once, acknowledging it on down/ack only after the commit, also when it is sent twice', async () => {
    const c = await collectorOn(broker.url, a.collectors[0]!.serial);
    collectors.push(c.client);
    const batch = {
      seq: 11,
      readings: a.devices.flatMap((d) => [
        reading(d.serial, now - 600_000),
        reading(d.serial, now - 300_000),
      ]),
    };
    const storedAtAck: number[] = [];
    c.client.on('message', () => void stored(a.plantId).then((n) => storedAtAck.push(n)));
    for (let attempt = 1; attempt <= 2; attempt++) {
      await c.client.publishAsync(deviceTopics(a.collectors[0]!.serial).telemetry, JSON.stringify(batch), {
        qos: 1,
      });
      await vi.waitFor(() => expect(c.acks).toHaveLength(attempt), { timeout: 10_000 });
    }
    expect(c.acks).toEqual([
      { seq: 11, kind: 'telemetry' },
      { seq: 11, kind: 'telemetry' },
    ]);
    // When each ack arrived, its readings were already committed: all four, never more.
    await vi.waitFor(() => expect(storedAtAck).toEqual([4, 4]));
    expect(await stored(a.plantId)).toBe(4);
  });

  it('counts a malformed payload and goes on storing the other collectors’ batches', async () => {
    const before = await metrics();
    const bad = await collectorOn(broker.url, a.collectors[0]!.serial + '-bad');
    collectors.push(bad.client);
    await bad.client.publishAsync(
      deviceTopics(a.collectors[0]!.serial).telemetry,
      '{"seq": 1, "readings": [',
      {
        qos: 1,
      },
    );
    const good = await collectorOn(broker.url, b.collectors[0]!.serial);
    collectors.push(good.client);
    await good.client.publishAsync(
      deviceTopics(b.collectors[0]!.serial).telemetry,
      JSON.stringify({ seq: 5, readings: [reading(b.devices[0]!.serial, now - 300_000)] }),
      { qos: 1 },
    );
    await vi.waitFor(() => expect(good.acks).toEqual([{ seq: 5, kind: 'telemetry' }]), { timeout: 10_000 });
    expect(await stored(b.plantId)).toBe(1);
    await vi.waitFor(async () =>
      expect((await metrics()).rejected.malformed).toBe((before.rejected.malformed ?? 0) + 1),
    );
    // A refused batch has no sequence number to acknowledge.
    expect(bad.acks).toEqual([]);
  });

  it('sends a command to a collector through the external broker on dev/{sn}/down/cmd', async () => {
    const serial = b.collectors[0]!.serial;
    const client = await mqtt.connectAsync(broker.url, { clientId: `${serial}-cmd`, reconnectPeriod: 0 });
    collectors.push(client);
    await client.subscribeAsync(deviceTopics(serial).cmd, { qos: 1 });
    const received = new Promise<{ topic: string; body: unknown }>((resolve) =>
      client.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString()) })),
    );
    const cmd = { cmdId: 'c-ext-1', type: 'reboot' as const, target: serial, args: {} };
    expect(await t.app.deps.deviceLink.sendToDevice(serial, cmd)).toEqual({ via: 'mqtt' });
    expect(await received).toEqual({ topic: deviceTopics(serial).cmd, body: cmd });
  });

  it('splits the messages between two instances sharing the subscription, each reading stored and acked once', async () => {
    // A second instance: its own device link and client id, on the same database.
    const other = new DeviceLink({ db: t.db, fleetChanges: createFleetChanges() });
    const second = await startExternalConsumer({
      link: other,
      url: broker.url,
      clientIdPrefix: 'solarops-b',
    });
    try {
      const before = { a: (await metrics()).readingsStored, b: other.metrics().readingsStored };
      const c = await collectorOn(broker.url, a.collectors[0]!.serial);
      collectors.push(c.client);
      const batches = Array.from({ length: 40 }, (_, k) => ({
        seq: 100 + k,
        readings: a.devices.map((d) => reading(d.serial, now - 3_600_000 - k * 60_000)),
      }));
      const plantBefore = await stored(a.plantId);
      for (const batch of batches) {
        await c.client.publishAsync(deviceTopics(a.collectors[0]!.serial).telemetry, JSON.stringify(batch), {
          qos: 1,
        });
      }
      await vi.waitFor(() => expect(c.acks.length).toBeGreaterThanOrEqual(40), { timeout: 20_000 });
      expect(c.acks.map((x) => x.seq).sort((x, y) => x - y)).toEqual(batches.map((x) => x.seq));
      expect(await stored(a.plantId)).toBe(plantBefore + 80);
      const byA = (await metrics()).readingsStored - before.a;
      const byB = other.metrics().readingsStored - before.b;
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      expect(byA + byB).toBe(80);
    } finally {
      await second.close();
      other.close();
    }
  });
});
