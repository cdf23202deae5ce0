import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE, deviceTopics } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { testReading as reading } from '../../../test/readings.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../../../test/mosquitto.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { deviceLinkHook } from './deviceLinkHook.ts';

const missing = mosquittoMissing();

describe.skipIf(missing)(
  `collectors' accounts in Mosquitto 2 through its dynamic-security plugin${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let broker: Mosquitto;
    let t: TestApp;
    let stopLink: () => Promise<void>;
    let a: FixturePlant;
    let b: FixturePlant;
    let admin: { authorization: string };
    const clients: MqttClient[] = [];
    const now = Math.floor(Date.now() / 60_000) * 60_000;

    const stored = async (plantId: number) =>
      (
        await rowsOf<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from telemetry where plant_id = ${plantId}`,
        )
      )[0]!.n;

    /** A collector's connection, or the broker's refusal (its CONNACK code). */
    const connect = async (serial: string, secret: string, clientId = serial) => {
      const client = await mqtt.connectAsync(broker.url(), {
        clientId,
        username: serial,
        password: secret,
        reconnectPeriod: 0,
        protocolVersion: 4,
        connectTimeout: 10_000,
      });
      clients.push(client);
      return client;
    };
    const refusal = (serial: string, secret: string, clientId = serial) =>
      connect(serial, secret, clientId).then(
        () => 'accepted',
        (err: Error & { code?: number }) => `refused (${err.code})`,
      );
    /** Resolves when the broker closes the connection. */
    const closed = (client: MqttClient) =>
      new Promise<void>((resolve) => {
        if (!client.connected) resolve();
        client.once('close', () => resolve());
      });

    beforeAll(async () => {
      broker = await startMosquitto();
      t = await createTestApp({
        mqttUrl: broker.url(broker.server),
        mqttClientId: 'solarops-dynsec',
        mqttAdmin: broker.admin,
      });
      const owner = await createUser(t.db);
      // Created through the device link's own insert: the broker gets their accounts as they are made.
      a = await createFixturePlant(t.db, {
        ownerId: owner.id,
        collectors: 2,
        brokerAccounts: t.app.deps.brokerAccounts,
      });
      b = await createFixturePlant(t.db, { ownerId: owner.id, brokerAccounts: t.app.deps.brokerAccounts });
      admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
      const stop = await deviceLinkHook.start({
        config: t.config,
        database: t.database,
        deps: t.app.deps,
        logger: t.app.log,
      });
      stopLink = stop ?? (async () => undefined);
    }, 60_000);
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.endAsync(true)));
      await stopLink?.();
      await t?.close();
      await broker?.stop();
    });

    it('lets a provisioned collector in with its secret and stores what it sends on its own topics', async () => {
      const { serial, secret } = a.collectors[0]!;
      const c = await connect(serial, secret);
      const acks: unknown[] = [];
      c.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
      await c.subscribeAsync(deviceTopics(serial).ack, { qos: 1 });
      const batch = { seq: 7, readings: a.devices.map((d) => reading(d.serial, now - 300_000)) };
      await c.publishAsync(deviceTopics(serial).telemetry, JSON.stringify(batch), { qos: 1 });
      await vi.waitFor(() => expect(acks).toEqual([{ seq: 7, kind: 'telemetry' }]), { timeout: 30_000 });
      expect(await stored(a.plantId)).toBe(a.devices.length);
    });

    it('refuses a wrong secret, another serial’s secret and a client id other than the serial', async () => {
      const [mine, other] = [a.collectors[0]!, b.collectors[0]!];
      expect(await refusal(mine.serial, 'not-the-secret')).toMatch(/^refused/);
      expect(await refusal(mine.serial, other.secret)).toMatch(/^refused/);
      expect(await refusal(mine.serial, mine.secret, `${mine.serial}-x`)).toMatch(/^refused/);
      expect(await refusal('SOMEONE', 'anything')).toMatch(/^refused/);
    });

    it('keeps a collector to its own topics: another collector’s are refused and nothing is stored', async () => {
      const mine = a.collectors[0]!;
      const c = await connect(mine.serial, mine.secret);
      // Subscribing to another collector's commands, or to a wildcard, gets SUBACK 0x80.
      for (const filter of [deviceTopics(b.collectors[0]!.serial).cmd, 'dev/+/down/cmd']) {
        const granted = await c.subscribeAsync(filter, { qos: 1 }).then(
          (g) => g.map((x) => x.qos),
          () => [128],
        );
        expect(granted).toEqual([128]);
      }
      // Publishing a batch as plant b's collector: the broker drops it (MQTT 3.1.1 has no refusal to tell).
      const before = await stored(b.plantId);
      await c.publishAsync(
        deviceTopics(b.collectors[0]!.serial).telemetry,
        JSON.stringify({ seq: 1, readings: [reading(b.devices[0]!.serial, now - 600_000)] }),
        { qos: 1 },
      );
      // b's own collector sends after it; once that is stored, the forged one would have been too.
      const own = await connect(b.collectors[0]!.serial, b.collectors[0]!.secret);
      await own.publishAsync(
        deviceTopics(b.collectors[0]!.serial).telemetry,
        JSON.stringify({ seq: 2, readings: [reading(b.devices[0]!.serial, now - 900_000)] }),
        { qos: 1 },
      );
      await vi.waitFor(async () => expect(await stored(b.plantId)).toBe(before + 1), { timeout: 30_000 });
      const times = await rowsOf<{ ts: Date }>(
        t.db,
        sql`select ts from telemetry where plant_id = ${b.plantId}`,
      );
      expect(times.map((r) => new Date(r.ts).getTime())).not.toContain(now - 600_000);
    });

    it('re-keys a collector: the old secret is refused and its connection closed, the new one lets it in', async () => {
      const { serial, secret } = a.collectors[0]!;
      const live = await connect(serial, secret);
      const gone = closed(live);
      const res = await t.app.inject({
        method: 'POST',
        url: `/prod-api/collector/${serial}/secret`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      const issued = res.json().data as { serial: string; secret: string };
      expect(issued.serial).toBe(serial);
      expect(issued.secret).not.toBe(secret);
      await gone;
      expect(await refusal(serial, secret)).toMatch(/^refused/);
      expect(await refusal(serial, issued.secret)).toBe('accepted');
    });

    it('removes an unused collector and its account: the broker refuses it from then on', async () => {
      const unused = a.collectors[1]!;
      const live = await connect(unused.serial, unused.secret);
      const gone = closed(live);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/prod-api/collector/${unused.serial}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      await gone;
      expect(await refusal(unused.serial, unused.secret)).toMatch(/^refused/);
      // A collector with devices stays, and so does its account.
      const used = b.collectors[0]!;
      const kept = await t.app.inject({
        method: 'DELETE',
        url: `/prod-api/collector/${used.serial}`,
        headers: admin,
      });
      expect(kept.statusCode).toBe(409);
      expect(await refusal(used.serial, used.secret)).toBe('accepted');
    });
  },
);
