import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_LIMITS,
  ROLE,
  SERVER_FAULT_CODES,
  deviceTopics,
  faultCodeOf,
  type AlarmRow,
  type OfflineRow,
} from '@solarops/contracts';
import { arcFaultSpectrum, CollectorLink, gridFaultWaveform } from '@solarops/simulator';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs, type TestUser } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
import { detectOffline } from '../deviceLink/startDeviceLinkJobs.ts';
import { sendAlarmDigests } from '../notifications/alarmMails.ts';
import { raiseAlarms } from './service.ts';
import { lowStrings, runAnalysisRules } from './analysisRules.ts';
import { sheetRows } from '../../../test/readWorkbook.ts';
import { connectCollector as connect } from '../../../test/collectorClient.ts';

type Headers = { authorization: string };

/** Publishes on `topic` and waits for the server's down/ack of `seq` (the data is committed then). */
async function publishAcked(c: MqttClient, serial: string, topic: string, body: { seq: number }) {
  const ackTopic = deviceTopics(serial).ack;
  const acked = new Promise<void>((resolve) => {
    const on = (t: string, payload: Buffer) => {
      if (t === ackTopic && (JSON.parse(payload.toString()) as { seq: number }).seq === body.seq) {
        c.off('message', on);
        resolve();
      }
    };
    c.on('message', on);
  });
  await c.publishAsync(topic, JSON.stringify(body), { qos: 1 });
  await acked;
}

const reading = (sn: string, ts: number, faultCode = 0) => ({
  sn,
  ts,
  acPowerW: faultCode ? 0 : 1500,
  energyTodayKwh: 2,
  energyTotalKwh: 1000 + ts / 3.6e9,
  pvVoltageV: [350, 351],
  pvCurrentA: [3, 3.1],
  status: faultCode ? 3 : 1,
  faultCode,
});

describe('alarms: life cycle from the device link, the top bar calls, scope and mail', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let admin: TestUser;
  let distributor: TestUser;
  let installer: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let plant: FixturePlant;
  let other: FixturePlant;
  let client: MqttClient;
  let seq = 1;
  const h: Record<string, Headers> = {};
  const now = Math.floor(Date.now() / 1000) * 1000;

  const get = async (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: h[who] });
  const rows = async <R = AlarmRow>(who: string, url: string) => {
    const res = await get(who, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; rows: R[] };
  };
  const settle = async () => {
    await t.app.deps.deviceLink.flush();
    await t.app.deps.alarmEngine.flush();
    await t.app.deps.alarmMails.flush();
  };
  const openAlarms = async (deviceId: number, code: number) =>
    (
      (await t.db.execute(
        sql`select id, recovered_at from alarms where device_id = ${deviceId} and code = ${code} order by id`,
      )) as unknown as { rows: { id: number; recovered_at: string | null }[] }
    ).rows;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { roleId: ROLE.admin });
    distributor = await createUser(t.db, { roleId: ROLE.distributor });
    installer = await createUser(t.db, { roleId: ROLE.installer, dealercode: distributor.dealercode });
    owner = await createUser(t.db, { roleId: ROLE.endUser, parent: installer });
    stranger = await createUser(t.db, { roleId: ROLE.endUser });
    plant = await createFixturePlant(t.db, {
      ownerId: owner.id,
      installerId: installer.id,
      devices: [{ pvStrings: 4 }, {}],
    });
    other = await createFixturePlant(t.db, { ownerId: stranger.id });
    for (const [k, u] of Object.entries({ admin, distributor, installer, owner, stranger })) {
      h[k] = (await loginAs(t.app, u)).headers;
    }
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    const c = plant.collectors[0]!;
    client = await connect(broker.port, c.serial, c.secret);
    await client.subscribeAsync(deviceTopics(c.serial).ack, { qos: 1 });
  });
  afterAll(async () => {
    await client.endAsync();
    await broker.close();
    await t.close();
  });

  it('ships the fault catalogue with every device code, zh and en, and a solution', async () => {
    const res = await get('owner', '/prod-api/alarm/catalogue');
    const entries = res.json().data as {
      code: number;
      level: number;
      descriptionZh: string;
      solutionEn: string;
    }[];
    const arc = faultCodeOf('arcFault');
    expect(entries.find((e) => e.code === arc.code)).toMatchObject({ level: 3 });
    expect(entries.every((e) => e.descriptionZh.length > 0 && e.solutionEn.length > 0)).toBe(true);
    expect(entries.map((e) => e.code)).toContain(SERVER_FAULT_CODES.collectorOffline);
  });

  it('lets only administrators edit the catalogue; bad input changes nothing', async () => {
    const url = `/prod-api/alarm/catalogue/${faultCodeOf('overTemperature').code}`;
    const put = (who: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: h[who], payload });
    expect((await put('distributor', { solutionEn: 'Call us' })).statusCode).toBe(403);
    const bad = await put('admin', { level: 7 });
    expect(bad.statusCode).toBe(400);
    expect((await put('admin', { solutionEn: 'Clean the fans, then call us.' })).statusCode).toBe(200);
    const after = (await get('admin', '/prod-api/alarm/catalogue')).json().data as {
      code: number;
      level: number;
      solutionEn: string;
    }[];
    expect(after.find((e) => e.code === faultCodeOf('overTemperature').code)).toMatchObject({
      level: 2,
      solutionEn: 'Clean the fans, then call us.',
    });
  });

  it('an injected fault creates exactly one alarm, with its spectrum; its recovery closes it', async () => {
    const d = plant.devices[0]!;
    const sn = plant.collectors[0]!.serial;
    const arc = faultCodeOf('arcFault');
    const event = {
      sn: d.serial,
      ts: now - 120_000,
      code: arc.code,
      level: arc.level,
      state: 'raised',
      stringIndex: 1,
      record: { kind: 'arcSpectrum', points: arcFaultSpectrum(3, true, { bins: 64 }) },
    };
    const raisedBatch = { seq: seq++, events: [event] };
    await publishAcked(client, sn, deviceTopics(sn).event, raisedBatch);
    // The same batch again (a collector re-sending) and readings with the code: still one alarm.
    await publishAcked(client, sn, deviceTopics(sn).event, { ...raisedBatch, seq: seq++ });
    await publishAcked(client, sn, deviceTopics(sn).telemetry, {
      seq: seq++,
      readings: [reading(d.serial, now - 60_000, arc.code)],
    } as { seq: number });
    await settle();
    expect(await openAlarms(d.id, arc.code)).toHaveLength(1);
    expect((await openAlarms(d.id, arc.code))[0]!.recovered_at).toBeNull();

    const list = await rows('owner', '/prod-api/alarm/list?status=0&langType=en&pageSize=50');
    const row = list.rows.find((r) => r.code === arc.code)!;
    expect(row).toMatchObject({ level: 3, status: 0, deviceSn: d.serial, deviceId: sn, message: 'PV2' });
    expect(row.description).toMatch(/arc/i);
    const detail = await get('owner', `/prod-api/alarm/${row.alarmId}/detail`);
    expect(detail.json().data.records).toHaveLength(1);
    const rec = await get('owner', `/prod-api/alarm/records/${detail.json().data.records[0]}`);
    expect(rec.json().data.data.kind).toBe('arcSpectrum');
    expect(rec.json().data.data.points).toHaveLength(64);

    await publishAcked(client, sn, deviceTopics(sn).event, {
      seq: seq++,
      events: [{ ...event, record: undefined, ts: now - 30_000, state: 'cleared' }],
    } as { seq: number });
    await settle();
    const after = await openAlarms(d.id, arc.code);
    expect(after).toHaveLength(1);
    expect(new Date(after[0]!.recovered_at!).getTime()).toBe(now - 30_000);
    // The re-sent raise of a recovered occurrence does not open it again.
    await publishAcked(client, sn, deviceTopics(sn).event, { ...raisedBatch, seq: seq++ });
    await settle();
    expect(await openAlarms(d.id, arc.code)).toHaveLength(1);
  });

  it('takes device events over HTTP too: a grid fault with its waveform, plotted from its record', async () => {
    const c = plant.collectors[0]!;
    const d = plant.devices[1]!;
    const f = faultCodeOf('gridOverVoltage');
    const samples = gridFaultWaveform('gridOverVoltage', 5, { voltageV: 230, frequencyHz: 50, currentA: 10 });
    const post = (authorization: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/prod-api/device/v1/event', headers: { authorization }, payload });
    const basic = (secret: string) => `Basic ${Buffer.from(`${c.serial}:${secret}`).toString('base64')}`;
    const event = { sn: d.serial, ts: now - 90_000, code: f.code, level: f.level, state: 'raised' };
    expect((await post(basic('wrong-secret'), { seq: 1, events: [event] })).statusCode).toBe(401);
    expect((await post(basic(c.secret), { seq: 1, events: [{ ...event, level: 9 }] })).statusCode).toBe(400);
    const res = await post(basic(c.secret), {
      seq: 1,
      events: [{ ...event, record: { kind: 'waveform', samples } }],
    });
    expect(res.json().data).toEqual({ seq: 1, accepted: 1 });
    await settle();
    const records = await rows<{ recordId: number; kind: string; code: number }>(
      'installer',
      '/prod-api/alarm/records?kind=waveform',
    );
    expect(records.rows.map((r) => r.code)).toEqual([f.code]);
    const rec = await get('installer', `/prod-api/alarm/records/${records.rows[0]!.recordId}`);
    expect(rec.json().data.data.samples).toHaveLength(samples.length);
    const open = await openAlarms(d.id, f.code);
    expect(open.map((a) => a.recovered_at)).toEqual([null]);
  });

  it('a fault code in readings opens an alarm and a reading without it recovers it', async () => {
    const d = plant.devices[1]!;
    const sn = plant.collectors[0]!.serial;
    const code = faultCodeOf('overTemperature').code;
    await publishAcked(client, sn, deviceTopics(sn).telemetry, {
      seq: seq++,
      readings: [reading(d.serial, now - 50_000, code), reading(d.serial, now - 40_000, code)],
    } as { seq: number });
    await settle();
    expect((await openAlarms(d.id, code)).map((a) => a.recovered_at)).toEqual([null]);
    await publishAcked(client, sn, deviceTopics(sn).telemetry, {
      seq: seq++,
      readings: [reading(d.serial, now - 20_000)],
    } as { seq: number });
    await settle();
    const done = await openAlarms(d.id, code);
    expect(done).toHaveLength(1);
    expect(new Date(done[0]!.recovered_at!).getTime()).toBe(now - 20_000);
  });

  it('the top bar: total counts the unconfirmed; confirm records who and when, once', async () => {
    const before = (await get('distributor', '/prod-api/alarm/manager/total?status=0')).json();
    expect(before.code).toBe(200);
    const dialog = await rows(
      'distributor',
      '/prod-api/alarm/manager/verify?pageNumber=1&pageSize=10&status=0',
    );
    expect(dialog.total).toBe(before.data);
    const all = await rows('distributor', '/prod-api/alarm/manager/verify?pageNumber=1&pageSize=10');
    const target = all.rows[0]!;
    const res = await get('installer', `/prod-api/alarm/manager/update/verify?alarmId=${target.alarmId}`);
    expect(res.json()).toMatchObject({ code: 200 });
    await get('owner', `/prod-api/alarm/manager/update/verify?alarmId=${target.alarmId}`);
    const list = await rows('admin', `/prod-api/alarm/list?pageSize=200&plantId=${plant.plantId}`);
    const confirmed = list.rows.find((r) => r.alarmId === target.alarmId)!;
    expect(confirmed.confirmedBy).toBe(installer.userCode);
    expect(confirmed.confirmedAt).not.toBeNull();
    const after = await rows('distributor', '/prod-api/alarm/manager/verify?pageNumber=1&pageSize=10');
    expect(after.total).toBe(all.total - 1);
    // Another tenant's alarm answers 404 and is not confirmed.
    expect(
      (await get('stranger', `/prod-api/alarm/manager/update/verify?alarmId=${all.rows[0]!.alarmId}`))
        .statusCode,
    ).toBe(404);
    expect((await get('owner', '/prod-api/alarm/manager/update/verify?alarmId=abc')).statusCode).toBe(400);
  });

  it('exports the filtered alarm list as an .xlsx in the caller’s language: the rows the list shows', async () => {
    const list = await rows('owner', '/prod-api/alarm/list?langType=en&pageSize=200');
    expect(list.total).toBeGreaterThan(0);
    const res = await get('owner', '/prod-api/alarm/export?langType=en');
    expect(res.statusCode).toBe(200);
    const sheet = await sheetRows(res.rawPayload);
    expect(sheet[0]!.slice(0, 3)).toEqual(['Level', 'Code', 'Description']);
    expect(sheet.slice(1).map((r) => [r[1], r[5] ?? null])).toEqual(
      list.rows.map((r) => [r.code, r.deviceSn ?? null]),
    );
    const zh = await sheetRows((await get('owner', '/prod-api/alarm/export?langType=zh')).rawPayload);
    expect(zh[0]![0]).toBe('告警级别');
  });

  it('offline after 3 reporting intervals without data, and recovery when data returns', async () => {
    const c = plant.collectors[0]!;
    const d = plant.devices[1]!;
    const ago = (intervals: number) =>
      sql`now() - make_interval(secs => report_interval_s * ${intervals}::float8)`;
    await t.db.execute(
      sql`update collectors set last_seen_at = ${ago(2.5)}, online = true where id = ${c.id}`,
    );
    await t.db
      .execute(sql`update devices set last_seen_at = (select last_seen_at from collectors where id = ${c.id}),
      online = true where collector_id = ${c.id}`);
    await detectOffline(t.db, t.app.deps.deviceLink.events);
    await settle();
    expect(await openAlarms(d.id, SERVER_FAULT_CODES.deviceOffline)).toHaveLength(0);

    await t.db.execute(sql`update collectors set last_seen_at = ${ago(3.5)} where id = ${c.id}`);
    await t.db
      .execute(sql`update devices set last_seen_at = (select last_seen_at from collectors where id = ${c.id})
      where collector_id = ${c.id}`);
    await detectOffline(t.db, t.app.deps.deviceLink.events);
    await settle();
    expect((await openAlarms(d.id, SERVER_FAULT_CODES.deviceOffline)).map((a) => a.recovered_at)).toEqual([
      null,
    ]);
    const offline = await rows<OfflineRow>('owner', '/prod-api/alarm/offline?pageSize=50');
    expect(offline.rows.map((r) => r.sn)).toEqual(expect.arrayContaining([c.serial, d.serial]));
    expect(offline.rows.every((r) => r.offlineSince !== null)).toBe(true);

    await publishAcked(client, c.serial, deviceTopics(c.serial).telemetry, {
      seq: seq++,
      readings: plant.devices.map((x) => reading(x.serial, now - 5_000)),
    } as { seq: number });
    await settle();
    const back = await openAlarms(d.id, SERVER_FAULT_CODES.deviceOffline);
    expect(back).toHaveLength(1);
    expect(back[0]!.recovered_at).not.toBeNull();
    const collectorAlarm = (await t.db.execute(
      sql`select recovered_at from alarms where subject = ${`c:${c.id}`} and code = ${SERVER_FAULT_CODES.collectorOffline}`,
    )) as unknown as { rows: { recovered_at: string | null }[] };
    expect(collectorAlarm.rows).toHaveLength(1);
    expect(collectorAlarm.rows[0]!.recovered_at).not.toBeNull();
  });

  it('analysis rules: a string far below its siblings, a plant producing nothing in daylight', async () => {
    expect(lowStrings([8, 8.2, 0.5, 7.9])).toEqual([2]);
    expect(lowStrings([0.3, 0.2, 0.01])).toEqual([]);
    const d = plant.devices[0]!;
    const noon = Date.UTC(2026, 5, 21, 4, 0); // 12:00 in Shanghai, where the fixture plants are
    await t.db.execute(sql`update device_latest set ts = ${new Date(noon).toISOString()}::timestamptz,
      pv_current_a = '{8,8.1,0.4,7.9}', ac_power_w = 5000, fault_code = 0 where device_id = ${d.id}`);
    await t.db.execute(sql`update device_latest set ts = ${new Date(noon).toISOString()}::timestamptz
      where plant_id = ${plant.plantId}`);
    await runAnalysisRules(t.app.deps, noon + 60_000);
    const low = await openAlarms(d.id, SERVER_FAULT_CODES.stringLow);
    expect(low).toHaveLength(1);
    await t.db.execute(sql`update device_latest set pv_current_a = '{8,8.1,8,7.9}', ac_power_w = 0
      where plant_id = ${plant.plantId}`);
    await runAnalysisRules(t.app.deps, noon + 120_000);
    expect((await openAlarms(d.id, SERVER_FAULT_CODES.stringLow))[0]!.recovered_at).not.toBeNull();
    const dark = (await t.db.execute(
      sql`select recovered_at from alarms where subject = ${`p:${plant.plantId}`} and code = ${SERVER_FAULT_CODES.plantNoOutput}`,
    )) as unknown as { rows: { recovered_at: string | null }[] };
    expect(dark.rows.map((r) => r.recovered_at)).toEqual([null]);
  });

  it('reads console dates in the browser’s time zone when sent, else in the plant’s; refuses an unknown zone', async () => {
    const at = Date.UTC(2026, 2, 1, 20, 0); // 2026-03-01 20:00 UTC is 2026-03-02 04:00 in Shanghai
    await raiseAlarms(t.app.deps, [
      {
        plantId: plant.plantId,
        deviceId: null,
        collectorId: null,
        subject: `p:${plant.plantId}`,
        code: faultCodeOf('lowInsulation').code,
        source: 'rule',
        occurredAtMs: at,
      },
    ]);
    const url = `/prod-api/alarm/list?plantId=${plant.plantId}&startDate=2026-03-01&endDate=2026-03-01`;
    expect((await rows('owner', `${url}&tz=UTC`)).total).toBe(1);
    expect((await rows('owner', url)).total).toBe(0);
    expect((await rows('owner', `${url.replaceAll('03-01', '03-02')}`)).total).toBe(1);
    const bad = await get('owner', `${url}&tz=Mars/Olympus`);
    expect(bad.statusCode).toBe(400);
  });

  it('the scope matrix: every alarm call shows each role its own plants only', async () => {
    await raiseAlarms(t.app.deps, [
      {
        plantId: other.plantId,
        deviceId: other.devices[0]!.id,
        collectorId: other.collectors[0]!.id,
        subject: `d:${other.devices[0]!.id}`,
        code: faultCodeOf('gridOverVoltage').code,
        source: 'event',
        occurredAtMs: now - 10_000,
      },
    ]);
    await settle();
    const mine = (r: { plantId: number }) => r.plantId === plant.plantId;
    const theirs = (r: { plantId: number }) => r.plantId === other.plantId;
    const expectations: Record<string, { mine: boolean; theirs: boolean }> = {
      admin: { mine: true, theirs: true },
      distributor: { mine: true, theirs: false },
      installer: { mine: true, theirs: false },
      owner: { mine: true, theirs: false },
      stranger: { mine: false, theirs: true },
    };
    const paged = [
      '/prod-api/alarm/manager/list?pageSize=200',
      '/prod-api/alarm/manager/verify?pageSize=200',
      '/prod-api/alarm/list?pageSize=200',
      '/prod-api/alarm/bi/plants?pageSize=200',
    ];
    // End users' default menus hold no analysis screens (BIAlarmList): those calls are refused (403).
    const analysis = (who: string) => who !== 'owner' && who !== 'stranger';
    for (const [who, e] of Object.entries(expectations)) {
      for (const url of paged) {
        if (url.includes('/bi/') && !analysis(who)) {
          expect((await get(who, url)).statusCode, `${who} ${url}`).toBe(403);
          continue;
        }
        const res = await rows(who, url);
        expect(res.rows.some(mine), `${who} ${url}`).toBe(e.mine);
        expect(res.rows.some(theirs), `${who} ${url}`).toBe(e.theirs);
      }
      const total = (await get(who, '/prod-api/alarm/manager/total')).json().data as number;
      const verify = await rows(who, '/prod-api/alarm/manager/verify?pageSize=200');
      expect(total, who).toBe(verify.total);
      const stats = (await get(who, '/prod-api/alarm/statistics')).json().data as {
        byPlant: { key: number }[];
      };
      expect(
        stats.byPlant.some((p) => p.key === plant.plantId),
        who,
      ).toBe(e.mine);
      expect(
        stats.byPlant.some((p) => p.key === other.plantId),
        who,
      ).toBe(e.theirs);
      const codes = await get(who, `/prod-api/alarm/bi/codes?plantId=${other.plantId}`);
      if (analysis(who)) expect((codes.json().data as unknown[]).length > 0, who).toBe(e.theirs);
      else expect(codes.statusCode, who).toBe(403);
      const offline = await rows(who, '/prod-api/alarm/offline?pageSize=200');
      // The other plant's devices never reported: offline, seen by its owner and administrators only.
      expect(offline.rows.some(theirs), who).toBe(e.theirs);
      const records = await rows(who, '/prod-api/alarm/records?pageSize=200');
      expect(records.total > 0, who).toBe(e.mine);
      const theirAlarm = (await rows('admin', `/prod-api/alarm/list?plantId=${other.plantId}`)).rows[0]!;
      const detail = await get(who, `/prod-api/alarm/${theirAlarm.alarmId}/detail`);
      expect(detail.statusCode, who).toBe(e.theirs ? 200 : 404);
      const log = await get(who, `/prod-api/alarm/device-log/events?sn=${plant.devices[0]!.serial}`);
      expect(log.statusCode, who).toBe(e.mine ? 200 : 404);
    }
    // Without a token: 401 on every call.
    expect((await t.app.inject({ method: 'GET', url: '/prod-api/alarm/manager/total' })).statusCode).toBe(
      401,
    );
  });

  it('pushes a new alarm of the caller’s plants over server-sent events, and nothing of other plants', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const open = (who: string) =>
      new Promise<{ chunks: string[]; res: http.IncomingMessage }>((resolve) => {
        http.get(
          { host: '127.0.0.1', port, path: '/prod-api/alarm/manager/stream', headers: h[who] },
          (res) => {
            const chunks: string[] = [];
            res.setEncoding('utf8');
            res.on('data', (c: string) => chunks.push(c));
            resolve({ chunks, res });
          },
        );
      });
    const ownerStream = await open('owner');
    const strangerStream = await open('stranger');
    expect(ownerStream.res.headers['content-type']).toMatch(/text\/event-stream/);
    const arrived = new Promise<void>((resolve) => {
      ownerStream.res.on('data', (c: string) => {
        if (c.includes('event: alarm')) resolve();
      });
    });
    const [raised] = await raiseAlarms(t.app.deps, [
      {
        plantId: plant.plantId,
        deviceId: plant.devices[1]!.id,
        collectorId: plant.collectors[0]!.id,
        subject: `d:${plant.devices[1]!.id}`,
        code: faultCodeOf('gridUnderVoltage').code,
        source: 'event',
        occurredAtMs: now - 1_000,
      },
    ]);
    await arrived;
    expect(ownerStream.chunks.join('')).toContain(`"alarmId":${raised!.alarmId}`);
    // The stranger's stream got the same bus event and dropped it (the filter ran before the owner's write).
    await settle();
    expect(strangerStream.chunks.join('')).not.toContain('event: alarm');
    ownerStream.res.destroy();
    strangerStream.res.destroy();
  });

  it('mails the owner and the installer on a level-3 alarm; opt-out; hourly cap then one digest', async () => {
    await settle();
    const ownerMails = t.mail.to(owner.email);
    const installerMails = t.mail.to(installer.email);
    expect(ownerMails.length).toBeGreaterThan(0);
    expect(installerMails.length).toBe(ownerMails.length);
    expect(ownerMails.some((m) => /#501/.test(m.subject) && /电弧|arc/i.test(m.text))).toBe(true);
    // No mail for a level-2 alarm (over-temperature).
    expect(ownerMails.some((m) => m.subject.includes(`#${faultCodeOf('overTemperature').code}`))).toBe(false);

    const optOut = await t.app.inject({
      method: 'PUT',
      url: '/prod-api/alarm/manager/settings/email',
      headers: h.installer,
      payload: { emailOptOut: true },
    });
    expect(optOut.json().data).toEqual({ alarmAutoPopup: false, emailOptOut: true });
    const installerBefore = t.mail.to(installer.email).length;
    const ownerBefore = t.mail.to(owner.email).length;
    const codes = [102, 103, 104, 201, 101, 501, 102, 103].map((code) => code);
    // Eight level-3 alarms on eight distinct subjects in one burst.
    await raiseAlarms(
      t.app.deps,
      codes.map((code, i) => ({
        plantId: plant.plantId,
        deviceId: null,
        collectorId: null,
        subject: `test:${i}`,
        code,
        level: 3,
        source: 'rule' as const,
        occurredAtMs: now - 500 - i,
      })),
    );
    await settle();
    expect(t.mail.to(installer.email).length).toBe(installerBefore);
    const sentThisHour = t.mail.to(owner.email).length;
    expect(sentThisHour).toBe(5); // the cap, counting the mails sent earlier in this file
    expect(sentThisHour - ownerBefore).toBeLessThan(codes.length);
    // Within the hour no digest goes out; an hour later one digest holds the rest.
    expect(await sendAlarmDigests(t.db, t.app.deps.mailer)).toBe(0);
    expect(await sendAlarmDigests(t.db, t.app.deps.mailer, Date.now() + 3_601_000)).toBe(1);
    const digest = t.mail.to(owner.email).at(-1)!;
    expect(digest.subject).toMatch(/Digest of \d+ fault alarms/);
    expect(digest.text.split('\n').filter((l) => / #\d+ /.test(l)).length).toBe(
      ownerBefore + codes.length - sentThisHour,
    );
  });

  it('administrators grant the auto-opening alarm dialog; others cannot', async () => {
    const url = `/prod-api/alarm/manager/settings/${distributor.id}/auto-popup`;
    const put = (who: string, payload: unknown) =>
      t.app.inject({ method: 'PUT', url, headers: h[who], payload: payload as object });
    expect((await put('distributor', { alarmAutoPopup: true })).statusCode).toBe(403);
    expect((await put('admin', { alarmAutoPopup: 'yes' })).statusCode).toBe(400);
    expect((await put('admin', { alarmAutoPopup: true })).json().data.alarmAutoPopup).toBe(true);
    const mine = await get('distributor', '/prod-api/alarm/manager/settings');
    expect(mine.json().data).toEqual({ alarmAutoPopup: true, emailOptOut: false });
  });

  it('a grid trip of every inverter on a collector at once is stored whole, each fault with its waveform', async () => {
    // A plant of its own, last: the tests above count this file's alarms and mails.
    const tripOwner = await createUser(t.db, { roleId: ROLE.endUser });
    const trip = await createFixturePlant(t.db, {
      ownerId: tripOwner.id,
      devices: Array.from({ length: 8 }, () => ({})),
    });
    const f = faultCodeOf('gridOverVoltage');
    const samples = gridFaultWaveform('gridOverVoltage', 9, { voltageV: 230, frequencyHz: 50, currentA: 20 });
    const events = trip.devices.map((d) => ({
      sn: d.serial,
      ts: now - 70_000,
      code: f.code,
      level: f.level,
      state: 'raised' as const,
      record: { kind: 'waveform' as const, samples },
    }));
    // More than one message may carry: the collector splits them.
    expect(Buffer.byteLength(JSON.stringify({ events }))).toBeGreaterThan(DEVICE_LIMITS.maxPayloadBytes);
    const c = trip.collectors[0]!;
    const link = new CollectorLink({
      url: `mqtt://127.0.0.1:${broker.port}`,
      serial: c.serial,
      secret: c.secret,
    });
    await link.start();
    try {
      link.sendEvents(events);
      // Every batch acknowledged: a refused one never is.
      const unacknowledged = new Promise((resolve) => setTimeout(() => resolve('not acknowledged'), 60_000));
      expect(await Promise.race([link.drained().then(() => 'acknowledged'), unacknowledged])).toBe(
        'acknowledged',
      );
      await settle();
      for (const d of trip.devices) {
        expect(await openAlarms(d.id, f.code)).toHaveLength(1);
        const records = await rows<{ code: number }>(
          'admin',
          `/prod-api/alarm/records?kind=waveform&sn=${d.serial}`,
        );
        expect(records.rows.map((r) => r.code)).toEqual([f.code]);
      }
    } finally {
      await link.stop();
    }
  });
});
