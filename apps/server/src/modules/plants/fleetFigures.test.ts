import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetFigures, TelemetryReading } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { localDay, localDayStartMs } from '../../time/localDay.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';

type Headers = { authorization: string };
const STEP = 300_000;

describe('the dashboard’s fleet day', () => {
  let t: TestApp;
  let owner: Headers;
  let shanghai: FixturePlant;
  let bogota: FixturePlant;
  /** The newest reading: the last full 5-minute slot before the test started. */
  const last = Math.floor(Date.now() / STEP) * STEP - STEP;
  /** Readings over the last 30 hours, so that every zone's today has some and yesterday too. */
  const first = last - 30 * 3_600_000;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db);
    owner = (await loginAs(t.app, user)).headers;
    shanghai = await createFixturePlant(t.db, { ownerId: user.id, timeZone: 'Asia/Shanghai' });
    bogota = await createFixturePlant(t.db, { ownerId: user.id, timeZone: 'America/Bogota' });
    const link = t.app.deps.deviceLink.pipeline;
    // 1 kW in Shanghai, 2 kW in Bogotá, the counters following.
    for (const [plant, kw] of [
      [shanghai, 1],
      [bogota, 2],
    ] as const) {
      const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
      const readings: TelemetryReading[] = [];
      for (let ts = first; ts <= last; ts += STEP) {
        readings.push({
          sn: plant.devices[0]!.serial,
          ts,
          acPowerW: kw * 1000,
          energyTotalKwh: 10 + (kw * (ts - first)) / 3_600_000,
        });
      }
      for (let i = 0; i < readings.length; i += 120) {
        await link.ingestTelemetry(collector, { seq: i, readings: readings.slice(i, i + 120) });
      }
    }
    await recomputeAllDirtyRollups(t.db);
  });
  afterAll(() => t.close());

  const get = async (url: string) => t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: owner });
  const fleet = async (timeZone: string) =>
    (await get(`/plant/fleet?timeZone=${encodeURIComponent(timeZone)}`)).json().data as FleetFigures;

  it('adds up each plant’s own local day, whatever the viewer’s zone', async () => {
    const summaries = await Promise.all(
      [shanghai, bogota].map(async (p) => (await get(`/plant/${p.plantId}/summary`)).json().data),
    );
    // Each plant's today is its own: Shanghai's began at 16:00Z, Bogotá's at 05:00Z.
    expect(summaries.map((s) => s.today)).toEqual([
      localDay('Asia/Shanghai', Date.now()),
      localDay('America/Bogota', Date.now()),
    ]);
    const sum = summaries[0].energyTodayKwh + summaries[1].energyTodayKwh;
    expect(sum).toBeGreaterThan(0);
    for (const zone of ['Asia/Shanghai', 'America/Bogota', 'UTC']) {
      const f = await fleet(zone);
      expect(f.energyTodayKwh).toBeCloseTo(sum, 3);
      expect(f.topPlants.map((p) => p.energyTodayKwh).sort()).toEqual(
        summaries.map((s) => s.energyTodayKwh).sort(),
      );
    }
  });

  it('draws the fleet power over the viewer’s day in the viewer’s zone', async () => {
    for (const zone of ['Asia/Shanghai', 'America/Bogota']) {
      const f = await fleet(zone);
      const today = localDay(zone, Date.now());
      const start = localDayStartMs(zone, today);
      expect(f).toMatchObject({ timeZone: zone, today });
      const slots = f.powerCurve.map((p) => Date.parse(p.ts));
      // From the viewer's local midnight, every 5 minutes, up to now.
      expect(slots[0]).toBe(start);
      expect(slots.every((s, i) => i === 0 || s - slots[i - 1]! === STEP)).toBe(true);
      expect(slots.at(-1)!).toBeLessThanOrEqual(Date.now());
      // Both plants report in every slot up to the last reading: 3 kW.
      const reported = f.powerCurve.filter((p) => Date.parse(p.ts) <= last);
      expect(reported).toHaveLength((last - start) / STEP + 1);
      expect(reported.every((p) => p.powerW === 3000)).toBe(true);
      // The 30 days end on the viewer's today.
      expect(f.energyDays).toHaveLength(30);
      expect(f.energyDays.at(-1)!.label).toBe(today);
    }
  });

  it('refuses a zone that is not an IANA name', async () => {
    expect((await get('/plant/fleet?timeZone=Mars%2FOlympus')).statusCode).toBe(400);
    expect((await get('/plant/fleet')).json().data.timeZone).toBe('UTC');
  });
});
