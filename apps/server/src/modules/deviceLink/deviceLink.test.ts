import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { connectCollector } from '../../../test/collectorClient.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LIMITS, ROLE, deviceTopics } from '@solarops/contracts';
import { discoveredSmaInverter } from '@solarops/contracts/test/agentReports';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import type { DeviceLink } from './DeviceLink.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from './startEmbeddedBroker.ts';

const count = async (t: TestApp, where = sql`true`) =>
  Number(
    (
      (await t.db.execute(sql`select count(*)::int as n from telemetry where ${where}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

/** Waits for the next message on `topic`. */
const nextMessage = (c: MqttClient, topic: string) =>
  new Promise<unknown>((resolve) => {
    const on = (t: string, payload: Buffer) => {
      if (t !== topic) return;
      c.off('message', on);
      resolve(JSON.parse(payload.toString()));
    };
    c.on('message', on);
  });

const closed = (c: MqttClient) => new Promise<void>((resolve) => c.once('close', () => resolve()));

const reading = (sn: string, ts: number, extra: Record<string, unknown> = {}) => ({
  sn,
  ts,
  acPowerW: 1200,
  energyTodayKwh: 3.2,
  energyTotalKwh: 1000 + ts / 3.6e9,
  gridVoltageV: [230.1],
  pvVoltageV: [350, 351],
  pvCurrentA: [2, 2.1],
  status: 1,
  ...extra,
});

describe('device link over MQTT (embedded broker)', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let link: DeviceLink;
  let a: FixturePlant;
  let b: FixturePlant;
  const now = Math.floor(Date.now() / 60_000) * 60_000;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db);
    a = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{}, {}] });
    b = await createFixturePlant(t.db, { ownerId: owner.id });
    link = t.app.deps.deviceLink;
    broker = await startEmbeddedBroker({ link, port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await broker.close();
    await t.close();
  });

  it('refuses a wrong secret and an unknown serial', async () => {
    const c = a.collectors[0]!;
    await expect(connectCollector(broker.port, c.serial, 'not-the-secret')).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(connectCollector(broker.port, 'NOSUCH0001', c.secret)).rejects.toThrow(
      /Bad username or password/i,
    );
    expect(link.metrics().rejected.badCredentials).toBeGreaterThanOrEqual(2);
  });

  it('closes a re-keyed collector’s open connection; only the new secret signs in again', async () => {
    const owner = await createUser(t.db);
    const { collectors } = await createFixturePlant(t.db, { ownerId: owner.id });
    const c = collectors[0]!;
    const admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const client = await connectCollector(broker.port, c.serial, c.secret);
    const gone = closed(client);
    const res = await t.app.inject({
      method: 'POST',
      url: `/prod-api/collector/${c.serial}/secret`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    await gone;
    await expect(connectCollector(broker.port, c.serial, c.secret)).rejects.toThrow(
      /Bad username or password/i,
    );
    const again = await connectCollector(
      broker.port,
      c.serial,
      (res.json().data as { secret: string }).secret,
    );
    await again.endAsync();
  });

  it('stores a batch, then acknowledges it on down/ack only after the commit; a batch sent twice is stored once', async () => {
    const c = a.collectors[0]!;
    const client = await connectCollector(broker.port, c.serial, c.secret);
    const topics = deviceTopics(c.serial);
    const granted = await client.subscribeAsync(topics.ack, { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    const batch = {
      seq: 7,
      readings: a.devices.flatMap((d) => [
        reading(d.serial, now - 600_000),
        reading(d.serial, now - 300_000),
      ]),
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const ack = nextMessage(client, topics.ack);
      await client.publishAsync(topics.telemetry, JSON.stringify(batch), { qos: 1 });
      // The PUBACK came back: the rows are already committed.
      expect(await count(t, sql`plant_id = ${a.plantId}`)).toBe(4);
      expect(await ack).toEqual({ seq: 7, kind: 'telemetry' });
    }
    expect(await count(t, sql`plant_id = ${a.plantId}`)).toBe(4);
    const latest = (await t.db.execute(
      sql`select count(*)::int as n from device_latest where plant_id = ${a.plantId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(latest.rows[0]!.n).toBe(2);
    await client.endAsync();
  });

  it('lets a collector neither publish nor subscribe under another serial, nor use wildcards or retain', async () => {
    const c = a.collectors[0]!;
    const other = b.collectors[0]!;
    const client = await connectCollector(broker.port, c.serial, c.secret);
    // The broker answers these SUBSCRIBEs with return code 0x80 (failure), which mqtt.js reports as an error.
    await expect(client.subscribeAsync(deviceTopics(other.serial).cmd, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await expect(client.subscribeAsync(`dev/${c.serial}/down/#`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await expect(client.subscribeAsync('#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect(link.metrics().rejected.wildcardSubscription).toBeGreaterThanOrEqual(2);

    const before = await count(t, sql`plant_id = ${b.plantId}`);
    const gone = closed(client);
    client.publish(
      deviceTopics(other.serial).telemetry,
      JSON.stringify({ seq: 1, readings: [reading(b.devices[0]!.serial, now - 60_000)] }),
      { qos: 1 },
    );
    await gone;
    expect(await count(t, sql`plant_id = ${b.plantId}`)).toBe(before);

    const again = await connectCollector(broker.port, c.serial, c.secret);
    const gone2 = closed(again);
    again.publish(
      deviceTopics(c.serial).telemetry,
      JSON.stringify({ seq: 2, readings: [reading(a.devices[0]!.serial, now - 120_000)] }),
      { qos: 1, retain: true },
    );
    await gone2;
    expect(
      await count(
        t,
        sql`device_id = ${a.devices[0]!.id} and ts = ${new Date(now - 120_000).toISOString()}::timestamptz`,
      ),
    ).toBe(0);
    expect(link.metrics().rejected.retained).toBe(1);
    expect(link.metrics().rejected.forbiddenTopic).toBeGreaterThanOrEqual(2);
    again.end(true);
  });

  it('counts malformed, oversized and out-of-range payloads without disturbing other devices', async () => {
    const bad = await connectCollector(broker.port, a.collectors[0]!.serial, a.collectors[0]!.secret);
    const good = await connectCollector(broker.port, b.collectors[0]!.serial, b.collectors[0]!.secret);
    const topic = deviceTopics(a.collectors[0]!.serial).telemetry;
    const before = { ...link.metrics().rejected };
    await bad.publishAsync(topic, '{"seq": 1, "readings": [', { qos: 1 });
    await bad.publishAsync(topic, 'x'.repeat(DEVICE_LIMITS.maxPayloadBytes + 1), { qos: 1 });
    await bad.publishAsync(
      topic,
      JSON.stringify({
        seq: 3,
        readings: [
          reading(a.devices[0]!.serial, now - 900_000, { acPowerW: 5e9 }),
          reading(a.devices[1]!.serial, now - 900_000, { tempC: -500 }),
          reading(a.devices[1]!.serial, now - 900_000, { pvVoltageV: Array.from({ length: 13 }, () => 300) }),
          // A device time no date can hold (past the year 275760): refused, not quarantined.
          reading(a.devices[1]!.serial, 9e15),
          reading(b.devices[0]!.serial, now - 900_000),
          reading(a.devices[0]!.serial, now - 1_200_000),
        ],
      }),
      { qos: 1 },
    );
    await bad.publishAsync(topic, JSON.stringify({ seq: -1, readings: [] }), { qos: 1 });
    const ack = nextMessage(good, deviceTopics(b.collectors[0]!.serial).ack);
    await good.subscribeAsync(deviceTopics(b.collectors[0]!.serial).ack, { qos: 1 });
    await good.publishAsync(
      deviceTopics(b.collectors[0]!.serial).telemetry,
      JSON.stringify({ seq: 11, readings: [reading(b.devices[0]!.serial, now - 60_000)] }),
      { qos: 1 },
    );
    expect(await ack).toEqual({ seq: 11, kind: 'telemetry' });
    const after = link.metrics().rejected;
    expect(after.malformed - before.malformed).toBe(1);
    expect(after.oversized - before.oversized).toBe(1);
    expect(after.invalidReading - before.invalidReading).toBe(4);
    // A device of another plant is refused like an unknown one.
    expect(after.unknownDevice - before.unknownDevice).toBe(1);
    expect(after.invalidBatch - before.invalidBatch).toBe(1);
    // The good reading of the mixed batch is stored, and so is the other collector's.
    expect(
      await count(
        t,
        sql`device_id = ${a.devices[0]!.id} and ts = ${new Date(now - 1_200_000).toISOString()}::timestamptz`,
      ),
    ).toBe(1);
    expect(
      await count(
        t,
        sql`device_id = ${b.devices[0]!.id} and ts = ${new Date(now - 60_000).toISOString()}::timestamptz`,
      ),
    ).toBe(1);
    expect(bad.connected).toBe(true);
    await bad.endAsync();
    await good.endAsync();
  });

  it("keeps each device's newest reading, field by field, as its latest state", async () => {
    const plant = await createFixturePlant(t.db, { ownerId: (await createUser(t.db)).id });
    const c = plant.collectors[0]!;
    const d = plant.devices[0]!;
    const client = await connectCollector(broker.port, c.serial, c.secret);
    const send = (seq: number, readings: unknown[]) =>
      client.publishAsync(deviceTopics(c.serial).telemetry, JSON.stringify({ seq, readings }), { qos: 1 });
    await send(1, [
      reading(d.serial, now - 180_000, { acPowerW: 1500 }),
      reading(d.serial, now - 120_000, { acPowerW: 1800.5, pvVoltageV: [360, 361.5], tempC: 41.25 }),
    ]);
    // A late batch, older than what is stored: the latest state stays.
    await send(2, [reading(d.serial, now - 240_000, { acPowerW: 900 })]);
    const rows = (await t.db.execute(
      sql`select extract(epoch from ts) * 1000 as ts_ms, ac_power_w, pv_voltage_v, temp_c, status,
        received_at is not null as received from device_latest where device_id = ${d.id}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows).toEqual([
      {
        ts_ms: expect.anything(),
        ac_power_w: 1800.5,
        pv_voltage_v: [360, 361.5],
        temp_c: 41.25,
        status: 1,
        received: true,
      },
    ]);
    expect(Number(rows.rows[0]!.ts_ms)).toBe(now - 120_000);
    await client.endAsync();
  });

  it('quarantines readings from the future or beyond the buffer horizon and raises a clock alert', async () => {
    const c = b.collectors[0]!;
    const d = b.devices[0]!;
    const client = await connectCollector(broker.port, c.serial, c.secret);
    const future = reading(d.serial, now + 3_600_000);
    const tooOld = reading(d.serial, now - 8 * 86_400_000);
    await client.publishAsync(
      deviceTopics(c.serial).telemetry,
      JSON.stringify({ seq: 20, readings: [future, tooOld] }),
      { qos: 1 },
    );
    const q = (await t.db.execute(
      sql`select reason, count(*)::int as n from telemetry_quarantine where device_id = ${d.id} group by reason order by reason`,
    )) as unknown as { rows: { reason: string; n: number }[] };
    expect(q.rows).toEqual([
      { reason: 'futureReading', n: 1 },
      { reason: 'tooOldReading', n: 1 },
    ]);
    // Each keeps the reading as it was sent.
    const kept = (await t.db.execute(
      sql`select payload from telemetry_quarantine where device_id = ${d.id} order by reason`,
    )) as unknown as { rows: { payload: unknown }[] };
    expect(kept.rows.map((r) => r.payload)).toEqual([future, tooOld]);
    expect(await count(t, sql`device_id = ${d.id} and (ts > now() or ts < now() - interval '7 days')`)).toBe(
      0,
    );
    const alerts = (await t.db.execute(
      sql`select kind from device_alerts where device_id = ${d.id} and cleared_at is null`,
    )) as unknown as { rows: { kind: string }[] };
    expect(alerts.rows).toEqual([{ kind: 'clockSkew' }]);
    await client.endAsync();
  });

  it('accepts the same batch over HTTP with the device credentials and answers after the commit', async () => {
    const c = a.collectors[0]!;
    const auth = `Basic ${Buffer.from(`${c.serial}:${c.secret}`).toString('base64')}`;
    const body = { seq: 30, readings: [reading(a.devices[1]!.serial, now - 1_800_000)] };
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/device/v1/telemetry',
      headers: { authorization: auth },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ seq: 30, accepted: 1, rejected: {}, quarantined: 0 });
    expect(
      await count(
        t,
        sql`device_id = ${a.devices[1]!.id} and ts = ${new Date(now - 1_800_000).toISOString()}::timestamptz`,
      ),
    ).toBe(1);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/prod-api/device/v1/telemetry',
      headers: { authorization: `Basic ${Buffer.from(`${c.serial}:nope`).toString('base64')}` },
      payload: body,
    });
    expect(wrong.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/prod-api/device/v1/telemetry?langType=en',
      headers: { authorization: auth },
      payload: { seq: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Validation failed');
    // The body is read by the device link itself: malformed JSON is refused the same way.
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/prod-api/device/v1/telemetry?langType=en',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: '{"seq":31,"readings":[',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe('Validation failed');
  });
  it('keeps the status a collector says over HTTP; a malformed one is refused with 400 and changes nothing', async () => {
    const c = b.collectors[0]!;
    const auth = `Basic ${Buffer.from(`${c.serial}:${c.secret}`).toString('base64')}`;
    const row = async () =>
      (
        (await t.db.execute(
          sql`select firmware_version, report_interval_s, clock_offset_ms, clock_synced, dropped_readings, agent_report,
              online from collectors where serial = ${c.serial}`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows[0]!;
    const status = (payload: object, headers: Record<string, string> = { authorization: auth }) =>
      t.app.inject({ method: 'POST', url: '/prod-api/device/v1/status?langType=en', headers, payload });

    // An edge agent's links and what it found of its devices.
    const agent = {
      links: [{ name: 'inverters', latencyMs: 12.4 }],
      devices: [
        {
          ...discoveredSmaInverter('SIN241800042'),
          errors: { timeout: 3 },
          lastError: 'unit 126: no answer in 2000 ms',
        },
      ],
    };
    const res = await status({
      state: 'online',
      firmware: '0.1.0',
      intervalS: 60,
      clock: { ms: Date.now() + 90_000, synced: false },
      droppedReadings: 1250,
      agent,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ state: 'online' });
    const kept = await row();
    expect(kept).toMatchObject({
      firmware_version: '0.1.0',
      report_interval_s: 60,
      clock_synced: false,
      online: true,
    });
    expect(Number(kept.dropped_readings)).toBe(1250);
    expect(kept.agent_report).toEqual(agent);
    // 90 s ahead, less the call's own time.
    expect(Number(kept.clock_offset_ms)).toBeGreaterThan(60_000);
    expect(Number(kept.clock_offset_ms)).toBeLessThanOrEqual(90_000);

    // Each refused with the field and what is wrong with it.
    for (const [bad, msg] of [
      [{ state: 'online', droppedReadings: -1 }, 'droppedReadings: Must be at least 0'],
      [{ state: 'sleeping', firmware: '9.9.9' }, 'state: Must be one of online, offline'],
      [{ firmware: '9.9.9' }, 'state: Must be one of online, offline'],
      [{ state: 'online', firmware: '9.9.9', clock: { ms: 'now' } }, 'clock.ms: Expected number'],
      [{ state: 'online', firmware: '9.9.9', intervalS: 1 }, 'intervalS: Must be at least 5'],
      [
        { state: 'online', agent: { ...agent, devices: [{ ...agent.devices[0], unitId: 300 }] } },
        'agent.devices.0.unitId: Must be at most 255',
      ],
      [
        { state: 'online', agent: { ...agent, devices: [{ ...agent.devices[0], errors: { melted: 1 } }] } },
        'agent.devices.0.errors: Unknown field',
      ],
    ] as const) {
      const refused = await status(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().msg).toBe(msg);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/prod-api/device/v1/status?langType=en',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: '{"state":"online","firmware":"9.9.9"',
    });
    expect(malformed.statusCode).toBe(400);
    const wrong = await status(
      { state: 'online', firmware: '9.9.9' },
      { authorization: `Basic ${Buffer.from(`${c.serial}:nope`).toString('base64')}` },
    );
    expect(wrong.statusCode).toBe(401);
    // Nothing refused reached the collector's row.
    expect(await row()).toEqual(kept);
  });
});
