import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type PlantPerformance, type TelemetryReading } from '@solarops/contracts';
import { clearSkyPlaneIrradiation, equatorFacing } from '@solarops/pv';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { DeviceRegistry } from '../deviceLink/DeviceRegistry.ts';
import { IngestPipeline } from '../deviceLink/IngestPipeline.ts';
import { plantEnergy } from '../telemetry/tables.ts';
import { EXPECTED_AC_SHARE, plantPerformance } from './expectedYield.ts';
import { findPlant } from './queries.ts';

// The plants stand in Shanghai (31.2° N, 121.5° E, UTC+8), 100 kWp each, but for one moved to Beijing (39.9° N,
// 116.4° E), far from any weather station; "now" is 21 June 2025, 20:00 local.
const NOW = Date.parse('2025-06-21T12:00:00Z');
/** 08:00 local of a day. */
const eight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A station's ten hours at 1000 W/m² (08:00–18:00 local, every 5 minutes): 10 kWh/m² in the plane. */
const stationDay = (sn: string, day: string, moduleTempC: number): TelemetryReading[] =>
  Array.from({ length: 120 }, (_, i) => ({
    sn,
    ts: eight(day) + i * 300_000,
    poaWm2: 1000,
    tempModuleC: moduleTempC,
  }));

describe('expected yield and PR of a plant (IEC 61724-1), measured or modelled irradiation', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let stranger: Record<string, string>;
  let sensor: FixturePlant;
  let model: FixturePlant;
  let nearby: FixturePlant;
  let fresh: FixturePlant;
  const figures = async (plant: FixturePlant) =>
    plantPerformance(
      t.db,
      (await findPlant(t.db, { userId: 1, roleId: ROLE.admin, dealercode: null }, plant.plantId))!,
      NOW,
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    stranger = (await loginAs(t.app, await createUser(t.db))).headers;
    const ownerId = (await createUser(t.db)).id;
    const devices = [
      { kind: 'stringInverter' as const, ratedPowerW: 100_000 },
      { kind: 'weatherStation' as const, ratedPowerW: 0 },
    ];
    sensor = await createFixturePlant(t.db, { ownerId, capacityW: 100_000, devices });
    model = await createFixturePlant(t.db, { ownerId, capacityW: 100_000, devices: devices.slice(0, 1) });
    await t.db.execute(sql`update plants set latitude = 39.9, longitude = 116.4 where id = ${model.plantId}`);
    nearby = await createFixturePlant(t.db, { ownerId, capacityW: 100_000, devices: devices.slice(0, 1) });
    fresh = await createFixturePlant(t.db, { ownerId, capacityW: 100_000, devices: devices.slice(0, 1) });
    await t.db.execute(sql`update plants set latitude = 39.9, longitude = 116.4 where id = ${fresh.plantId}`);
    // The same energy on all: 800 kWh today, 1 600 this month, 2 000 this year, reported since 1 January.
    for (const plantId of [sensor.plantId, model.plantId, nearby.plantId])
      await t.db.insert(plantEnergy).values([
        { plantId, period: 'day', periodStart: '2025-01-01', energyKwh: 400 },
        { plantId, period: 'day', periodStart: '2025-06-20', energyKwh: 800 },
        { plantId, period: 'day', periodStart: '2025-06-21', energyKwh: 800 },
        { plantId, period: 'month', periodStart: '2025-06-01', energyKwh: 1600 },
        { plantId, period: 'year', periodStart: '2025-01-01', energyKwh: 2000 },
      ]);
    // A plant connected yesterday: 800 kWh on each of its two days.
    await t.db.insert(plantEnergy).values([
      { plantId: fresh.plantId, period: 'day', periodStart: '2025-06-20', energyKwh: 800 },
      { plantId: fresh.plantId, period: 'day', periodStart: '2025-06-21', energyKwh: 800 },
      { plantId: fresh.plantId, period: 'month', periodStart: '2025-06-01', energyKwh: 1600 },
      { plantId: fresh.plantId, period: 'year', periodStart: '2025-01-01', energyKwh: 1600 },
    ]);
    // The sensor plant's station: 10 kWh/m² on three days, its modules at 45 °C today and at 25 °C before.
    let clock = 0;
    const link = new IngestPipeline(t.db, new DeviceRegistry(t.db), new EventEmitter(), { now: () => clock });
    const collector = (await link.registry.collectorBySerial(sensor.collectors[0]!.serial))!;
    const station = sensor.devices[1]!.serial;
    for (const [i, [day, temp]] of (
      [
        ['2025-03-01', 25],
        ['2025-06-20', 25],
        ['2025-06-21', 45],
      ] as const
    ).entries()) {
      const readings = stationDay(station, day, temp);
      clock = readings.at(-1)!.ts + 60_000;
      await link.ingestTelemetry(collector, { seq: i + 1, readings });
    }
  }, 120_000);
  afterAll(() => t.close());

  it('measured: Yr from the station, PR = Yf / Yr per day, month and year, corrected to 25 °C, expected energy', async () => {
    const f = await figures(sensor);
    expect(f.irradianceSource).toBe('sensor');
    expect(f.date).toBe('2025-06-21');
    const [day, month, year] = f.periods;
    // The station measures since 1 March: the year counts from then, January's 400 kWh without a sky to set
    // them against left out (IEC 61724-1: energy and irradiation over the same time).
    expect([day!.start, month!.start, year!.start]).toEqual(['2025-06-21', '2025-06-01', '2025-03-01']);
    expect(day!.poaKwhM2).toBeCloseTo(10, 6);
    expect(day!.referenceYieldH).toBeCloseTo(10, 6);
    expect(day!.finalYieldH).toBeCloseTo(8, 6);
    expect(day!.performanceRatio).toBeCloseTo(0.8, 6);
    // At 45 °C the modules give 1 − 0.004 · 20 = 0.92 of their 25 °C power: PR' = 800 / (100 · 10 · 0.92).
    expect(day!.temperatureCorrectedPr).toBeCloseTo(800 / 920, 6);
    expect(day!.expectedEnergyKwh).toBeCloseTo(100 * 9.2 * EXPECTED_AC_SHARE, 6);
    expect(month!.poaKwhM2).toBeCloseTo(20, 6);
    expect(month!.performanceRatio).toBeCloseTo(0.8, 6);
    expect(year!.poaKwhM2).toBeCloseTo(30, 6);
    expect(year!.finalYieldH).toBeCloseTo(16, 6);
    expect(year!.performanceRatio).toBeCloseTo(1600 / 3000, 6);
  });

  it('modelled far from any station: a clear sky in a plane facing south at the site, as packages/pv gives it', async () => {
    const f = await figures(model);
    expect(f.irradianceSource).toBe('model');
    expect(f.periods.map((p) => p.cloudFactor)).toEqual([null, null, null]);
    const site = { latitude: 39.9, longitude: 116.4, altitude: 0, ...equatorFacing(39.9) };
    const dayStart = Date.parse('2025-06-20T16:00:00Z');
    const expected = clearSkyPlaneIrradiation(site, dayStart, NOW, { stepMs: 1_800_000 });
    const day = f.periods[0]!;
    expect(day.poaKwhM2).toBeCloseTo(expected.poaKwhM2, 6);
    // A clear midsummer day in Beijing in a plane tilted 35°: 6 to 9 kWh/m².
    expect(day.poaKwhM2).toBeGreaterThan(6);
    expect(day.poaKwhM2).toBeLessThan(9);
    expect(day.performanceRatio).toBeCloseTo(800 / (100 * expected.poaKwhM2), 6);
    expect(day.expectedEnergyKwh).toBeCloseTo(100 * expected.temperatureWeightedKwhM2 * EXPECTED_AC_SHARE, 6);
    // The month holds 21 days of sky, the year 172: each more than the last.
    const [, month, year] = f.periods;
    expect(month!.poaKwhM2).toBeGreaterThan(20 * day.poaKwhM2 * 0.9);
    expect(year!.poaKwhM2).toBeGreaterThan(month!.poaKwhM2 * 5);
  });

  it('modelled beside a station: the clear sky times what the station measured of its own clear sky', async () => {
    const f = await figures(nearby);
    expect(f.irradianceSource).toBe('model');
    const site = { latitude: 31.2, longitude: 121.5, altitude: 0, ...equatorFacing(31.2) };
    const clear = clearSkyPlaneIrradiation(site, Date.parse('2025-06-20T16:00:00Z'), NOW, {
      stepMs: 1_800_000,
    });
    const [day, month] = f.periods;
    // The same site and plane as the station's plant: the measured 10 kWh/m² today and 20 this month come back.
    expect(day!.cloudFactor).toBeCloseTo(10 / clear.poaKwhM2, 6);
    expect(day!.poaKwhM2).toBeCloseTo(10, 6);
    expect(day!.performanceRatio).toBeCloseTo(0.8, 6);
    expect(month!.poaKwhM2).toBeCloseTo(20, 6);
    // The station measures since 1 March: the year's cloud factor sets its 30 kWh/m² against the clear sky since
    // then, not since 1 January (which made the factor too small and the PR too high).
    const sinceMarch = clearSkyPlaneIrradiation(site, Date.parse('2025-02-28T16:00:00Z'), NOW, {
      stepMs: 1_800_000,
    });
    const year = f.periods[2]!;
    expect(year.cloudFactor).toBeCloseTo(30 / sinceMarch.poaKwhM2, 6);
    expect(year.performanceRatio).toBeLessThan(2000 / 3000);
  });

  it('counts only the days with data: a plant connected yesterday has its month and year start then', async () => {
    const f = await figures(fresh);
    const [day, month, year] = f.periods;
    expect([day!.start, month!.start, year!.start]).toEqual(['2025-06-21', '2025-06-20', '2025-06-20']);
    const site = { latitude: 39.9, longitude: 116.4, altitude: 0, ...equatorFacing(39.9) };
    const twoDays = clearSkyPlaneIrradiation(site, Date.parse('2025-06-19T16:00:00Z'), NOW, {
      stepMs: 1_800_000,
    });
    expect(year!.poaKwhM2).toBeCloseTo(twoDays.poaKwhM2, 6);
    expect(month!.poaKwhM2).toBeCloseTo(twoDays.poaKwhM2, 6);
    // Judged against its two days of sky, not against the half year before it was built.
    expect(year!.performanceRatio).toBeCloseTo(1600 / (100 * twoDays.poaKwhM2), 6);
    expect(year!.performanceRatio).toBeGreaterThan(0.5);
  });

  it('answers on GET /plant/:id/performance, and 404 outside the caller’s plants', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/prod-api/plant/${model.plantId}/performance`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as PlantPerformance;
    expect(body.irradianceSource).toBe('model');
    expect(body.periods.map((p) => p.period)).toEqual(['day', 'month', 'year']);
    const other = await t.app.inject({
      method: 'GET',
      url: `/prod-api/plant/${model.plantId}/performance`,
      headers: stranger,
    });
    expect([403, 404]).toContain(other.statusCode);
  });
});
