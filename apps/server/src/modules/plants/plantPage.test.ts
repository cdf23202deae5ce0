import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeviceHistory,
  DeviceRow,
  EnergyFlow,
  FleetFigures,
  FleetMap,
  PlantSummary,
  PowerCurve,
  SystemSettings,
  TelemetryReading,
} from '@solarops/contracts';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { localDay, localDayStartMs } from '../../time/localDay.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';
import { refreshPlantLiveFigures } from './liveFigures.ts';

type Headers = { authorization: string };
const STEP = 300_000;
const HOUR = 3_600_000;

/** What a user sees of a plant's page and the dashboard: income, energy flow, weather, map, device days. */
describe('the plant page and the dashboard figures', () => {
  let t: TestApp;
  let owner: Headers;
  let ownerId: number;
  let stranger: Headers;
  let brazil: FixturePlant;
  let china: FixturePlant;
  let storage: FixturePlant;
  /** The newest reading: the last full 5-minute slot before the test started. */
  const last = Math.floor(Date.now() / STEP) * STEP - STEP;
  /** Readings over the last 30 hours: every zone's today has some, and its yesterday too. */
  const first = last - 30 * HOUR;

  const ingest = async (plant: FixturePlant, readings: TelemetryReading[]) => {
    const link = t.app.deps.deviceLink.pipeline;
    const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
    for (let i = 0; i < readings.length; i += 200) {
      await link.ingestTelemetry(collector, { seq: i, readings: readings.slice(i, i + 200) });
    }
  };
  const steps = () => {
    const out: number[] = [];
    for (let ts = first; ts <= last; ts += STEP) out.push(ts);
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db);
    owner = (await loginAs(t.app, user)).headers;
    ownerId = user.id;
    stranger = (await loginAs(t.app, await createUser(t.db))).headers;
    brazil = await createFixturePlant(t.db, {
      ownerId: user.id,
      timeZone: 'America/Sao_Paulo',
      currency: 'BRL',
      priceMinorPerKwh: 85,
      devices: [{ kind: 'stringInverter', ratedPowerW: 5000 }, { kind: 'weatherStation' }],
    });
    china = await createFixturePlant(t.db, {
      ownerId: user.id,
      timeZone: 'Asia/Shanghai',
      currency: 'CNY',
      priceMinorPerKwh: 56,
    });
    storage = await createFixturePlant(t.db, {
      ownerId: user.id,
      timeZone: 'Asia/Shanghai',
      type: 'energyStorage',
      devices: [
        { kind: 'hybridInverter', ratedPowerW: 6000 },
        { kind: 'meter', ratedPowerW: 0 },
      ],
    });
    // 2 kW in Brazil with its weather station, 1 kW in China, the counters following.
    await ingest(brazil, [
      ...steps().map((ts) => ({
        sn: brazil.devices[0]!.serial,
        ts,
        acPowerW: 2000,
        energyTotalKwh: 100 + (2 * (ts - first)) / HOUR,
      })),
      ...steps().map((ts) => ({
        sn: brazil.devices[1]!.serial,
        ts,
        poaWm2: 600,
        ghiWm2: 550,
        tempModuleC: 41.5,
        tempAirC: 25,
      })),
    ]);
    await ingest(
      china,
      steps().map((ts) => ({
        sn: china.devices[0]!.serial,
        ts,
        acPowerW: 1000,
        energyTotalKwh: 50 + (ts - first) / HOUR,
      })),
    );
    // The storage plant at night: no PV, the battery discharging 1.5 kW, the site drawing 0.5 kW more from
    // the grid; the meter counts the import.
    await ingest(storage, [
      ...steps().map((ts) => ({
        sn: storage.devices[0]!.serial,
        ts,
        acPowerW: 0,
        energyTodayKwh: 0,
        energyTotalKwh: 300,
        batteryPowerW: -1500,
        batterySocPercent: 60,
      })),
      ...steps().map((ts) => ({
        sn: storage.devices[1]!.serial,
        ts,
        acPowerW: -500,
        energyTotalKwh: 20,
        importEnergyKwh: 10 + (0.5 * (ts - first)) / HOUR,
      })),
    ]);
    await recomputeAllDirtyRollups(t.db);
    await refreshPlantLiveFigures(t.db);
  });
  afterAll(() => t.close());

  const get = async (url: string, headers = owner) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
  const data = async <T>(url: string) => (await get(url)).json().data as T;

  it('gives income per currency: a plant’s energy today × its own price, never a sum of currencies', async () => {
    const [br, cn] = await Promise.all(
      [brazil, china].map((p) => data<PlantSummary>(`/plant/${p.plantId}/summary`)),
    );
    expect(br!.currency).toBe('BRL');
    expect(cn!.currency).toBe('CNY');
    // Each zone's today has readings, unless the test runs in that zone's first minutes after midnight (its last
    // reading is then yesterday's, and today has no energy yet).
    const hasReadingsToday = (zone: string) => localDay(zone, last) === localDay(zone, Date.now());
    if (hasReadingsToday('America/Sao_Paulo')) expect(br!.energyTodayKwh).toBeGreaterThan(0);
    if (hasReadingsToday('Asia/Shanghai')) expect(cn!.energyTodayKwh).toBeGreaterThan(0);
    // Today's income follows today's energy.
    expect(br!.incomeTodayMinor).toBe(Math.round(br!.energyTodayKwh * 85));
    expect(cn!.incomeTodayMinor).toBe(Math.round(cn!.energyTodayKwh * 56));
    const f = await data<FleetFigures>('/plant/fleet?timeZone=UTC');
    const by = Object.fromEntries(f.incomes.map((i) => [i.currency, i]));
    expect(Object.keys(by).sort()).toEqual(['BRL', 'CNY']);
    expect(by.BRL).toMatchObject({ plants: 1, incomeTodayMinor: br!.incomeTodayMinor });
    expect(by.BRL!.incomeTotalMinor).toBe(Math.round(br!.energyTotalKwh * 85));
    // The storage plant is priced in CNY too: two plants, its energy counted with the other's.
    expect(by.CNY!.plants).toBe(2);
    expect(by.CNY!.incomeTodayMinor).toBe(cn!.incomeTodayMinor);
    expect(f).not.toHaveProperty('currency');
  });

  it('converts the incomes at the rates an administrator sets, with each rate’s date, and refuses bad rates', async () => {
    const admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const before = (await get('/system/settings', admin)).json().data as SystemSettings;
    expect(before.currencyConversion).toEqual({ displayCurrency: null, rates: [] });
    expect((await data<FleetFigures>('/plant/fleet?timeZone=UTC')).convertedIncome).toBeNull();
    expect((await data<PlantSummary>(`/plant/${brazil.plantId}/summary`)).convertedIncome).toBeNull();
    const save = (currencyConversion: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/system/settings',
        headers: admin,
        payload: { ...before, currencyConversion },
      });
    // One Brazilian real is worth 1.3 yuan on 20 November.
    const rate = { currency: 'BRL', rate: 1.3, date: '2026-11-20' };
    expect((await save({ displayCurrency: 'CNY', rates: [rate] })).statusCode).toBe(200);
    const fleet = await data<FleetFigures>('/plant/fleet?timeZone=UTC');
    const by = Object.fromEntries(fleet.incomes.map((i) => [i.currency, i]));
    expect(fleet.convertedIncome).toMatchObject({ currency: 'CNY', rates: [rate], missing: [] });
    expect(fleet.convertedIncome!.incomeTotalMinor).toBe(
      Math.round(by.CNY!.incomeTotalMinor + by.BRL!.incomeTotalMinor * 1.3),
    );
    expect(fleet.convertedIncome!.incomeTodayMinor).toBe(
      Math.round(by.CNY!.incomeTodayMinor + by.BRL!.incomeTodayMinor * 1.3),
    );
    // Per-currency amounts stay.
    expect(fleet.incomes.map((i) => i.currency).sort()).toEqual(['BRL', 'CNY']);
    // The Brazilian plant's page converts its own income the same way, beside its amount in reais.
    const plant = await data<PlantSummary>(`/plant/${brazil.plantId}/summary`);
    expect(plant.incomeTotalMinor).toBe(by.BRL!.incomeTotalMinor);
    expect(plant.convertedIncome).toEqual({
      currency: 'CNY',
      incomeTodayMinor: Math.round(plant.incomeTodayMinor * 1.3),
      incomeTotalMinor: Math.round(plant.incomeTotalMinor * 1.3),
      rates: [rate],
      missing: [],
    });
    // In euros with no rate for the real: the real is named, not counted.
    expect((await save({ displayCurrency: 'EUR', rates: [{ ...rate, rate: 0.17 }] })).statusCode).toBe(200);
    const euros = (await data<FleetFigures>('/plant/fleet?timeZone=UTC')).convertedIncome!;
    expect(euros.missing).toEqual(['CNY']);
    expect(euros.incomeTotalMinor).toBe(Math.round(by.BRL!.incomeTotalMinor * 0.17));
    // A plant priced in a currency without a rate says so rather than converting it.
    expect((await data<PlantSummary>(`/plant/${china.plantId}/summary`)).convertedIncome).toMatchObject({
      currency: 'EUR',
      incomeTotalMinor: 0,
      missing: ['CNY'],
    });
    // Bad rates: a clear message per field, and nothing changes.
    for (const bad of [
      { displayCurrency: 'CNY', rates: [rate, rate] },
      { displayCurrency: 'CNY', rates: [{ ...rate, rate: -1 }] },
      { displayCurrency: 'yuan', rates: [] },
      { displayCurrency: 'CNY', rates: [{ ...rate, date: '20 Nov' }] },
    ]) {
      const res = await save(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toMatch(/^currencyConversion\./);
    }
    expect(((await get('/system/settings', admin)).json().data as SystemSettings).currencyConversion).toEqual(
      {
        displayCurrency: 'EUR',
        rates: [{ ...rate, rate: 0.17 }],
      },
    );
    await save({ displayCurrency: null, rates: [] });
  });

  it('never counts a battery’s discharge at night as generation', async () => {
    const s = await data<PlantSummary>(`/plant/${storage.plantId}/summary`);
    expect(s.powerW).toBe(0);
    expect(s.energyTodayKwh).toBe(0);
    const flow = await data<EnergyFlow>(`/plant/${storage.plantId}/energy-flow`);
    expect(flow).toMatchObject({
      hasStorage: true,
      hasMeter: true,
      pvPowerW: 0,
      batteryPowerW: -1500,
      batterySocPercent: 60,
      gridPowerW: -500,
      // The load is what the battery and the grid deliver.
      loadPowerW: 2000,
      generationTodayKwh: 0,
      chargeTodayKwh: 0,
    });
    expect(flow.today).toBe(localDay('Asia/Shanghai', Date.now()));
    // 1.5 kW since local midnight (or since the first reading): a discharge, never generation.
    const since = Math.max(localDayStartMs('Asia/Shanghai', flow.today), first);
    const hours = Math.max(last - since, 0) / HOUR;
    expect(flow.dischargeTodayKwh!).toBeCloseTo(1.5 * hours, 0);
    expect(flow.gridImportTodayKwh!).toBeCloseTo(0.5 * hours, 0);
    expect(Date.parse(flow.asOf!)).toBe(last);
  });

  it('answers null for what a plant cannot measure, and 404 outside the caller’s scope', async () => {
    const flow = await data<EnergyFlow>(`/plant/${china.plantId}/energy-flow`);
    expect(flow).toMatchObject({
      hasStorage: false,
      hasMeter: false,
      pvPowerW: 1000,
      batteryPowerW: null,
      batterySocPercent: null,
      loadPowerW: null,
      gridPowerW: null,
      chargeTodayKwh: null,
      dischargeTodayKwh: null,
      gridImportTodayKwh: null,
    });
    expect((await get(`/plant/${china.plantId}/energy-flow`, stranger)).statusCode).toBe(404);
  });

  it('draws the flow from the same online devices as the plant’s power, even while a reading is still recent', async () => {
    // The link has just marked the inverter offline (a lost device); its reading of a minute ago is still there.
    await t.db.execute(sql`update devices set online = false where plant_id = ${china.plantId}`);
    try {
      await refreshPlantLiveFigures(t.db);
      const summary = await data<PlantSummary>(`/plant/${china.plantId}/summary`);
      const flow = await data<EnergyFlow>(`/plant/${china.plantId}/energy-flow`);
      expect(summary.powerW).toBe(0);
      expect(flow.pvPowerW ?? 0).toBe(summary.powerW);
    } finally {
      await t.db.execute(sql`update devices set online = true where plant_id = ${china.plantId}`);
      await refreshPlantLiveFigures(t.db);
    }
  });

  it('draws the weather station’s irradiance and module temperature beside the power', async () => {
    const date = localDay('America/Sao_Paulo', last);
    const curve = await data<PowerCurve>(`/plant/${brazil.plantId}/power?date=${date}`);
    expect(curve.hasWeather).toBe(true);
    const reported = curve.points.filter((p) => p.powerW !== null);
    expect(reported.length).toBeGreaterThan(0);
    for (const p of reported)
      expect(p).toMatchObject({ powerW: 2000, irradianceWm2: 600, moduleTempC: 41.5 });
    const plain = await data<PowerCurve>(`/plant/${china.plantId}/power`);
    expect(plain.hasWeather).toBe(false);
    expect(plain.points.every((p) => p.irradianceWm2 === null && p.moduleTempC === null)).toBe(true);
  });

  it('puts every plant of the scope on the fleet map with its state', async () => {
    const map = await data<FleetMap>('/plant/map');
    expect(map.plants.map((p) => p.id).sort()).toEqual([brazil, china, storage].map((p) => p.plantId).sort());
    expect(map.plants.every((p) => p.state === 'normal' && p.latitude === 31.2)).toBe(true);
    expect(map.counts).toEqual({ normal: 3, alarm: 0, offline: 0 });
    expect((await get('/plant/map', stranger)).json().data.plants).toEqual([]);
  });

  it('counts the devices online from the same moment as the map’s pins', async () => {
    const user = await createUser(t.db);
    const headers = (await loginAs(t.app, user)).headers;
    const plant = await createFixturePlant(t.db, { ownerId: user.id, timeZone: 'UTC' });
    await refreshPlantLiveFigures(t.db);
    // Its inverter reports: the device is online at once, the plants' live figures follow within seconds.
    await ingest(plant, [{ sn: plant.devices[0]!.serial, ts: last, acPowerW: 800, energyTotalKwh: 5 }]);
    const agree = async (timeZone: string) => {
      const fleet = (await get(`/plant/fleet?timeZone=${timeZone}`, headers)).json().data as FleetFigures;
      const map = (await get('/plant/map', headers)).json().data as FleetMap;
      const pinsOnline = map.plants.filter((p) => p.state !== 'offline').length;
      expect(fleet.map).toEqual(map);
      expect(fleet.devicesOnline).toBe(map.plants.reduce((a, p) => a + p.devicesOnline, 0));
      expect(fleet.devicesOnline > 0).toBe(pinsOnline > 0);
      return fleet;
    };
    await agree('UTC');
    await refreshPlantLiveFigures(t.db);
    // (Another zone: the figures of the first are shared for a few seconds.)
    const after = await agree('Europe/Paris');
    expect(after.devicesOnline).toBe(1);
    expect(after.map.counts.normal).toBe(1);
  });

  it('gives a device’s day as the plant’s local day, not the UTC one', async () => {
    const sn = china.devices[0]!.serial;
    const date = localDay('Asia/Shanghai', last);
    const h = await data<DeviceHistory>(`/device/${sn}/history?date=${date}&fields=acPowerW,energyTotalKwh`);
    const start = localDayStartMs('Asia/Shanghai', date);
    expect(h).toMatchObject({ timeZone: 'Asia/Shanghai', date, from: new Date(start).toISOString() });
    expect(h.points.length).toBe((last - Math.max(start, first)) / STEP + 1);
    expect(Date.parse(h.points[0]!.ts)).toBe(Math.max(start, first));
    expect(h.points.every((p) => Date.parse(p.ts) < start + 24 * HOUR)).toBe(true);
    const noRange = await get(`/device/${sn}/history?fields=acPowerW`);
    expect(noRange.statusCode).toBe(400);
  });

  it('shows a device’s energy today as 0 when its latest reading is of an earlier local day', async () => {
    // (The last test: the other tests count the owner's plants.)
    const quiet = await createFixturePlant(t.db, { ownerId, timeZone: 'UTC' });
    // Its last reading: yesterday evening, with 12 kWh of that day.
    const yesterday = localDayStartMs('UTC', localDay('UTC', Date.now())) - 4 * HOUR;
    await ingest(quiet, [
      { sn: quiet.devices[0]!.serial, ts: yesterday, acPowerW: 0, energyTodayKwh: 12, energyTotalKwh: 40 },
    ]);
    const rows = (await get(`/device/list?sn=${quiet.devices[0]!.serial}`)).json().rows as DeviceRow[];
    expect(rows[0]!.timeZone).toBe('UTC');
    expect(rows[0]!.latest!.energyTodayKwh).toBe(0);
    const today = (await data<DeviceRow[]>(`/plant/${china.plantId}/devices`))[0]!;
    expect(today.timeZone).toBe('Asia/Shanghai');
  });
});
