import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type TelemetryReading } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { elapsedDay } from '../../../test/readings.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';
import { refreshPlantLiveFigures } from './liveFigures.ts';

type Headers = { authorization: string };
type Row = { id: number; name: string; status: string; powerW: number; energyTodayKwh: number };
type Page = { total: number; rows: Row[] };
type Who = 'admin' | 'distributor' | 'installer' | 'owner' | 'stranger';

describe('plant list sorted and filtered by live figures', () => {
  let t: TestApp;
  const h: Record<Who, Headers> = {} as never;
  const plants: Record<string, FixturePlant> = {};
  let ownerId = 0;
  let seq = 0;
  // The plants' zone, its midnight today and a moment after it, both in the past.
  const { timeZone, start: todayStart, last: lastTs } = elapsedDay();
  const report = async (
    plant: FixturePlant,
    device: number,
    powerW: number,
    kwhToday: number,
    status = 1,
  ) => {
    const link = t.app.deps.deviceLink.pipeline;
    const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
    const sn = plant.devices[device]!.serial;
    const readings: TelemetryReading[] = [
      { sn, ts: todayStart, acPowerW: 0, energyTotalKwh: 100, status: 1 },
      { sn, ts: lastTs, acPowerW: powerW, energyTotalKwh: 100 + kwhToday, status },
    ];
    await link.ingestTelemetry(collector, { seq: ++seq, readings });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    const distributor = await createUser(t.db, { roleId: ROLE.distributor });
    const installer = await createUser(t.db, { roleId: ROLE.installer, dealercode: distributor.dealercode });
    const owner = await createUser(t.db, { roleId: ROLE.endUser, parent: installer });
    const stranger = await createUser(t.db, { roleId: ROLE.endUser });
    ownerId = owner.id;
    const two = [{ ratedPowerW: 5000 }, { ratedPowerW: 5000 }];
    for (const [name, o, devices] of [
      ['Alpha', owner, two],
      ['Bravo', owner, undefined],
      ['Charlie', owner, undefined],
      ['Delta', owner, two],
      ['Echo', owner, undefined],
      ['Foxtrot', stranger, undefined],
      ['Golf', stranger, undefined],
    ] as const) {
      plants[name] = await createFixturePlant(t.db, {
        ownerId: o.id,
        installerId: o === owner ? installer.id : null,
        timeZone,
        name,
        devices: devices ? [...devices] : undefined,
      });
    }
    // Alpha: both inverters report; Bravo: online; Charlie: in fault; Delta: one inverter of two reports (partial);
    // Echo and Golf never report (offline); Foxtrot, the stranger's, produces the most.
    await report(plants.Alpha!, 0, 1500, 4);
    await report(plants.Alpha!, 1, 1500, 4);
    await report(plants.Bravo!, 0, 1000, 9);
    await report(plants.Charlie!, 0, 2000, 1, 3);
    await report(plants.Delta!, 0, 500, 2);
    await report(plants.Foxtrot!, 0, 5000, 20);
    await recomputeAllDirtyRollups(t.db);
    await refreshPlantLiveFigures(t.db);
    for (const [k, u] of Object.entries({ admin, distributor, installer, owner, stranger })) {
      h[k as Who] = (await loginAs(t.app, u)).headers;
    }
  });
  afterAll(() => t.close());

  const list = async (query: string, who: Who = 'owner') => {
    const res = await t.app.inject({ method: 'GET', url: `/prod-api/plant/list?${query}`, headers: h[who] });
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };
  const names = (p: Page) => p.rows.map((r) => r.name);

  it('orders by power and by energy today, both ways, page by page, with the scope’s total', async () => {
    const byPower = await Promise.all(
      [1, 2].map((n) => list(`pageStart=${n}&pageSize=3&sort=power&order=desc`)),
    );
    expect(byPower.map((p) => p.total)).toEqual([5, 5]);
    expect(byPower.flatMap((p) => p.rows.map((r) => [r.name, r.powerW]))).toEqual([
      ['Alpha', 3000],
      ['Charlie', 2000],
      ['Bravo', 1000],
      ['Delta', 500],
      ['Echo', 0],
    ]);
    expect(names(await list('pageSize=5&sort=power&order=asc'))).toEqual([
      'Echo',
      'Delta',
      'Bravo',
      'Charlie',
      'Alpha',
    ]);
    const byEnergy = await list('pageSize=5&sort=energyToday&order=desc');
    expect(byEnergy.rows.map((r) => [r.name, r.energyTodayKwh])).toEqual([
      ['Bravo', 9],
      ['Alpha', 8],
      ['Delta', 2],
      ['Charlie', 1],
      ['Echo', 0],
    ]);
    expect(names(await list('pageSize=5&sort=power&order=desc', 'admin'))).toEqual([
      'Foxtrot',
      'Alpha',
      'Charlie',
      'Bravo',
      'Delta',
    ]);
    expect(names(await list('pageSize=5&sort=power&order=desc', 'stranger'))).toEqual(['Foxtrot', 'Golf']);
    expect((await list('pageStart=9&pageSize=2&sort=power')).total).toBe(5);
  });

  it('shows, sorted by a live figure, the figures each plant has in the default order', async () => {
    for (const who of ['admin', 'owner', 'stranger'] as const) {
      const plain = await list('pageSize=50', who);
      const sorted = await list('pageSize=50&sort=energyTotal&order=desc', who);
      expect(sorted.total).toBe(plain.total);
      const byId = (p: Page) => [...p.rows].sort((a, b) => a.id - b.id);
      expect(byId(sorted)).toEqual(byId(plain));
    }
  });

  it('filters by status with each role’s totals, on every page', async () => {
    const byStatus = async (status: string, who: Who = 'owner') => {
      const p = await list(`pageSize=50&sort=name&order=asc&status=${status}`, who);
      return [p.total, names(p)];
    };
    expect(await byStatus('online')).toEqual([2, ['Alpha', 'Bravo']]);
    expect(await byStatus('fault')).toEqual([1, ['Charlie']]);
    expect(await byStatus('partial')).toEqual([1, ['Delta']]);
    expect(await byStatus('offline')).toEqual([1, ['Echo']]);
    expect(await byStatus('online', 'distributor')).toEqual([2, ['Alpha', 'Bravo']]);
    expect(await byStatus('online', 'installer')).toEqual([2, ['Alpha', 'Bravo']]);
    expect(await byStatus('online', 'admin')).toEqual([3, ['Alpha', 'Bravo', 'Foxtrot']]);
    expect(await byStatus('offline', 'admin')).toEqual([2, ['Echo', 'Golf']]);
    expect(await byStatus('online', 'stranger')).toEqual([1, ['Foxtrot']]);
    expect(await byStatus('fault', 'stranger')).toEqual([0, []]);
    const pages = await Promise.all([1, 2, 3].map((n) => list(`pageStart=${n}&pageSize=1&status=online`)));
    expect(pages.map((p) => p.total)).toEqual([2, 2, 2]);
    expect(pages.map((p) => p.rows.length)).toEqual([1, 1, 0]);
    expect((await list('pageSize=50&status=online&name=alp')).total).toBe(1);
    expect(names(await list('pageSize=50&status=online&sort=power&order=desc', 'admin'))).toEqual([
      'Foxtrot',
      'Alpha',
      'Bravo',
    ]);
  });

  it('follows new readings and new plants at the next refresh, writing only the figures that changed', async () => {
    expect(await refreshPlantLiveFigures(t.db)).toBe(0);
    await report(plants.Echo!, 0, 4000, 3);
    // A plant created since the last refresh is listed at once, with no figures yet.
    await createFixturePlant(t.db, { ownerId, timeZone, name: 'Hotel' });
    expect(await byPowerAndOffline()).toEqual([
      ['Alpha', 'Charlie', 'Bravo', 'Delta', 'Hotel', 'Echo'],
      ['Echo', 'Hotel'],
    ]);
    expect(await refreshPlantLiveFigures(t.db)).toBe(2);
    expect(await byPowerAndOffline()).toEqual([
      ['Echo', 'Alpha', 'Charlie', 'Bravo', 'Delta', 'Hotel'],
      ['Hotel'],
    ]);
    expect(await refreshPlantLiveFigures(t.db)).toBe(0);

    async function byPowerAndOffline() {
      const byPower = await list('pageSize=50&sort=power&order=desc');
      // Equal power keeps the newest first, as the default order does.
      const offline = await list('pageSize=50&status=offline&sort=name&order=asc');
      return [names(byPower), names(offline)];
    }
  });
});
