import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type TelemetryReading } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import type { CollectorInfo } from '../deviceLink/DeviceRegistry.ts';
import { IngestPipeline } from '../deviceLink/IngestPipeline.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';

type Headers = { authorization: string };
const STEP = 300_000;
/** The instant the collector moves: 14:00 in Shanghai, 01:00 in Bogotá, both on 10 June. */
const MOVE = Date.parse('2025-06-10T06:00:00Z');

/** 1 kW every 5 minutes over [from, to], the lifetime counter following it. */
function oneKilowatt(sn: string, from: number, to: number): TelemetryReading[] {
  const out: TelemetryReading[] = [];
  for (let ts = from; ts <= to; ts += STEP) {
    out.push({ sn, ts, acPowerW: 1000, energyTotalKwh: 100 + (ts - from) / 3_600_000 });
  }
  return out;
}

describe('a collector moved to another plant takes its devices from the move on, not their past', () => {
  let t: TestApp;
  let shanghai: FixturePlant;
  let bogota: FixturePlant;
  let admin: Headers;
  let clock = 0;
  let seq = 0;
  let session: CollectorInfo | undefined;
  let link: IngestPipeline;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db);
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    shanghai = await createFixturePlant(t.db, { ownerId: owner.id, timeZone: 'Asia/Shanghai', name: 'East' });
    bogota = await createFixturePlant(t.db, {
      ownerId: owner.id,
      timeZone: 'America/Bogota',
      name: 'West',
      devices: [],
    });
    // The app's registry (told of the move), with a clock that follows the data of June 2025.
    const { registry, events } = t.app.deps.deviceLink;
    link = new IngestPipeline(t.db, registry, events, { now: () => clock });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/prod-api${url}`, headers: admin, ...(payload ? { payload } : {}) });
  async function ingest(readings: TelemetryReading[]) {
    // The collector as its session knows it since signing in, before the move.
    session ??= (await link.registry.collectorBySerial(shanghai.collectors[0]!.serial))!;
    const collector = session;
    clock = Math.max(...readings.map((r) => r.ts)) + 60_000;
    await link.ingestTelemetry(collector, { seq: ++seq, readings });
  }
  const plantEnergy = async () =>
    (
      (await t.db.execute(
        sql`select plant_id, period, to_char(period_start, 'YYYY-MM-DD') as start,
              round(energy_kwh::numeric, 6)::float8 as kwh
            from plant_energy where plant_id in (${shanghai.plantId}, ${bogota.plantId})
            order by plant_id, period, period_start`,
      )) as unknown as { rows: { plant_id: number; period: string; start: string; kwh: number }[] }
    ).rows;
  /** The instants of a plant's power curve of 10 June that hold power. */
  const curve = async (plantId: number) =>
    (await call('GET', `/plant/${plantId}/power?date=2025-06-10`))
      .json()
      .data.points.filter((p: { powerW: number | null }) => p.powerW !== null)
      .map((p: { ts: string }) => Date.parse(p.ts));

  it('counts each reading for the plant of its time, on that plant’s local day, and keeps the move in the list', async () => {
    const sn = shanghai.devices[0]!.serial;
    // 02:00Z to 06:00Z: 4 hours before the move, of which the first hour arrives late (after the move).
    const before = oneKilowatt(sn, Date.parse('2025-06-10T02:00:00Z'), MOVE - STEP);
    await ingest(before.slice(12));
    await recomputeAllDirtyRollups(t.db);
    expect(
      (await call('POST', `/plant/${bogota.plantId}/collector`, { serial: shanghai.collectors[0]!.serial }))
        .statusCode,
    ).toBe(200);
    // The history is dated to the data's days (binding times are the server's clock): registered on 1 June and
    // moved at MOVE.
    const move = new Date(MOVE).toISOString();
    const device = shanghai.devices[0]!.id;
    await t.db.execute(sql`update collector_devices set bound_at = '2025-06-01T00:00:00Z',
      unbound_at = ${move}::timestamptz where device_id = ${device} and unbound_at is not null`);
    await t.db.execute(sql`update collector_devices set bound_at = ${move}::timestamptz
      where device_id = ${device} and unbound_at is null`);
    // 06:00Z to 12:00Z after the move, the counter going on; then the late first hour of before.
    const after = oneKilowatt(sn, MOVE, Date.parse('2025-06-10T12:00:00Z')).map((r) => ({
      ...r,
      energyTotalKwh: r.energyTotalKwh! + 4,
    }));
    await ingest(after);
    await ingest(before.slice(0, 12));
    await recomputeAllDirtyRollups(t.db);

    // Shanghai: 02:05Z to 05:55Z (47 intervals of 5 minutes); Bogotá: 06:00Z to 12:00Z (73), the interval across
    // the move ending after it. All on 10 June of each plant (Bogotá's 10 June starts at 05:00Z).
    const east = 47 / 12;
    const west = 73 / 12;
    const rows = await plantEnergy();
    const of = (plantId: number, period: string) =>
      rows.filter((r) => r.plant_id === plantId && r.period === period).map((r) => [r.start, r.kwh]);
    expect(of(shanghai.plantId, 'day')).toEqual([['2025-06-10', +east.toFixed(6)]]);
    expect(of(bogota.plantId, 'day')).toEqual([['2025-06-10', +west.toFixed(6)]]);
    expect(of(shanghai.plantId, 'month')).toEqual([['2025-06-01', +east.toFixed(6)]]);
    expect(of(bogota.plantId, 'year')).toEqual([['2025-01-01', +west.toFixed(6)]]);

    // Each plant's curve holds only its part of the day.
    const eastCurve = await curve(shanghai.plantId);
    const westCurve = await curve(bogota.plantId);
    expect(eastCurve).toHaveLength(48);
    expect(Math.max(...eastCurve)).toBeLessThan(MOVE);
    expect(westCurve).toHaveLength(73);
    expect(Math.min(...westCurve)).toBe(MOVE);

    const relations = (await call('GET', `/device/relation/list?deviceSn=${sn}`)).json();
    expect(relations.rows).toMatchObject([
      { plantName: 'West', unboundAt: null, boundAt: '2025-06-10T06:00:00.000Z' },
      { plantName: 'East', unboundAt: '2025-06-10T06:00:00.000Z' },
    ]);
  });

  it('gives the same figures when every day is recomputed again', async () => {
    const first = await plantEnergy();
    await t.db.execute(sql`insert into rollup_dirty (device_id, plant_id, day)
      select ${shanghai.devices[0]!.id}, p, d::date
      from unnest(array[${shanghai.plantId}, ${bogota.plantId}]::int[]) as p,
        generate_series('2025-06-09'::date, '2025-06-11'::date, interval '1 day') as d
      on conflict do nothing`);
    expect(await recomputeAllDirtyRollups(t.db)).toBeGreaterThan(0);
    expect(await plantEnergy()).toEqual(first);
  });
});
