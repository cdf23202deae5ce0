import { sql } from 'drizzle-orm';
import { SERVER_FAULT_CODES } from '@solarops/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createUser } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { detectOffline } from './startDeviceLinkJobs.ts';

describe('online state and device events', () => {
  let t: TestApp;
  let p: FixturePlant;
  const rows = <T>(q: ReturnType<typeof sql>) => rowsOf<T>(t.db, q);

  beforeAll(async () => {
    t = await createTestApp();
    p = await createFixturePlant(t.db, { ownerId: (await createUser(t.db)).id, devices: [{}, {}] });
  });
  afterAll(() => t.close());

  it('turns devices offline after three reporting intervals without data and online with the next data', async () => {
    const link = t.app.deps.deviceLink.pipeline;
    const collector = (await link.registry.collectorBySerial(p.collectors[0]!.serial))!;
    const send = () =>
      link.ingestTelemetry(collector, {
        seq: 1,
        readings: p.devices.map((d) => ({ sn: d.serial, ts: Date.now() - 1000, acPowerW: 10 })),
      });
    await send();
    const online = () =>
      rows<{ online: boolean }>(sql`select online from devices where plant_id = ${p.plantId} order by id`);
    expect(await online()).toEqual([{ online: true }, { online: true }]);
    // Two intervals of silence are not enough; the third is.
    await t.db.execute(
      sql`update devices set last_seen_at = now() - interval '599 seconds' where plant_id = ${p.plantId}`,
    );
    await t.db.execute(
      sql`update collectors set last_seen_at = now() - interval '599 seconds' where plant_id = ${p.plantId}`,
    );
    await detectOffline(t.db, t.app.deps.deviceLink.events);
    expect(await online()).toEqual([{ online: true }, { online: true }]);
    await t.db.execute(
      sql`update devices set last_seen_at = now() - interval '901 seconds' where plant_id = ${p.plantId}`,
    );
    await t.db.execute(
      sql`update collectors set last_seen_at = now() - interval '901 seconds' where plant_id = ${p.plantId}`,
    );
    await detectOffline(t.db, t.app.deps.deviceLink.events);
    expect(await online()).toEqual([{ online: false }, { online: false }]);
    const [c] = await rows<{ online: boolean }>(
      sql`select online from collectors where plant_id = ${p.plantId}`,
    );
    expect(c!.online).toBe(false);
    await send();
    expect(await online()).toEqual([{ online: true }, { online: true }]);
  });

  it('keeps a collector reporting every 10 s online: what it sends marks it seen within each interval, not once a minute', async () => {
    const link = t.app.deps.deviceLink.pipeline;
    const fast = await createFixturePlant(t.db, { ownerId: (await createUser(t.db)).id });
    // Offline after 30 s of silence.
    await t.db.execute(sql`update collectors set report_interval_s = 10 where plant_id = ${fast.plantId}`);
    const collector = (await link.registry.collectorBySerial(fast.collectors[0]!.serial))!;
    const send = (seq: number) =>
      link.ingestTelemetry(collector, {
        seq,
        readings: [{ sn: fast.devices[0]!.serial, ts: Date.now() - 1000, acPowerW: 10 }],
      });
    await send(1);
    // Last marked seen 35 s ago, though its batches kept coming every 10 s; now the next one.
    for (const table of ['collectors', 'devices'] as const)
      await t.db.execute(
        sql`update ${sql.identifier(table)} set last_seen_at = now() - interval '35 seconds'
          where plant_id = ${fast.plantId}`,
      );
    await send(2);
    await detectOffline(t.db, t.app.deps.deviceLink.events);
    const state = await rows<{ online: boolean }>(
      sql`select online from collectors where plant_id = ${fast.plantId}
        union all select online from devices where plant_id = ${fast.plantId}`,
    );
    expect(state).toEqual([{ online: true }, { online: true }]);
  });

  it('stores fault events once, however often they are re-sent', async () => {
    const link = t.app.deps.deviceLink.pipeline;
    const collector = (await link.registry.collectorBySerial(p.collectors[0]!.serial))!;
    const batch = {
      seq: 9,
      events: [
        { sn: p.devices[0]!.serial, ts: Date.now() - 60_000, code: 101, level: 3, state: 'raised' },
        { sn: p.devices[0]!.serial, ts: Date.now() - 1000, code: 101, level: 3, state: 'cleared' },
      ],
    };
    await link.ingestEvents(collector, batch);
    await link.ingestEvents(collector, batch);
    const events = await rows<{ code: number; state: string }>(
      sql`select code, state from device_events where device_id = ${p.devices[0]!.id} order by ts`,
    );
    expect(events).toEqual([
      { code: 101, state: 'raised' },
      { code: 101, state: 'cleared' },
    ]);
  });

  it('never blames collectors for the server’s own stall: only one silent while it listened goes offline', async () => {
    const link = t.app.deps.deviceLink;
    const owner = (await createUser(t.db)).id;
    const [heard, silent] = [
      await createFixturePlant(t.db, { ownerId: owner }),
      await createFixturePlant(t.db, { ownerId: owner }),
    ];
    const plantIds = [heard.plantId, silent.plantId];
    // Collectors reporting every 2 s: offline after 6 s of silence.
    await t.db.execute(
      sql`update collectors set report_interval_s = 2 where plant_id = any(${sql.param(plantIds)}::int[])`,
    );
    for (const p of [heard, silent]) {
      const collector = (await link.pipeline.registry.collectorBySerial(p.collectors[0]!.serial))!;
      await link.pipeline.ingestTelemetry(collector, {
        seq: 1,
        readings: [{ sn: p.devices[0]!.serial, ts: Date.now() - 1000, acPowerW: 10 }],
      });
    }
    // One was last heard 20 s ago, while the server listened.
    for (const table of ['collectors', 'devices'] as const)
      await t.db.execute(
        sql`update ${sql.identifier(table)} set last_seen_at = now() - interval '20 seconds'
          where plant_id = ${silent.plantId}`,
      );
    // The server stalls for 8 s (its event loop blocked, as a heavy query on its own thread did): longer than the
    // threshold, so that counting the stall as the collectors' silence would turn both offline.
    const end = Date.now() + 8_000;
    while (Date.now() < end) Math.sqrt(end);
    // The offline job's timer fires right after the stall.
    await detectOffline(t.db, link.events, link.listening);
    await link.flush();
    await t.app.deps.alarmEngine.flush();

    const state = await rows<{ plant_id: number; online: boolean }>(
      sql`select plant_id, online from collectors where plant_id = any(${sql.param(plantIds)}::int[])
        union all select plant_id, online from devices where plant_id = any(${sql.param(plantIds)}::int[])`,
    );
    expect(state.filter((r) => r.plant_id === heard.plantId).map((r) => r.online)).toEqual([true, true]);
    expect(state.filter((r) => r.plant_id === silent.plantId).map((r) => r.online)).toEqual([false, false]);
    const alarms = await rows<{ plant_id: number; code: number }>(
      sql`select plant_id, code from alarms where plant_id = any(${sql.param(plantIds)}::int[]) order by code`,
    );
    expect(alarms.filter((a) => a.plant_id === heard.plantId)).toEqual([]);
    expect(alarms.map((a) => a.code)).toEqual(
      [SERVER_FAULT_CODES.collectorOffline, SERVER_FAULT_CODES.deviceOffline].sort((a, b) => a - b),
    );
  }, 120_000);
});
