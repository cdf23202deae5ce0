import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type TelemetryReading } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';
import { refreshPlantLiveFigures } from './liveFigures.ts';

type Headers = { authorization: string };

describe('station read calls', () => {
  let t: TestApp;
  let mine: FixturePlant;
  let theirs: FixturePlant;
  const h: Record<'admin' | 'distributor' | 'installer' | 'owner' | 'stranger', Headers> = {} as never;
  // Yesterday in UTC (the plants' zone), a whole day inside the buffer horizon.
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const dayStart = Date.parse(`${day}T00:00:00Z`);

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    const distributor = await createUser(t.db, { roleId: ROLE.distributor });
    const installer = await createUser(t.db, { roleId: ROLE.installer, dealercode: distributor.dealercode });
    const owner = await createUser(t.db, { roleId: ROLE.endUser, parent: installer });
    const stranger = await createUser(t.db, { roleId: ROLE.endUser });
    mine = await createFixturePlant(t.db, {
      ownerId: owner.id,
      installerId: installer.id,
      timeZone: 'UTC',
      name: 'Sunny Ridge',
      capacityW: 12_000,
      devices: [
        { ratedPowerW: 5000, pvStrings: 3 },
        { ratedPowerW: 5000 },
        { kind: 'meter', ratedPowerW: 0 },
      ],
    });
    theirs = await createFixturePlant(t.db, { ownerId: stranger.id, timeZone: 'UTC', name: 'Far Field' });
    // A day of 1 kW per inverter with a gap from 10:00 to 12:00, sent through the device link.
    const link = t.app.deps.deviceLink.pipeline;
    for (const plant of [mine, theirs]) {
      const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
      const readings: TelemetryReading[] = [];
      for (const d of plant.devices) {
        for (let ts = dayStart; ts < dayStart + 86_400_000; ts += 300_000) {
          const hour = (ts - dayStart) / 3_600_000;
          if (hour > 10 && hour < 12) continue;
          readings.push({
            sn: d.serial,
            ts,
            acPowerW: 1000,
            energyTotalKwh: 100 + hour,
            pvVoltageV: [300, 310, 320],
            pvCurrentA: [1, 1.1, 1.2],
            status: 1,
          });
        }
      }
      for (let i = 0; i < readings.length; i += 500) {
        await link.ingestTelemetry(collector, { seq: i, readings: readings.slice(i, i + 500) });
      }
    }
    await recomputeAllDirtyRollups(t.db);
    await refreshPlantLiveFigures(t.db);
    for (const [k, u] of Object.entries({ admin, distributor, installer, owner, stranger })) {
      h[k as keyof typeof h] = (await loginAs(t.app, u)).headers;
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });

  it('lists only the plants in each role’s scope, with search and figures', async () => {
    const names = async (who: keyof typeof h, q = '') =>
      ((await get(`/plant/list?pageSize=50${q}`, h[who])).json().rows as { name: string }[])
        .map((r) => r.name)
        .sort();
    expect(await names('admin')).toEqual(['Far Field', 'Sunny Ridge']);
    expect(await names('distributor')).toEqual(['Sunny Ridge']);
    expect(await names('installer')).toEqual(['Sunny Ridge']);
    expect(await names('owner')).toEqual(['Sunny Ridge']);
    expect(await names('stranger')).toEqual(['Far Field']);
    expect(await names('admin', '&name=sunny')).toEqual(['Sunny Ridge']);
    expect(await names('admin', '&type=commercial')).toEqual([]);
    const res = await get('/plant/list?sort=power&order=desc', h.owner);
    expect(res.statusCode).toBe(200);
    const row = res.json().rows[0];
    expect(row).toMatchObject({
      name: 'Sunny Ridge',
      timeZone: 'UTC',
      deviceCount: 3,
      onlineDeviceCount: 3,
      status: 'online',
    });
    expect(row.powerW).toBe(2000); // two inverters at 1 kW; the meter is not generation
    expect((await get('/plant/list?status=offline', h.owner)).json().total).toBe(0);
  });

  it('answers 404 for another tenant’s plant, device and collector', async () => {
    expect((await get(`/plant/${theirs.plantId}/summary`, h.owner)).statusCode).toBe(404);
    expect((await get(`/plant/${theirs.plantId}/power?date=${day}`, h.owner)).statusCode).toBe(404);
    expect(
      (
        await get(
          `/device/${theirs.devices[0]!.serial}/history?from=${dayStart}&to=${dayStart + 3_600_000}`,
          h.owner,
        )
      ).statusCode,
    ).toBe(404);
    const list = (await get(`/device/list?pageSize=50`, h.owner)).json();
    expect(list.total).toBe(3);
    expect(
      (await get(`/collector/search?sn=${theirs.collectors[0]!.serial}`, h.installer)).json().data,
    ).toEqual([]);
    // End users have no collector search in their menu: the call is refused like the hidden menu item.
    expect((await get(`/collector/search?sn=TC`, h.owner)).statusCode).toBe(403);
  });

  it('gives a day’s power curve with nulls for the gap', async () => {
    const res = await get(`/plant/${mine.plantId}/power?date=${day}`, h.owner);
    expect(res.statusCode).toBe(200);
    const { points } = res.json().data as { points: { ts: string; powerW: number | null }[] };
    expect(points).toHaveLength(288);
    // This plant has no weather station, so its points carry no irradiance or module temperature.
    expect(points[0]).toEqual({
      ts: `${day}T00:00:00Z`,
      powerW: 2000,
      irradianceWm2: null,
      moduleTempC: null,
    });
    expect(points.find((p) => p.ts === `${day}T11:00:00Z`)!.powerW).toBeNull();
    expect(points.filter((p) => p.powerW === null)).toHaveLength(23);
  });

  it('gives energy per day of the month from the rollups, the gap’s delta included', async () => {
    const res = await get(`/plant/${mine.plantId}/energy?period=month&date=${day}`, h.owner);
    const data = res.json().data as { points: { label: string; energyKwh: number; incomeMinor: number }[] };
    const point = data.points.find((p) => p.label === day)!;
    // Two inverters, counter 1 kWh per hour from the first reading of the day to the last (23 h 55 min).
    expect(point.energyKwh).toBeCloseTo(2 * (23 + 55 / 60), 3);
    expect(point.incomeMinor).toBe(Math.round(point.energyKwh * 50));
    const summary = (await get(`/plant/${mine.plantId}/summary`, h.owner)).json().data;
    expect(summary).toMatchObject({ plantId: mine.plantId, status: 'online', powerW: 2000, capacityKw: 12 });
    expect(summary.energyTotalKwh).toBeCloseTo(2 * (100 + 23 + 55 / 60), 2);
  });

  it('gives a device’s history of PV strings, downsampled on request', async () => {
    const sn = mine.devices[0]!.serial;
    const raw = await get(
      `/device/${sn}/history?from=${dayStart}&to=${dayStart + 3_600_000}&fields=acPowerW,pvV3,pvI2`,
      h.owner,
    );
    expect(raw.statusCode).toBe(200);
    expect(raw.json().data.bucketSeconds).toBeNull();
    expect(raw.json().data.points[0].values).toEqual([1000, 320, 1.1]);
    const down = await get(
      `/device/${sn}/history?from=${dayStart}&to=${dayStart + 86_400_000}&fields=acPowerW&maxPoints=24`,
      h.owner,
    );
    const d = down.json().data;
    expect(d.bucketSeconds).toBe(3600);
    expect(d.points.length).toBeLessThanOrEqual(24);
    const bad = await get(`/device/${sn}/history?from=${dayStart}&to=${dayStart}&fields=nope`, h.owner);
    expect(bad.statusCode).toBe(400);
  });

  it('finds collectors with their bound devices', async () => {
    const res = await get(`/collector/search?sn=${mine.collectors[0]!.serial}`, h.installer);
    const [c] = res.json().data;
    expect(c.serial).toBe(mine.collectors[0]!.serial);
    expect(c.devices.map((d: { serial: string }) => d.serial).sort()).toEqual(
      mine.devices.map((d) => d.serial).sort(),
    );
  });
});
