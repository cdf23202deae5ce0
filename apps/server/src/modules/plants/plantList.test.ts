import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { elapsedDay } from '../../../test/readings.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';
import { refreshPlantLiveFigures } from './liveFigures.ts';

type Headers = { authorization: string };
type Page = { total: number; rows: { id: number; name: string; status: string; powerW: number }[] };

describe('plant list pages and the plant summary', () => {
  let t: TestApp;
  const h: Record<'admin' | 'owner' | 'stranger', Headers> = {} as never;
  const owned: FixturePlant[] = [];
  // The plants' zone, its midnight today and a moment after it, both in the past.
  const { timeZone, start: todayStart, last: lastTs } = elapsedDay();

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const stranger = await createUser(t.db, { roleId: ROLE.endUser });
    for (let i = 1; i <= 7; i++) {
      owned.push(await createFixturePlant(t.db, { ownerId: owner.id, timeZone, name: `Owned ${i}` }));
    }
    for (let i = 1; i <= 3; i++) {
      await createFixturePlant(t.db, { ownerId: stranger.id, timeZone, name: `Other ${i}` });
    }
    // Two of the owner's plants report today (so they are online); the five others never did.
    const link = t.app.deps.deviceLink.pipeline;
    for (const [k, plant] of [owned[1]!, owned[4]!].entries()) {
      const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
      const sn = plant.devices[0]!.serial;
      await link.ingestTelemetry(collector, {
        seq: 1,
        readings: [
          { sn, ts: todayStart, acPowerW: 500, energyTotalKwh: 100, status: 1 },
          { sn, ts: lastTs, acPowerW: 1000 * (k + 1), energyTotalKwh: 103, status: 1 },
        ],
      });
    }
    await recomputeAllDirtyRollups(t.db);
    await refreshPlantLiveFigures(t.db);
    for (const [k, u] of Object.entries({ admin, owner, stranger })) {
      h[k as keyof typeof h] = (await loginAs(t.app, u)).headers;
    }
  });
  afterAll(() => t.close());

  const list = async (query: string, who: keyof typeof h = 'owner') => {
    const res = await t.app.inject({ method: 'GET', url: `/prod-api/plant/list?${query}`, headers: h[who] });
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };

  it('gives every page of the default order with the scope’s total, also past the last page', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((n) => list(`pageStart=${n}&pageSize=3`)));
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(pages.map((p) => p.rows.length)).toEqual([3, 3, 1, 0]);
    // Newest first, each plant once across the pages.
    expect(pages.flatMap((p) => p.rows.map((r) => r.name))).toEqual(
      [7, 6, 5, 4, 3, 2, 1].map((i) => `Owned ${i}`),
    );
    expect((await list('pageStart=2&pageSize=3', 'admin')).total).toBe(10);
    expect((await list('pageStart=5&pageSize=3', 'stranger')).total).toBe(3);
    expect((await list('pageStart=1&pageSize=3&name=Owned%207')).total).toBe(1);
    expect(await list('pageStart=1&pageSize=3&name=nothing')).toEqual({
      code: 200,
      msg: expect.any(String),
      total: 0,
      rows: [],
    });
  });

  it('counts what a status filter or a live sort keeps, on every page', async () => {
    const byPower = await list('pageStart=1&pageSize=3&sort=power&order=desc');
    expect(byPower.total).toBe(7);
    expect(byPower.rows.map((r) => [r.name, r.powerW])).toEqual([
      ['Owned 5', 2000],
      ['Owned 2', 1000],
      [expect.any(String), 0],
    ]);
    const online = await list('pageStart=1&pageSize=3&status=online');
    expect(online.total).toBe(2);
    expect(online.rows.map((r) => r.name).sort()).toEqual(['Owned 2', 'Owned 5']);
    const offline = await Promise.all([1, 2, 3].map((n) => list(`pageStart=${n}&pageSize=2&status=offline`)));
    expect(offline.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(offline.map((p) => p.rows.length)).toEqual([2, 2, 1]);
    expect((await list('pageStart=4&pageSize=2&status=offline')).total).toBe(5);
    expect((await list('pageStart=9&pageSize=2&sort=power')).total).toBe(7);
  });

  it('sums a plant’s energy of today, the month and the year and names its last reading', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/prod-api/plant/${owned[4]!.plantId}/summary`,
      headers: h.owner,
    });
    expect(res.json().data).toMatchObject({
      status: 'online',
      powerW: 2000,
      energyTodayKwh: 3,
      energyMonthKwh: 3,
      energyYearKwh: 3,
      energyTotalKwh: 103,
      lastReadingAt: `${new Date(lastTs).toISOString().slice(0, 19)}Z`,
    });
    const silent = await t.app.inject({
      method: 'GET',
      url: `/prod-api/plant/${owned[0]!.plantId}/summary`,
      headers: h.owner,
    });
    expect(silent.json().data).toMatchObject({
      status: 'offline',
      powerW: 0,
      energyTodayKwh: 0,
      energyTotalKwh: 0,
      lastReadingAt: null,
    });
  });
});
