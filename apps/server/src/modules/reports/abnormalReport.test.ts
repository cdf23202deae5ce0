import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLE,
  SERVER_FAULT_CODES,
  faultCodeOf,
  type AbnormalKind,
  type AbnormalReport,
  type TelemetryReading,
} from '@solarops/contracts';
import { clearSkyHaurwitz, solarPosition } from '@solarops/pv';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { raiseAlarms, type AlarmDeps } from '../alarms/service.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { DeviceRegistry } from '../deviceLink/DeviceRegistry.ts';
import { IngestPipeline } from '../deviceLink/IngestPipeline.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';

// The fixture plants stand in Shanghai (31.2° N, 121.5° E), UTC+8; the judged day is 20 November 2025.
const LAT = 31.2;
const LON = 121.5;
const DAY = '2025-11-20';
const FIRST = Date.parse('2025-11-13T16:00:00Z'); // 14 November, 00:00 local: the window's first day
const JUDGED = Date.parse('2025-11-19T16:00:00Z'); // 20 November, 00:00 local
const END = Date.parse('2025-11-20T16:00:00Z');
const STEP = 300_000;
const HOUR = 3_600_000;
/** A local hour of the judged day as an instant. */
const at = (hour: number) => JUDGED + hour * HOUR;

type Fault =
  | { kind: 'offline'; from: number; to: number }
  | { kind: 'noOutput'; from: number; to: number }
  | { kind: 'underperforming'; share: number }
  /** Healthy: maybe silent a while, maybe under a dull overcast on the judged day. */
  | { kind: 'healthy'; silentFrom?: number; silentTo?: number; overcast?: boolean };

const elevation = (ts: number) => solarPosition(ts, LAT, LON).elevation;
/** A clear day's plant power: 80 % of the clear-sky irradiance on its 5 kW [W]. */
const sunnyPowerW = (ts: number) =>
  (5000 * 0.8 * clearSkyHaurwitz(solarPosition(ts, LAT, LON).apparentZenith)) / 1000;

/**
 * The inverter's readings: hourly on the six days before, every 5 minutes on the judged day, and only while the sun
 * is up (inverters sleep at night, as real ones do); the lifetime counter integrates the power.
 */
function inverterReadings(sn: string, fault: Fault): TelemetryReading[] {
  const out: TelemetryReading[] = [];
  let kwh = 2000;
  let last = FIRST;
  for (let ts = FIRST; ts < END; ts += ts < JUDGED ? HOUR : STEP) {
    if (elevation(ts) < 3) {
      last = ts;
      continue;
    }
    let p = sunnyPowerW(ts);
    if (fault.kind === 'underperforming') p *= fault.share;
    if (fault.kind === 'healthy' && fault.overcast && ts >= JUDGED) p = Math.min(p, 20);
    if (fault.kind === 'noOutput' && ts >= fault.from && ts < fault.to) p = 0;
    kwh += (p / 1000) * ((ts - last) / HOUR);
    last = ts;
    if (fault.kind === 'offline' && ts >= fault.from && ts < fault.to) continue;
    if (fault.kind === 'healthy' && fault.silentFrom && ts >= fault.silentFrom && ts < fault.silentTo!)
      continue;
    out.push({ sn, ts, acPowerW: Math.round(p), energyTotalKwh: Math.round(kwh * 1000) / 1000 });
  }
  return out;
}

/** A weather station's in-plane irradiance on the judged day: clear sky, or a dull overcast of 120 W/m². */
function stationReadings(sn: string, overcast: boolean): TelemetryReading[] {
  const out: TelemetryReading[] = [];
  for (let ts = JUDGED; ts < END; ts += STEP) {
    const clear = clearSkyHaurwitz(solarPosition(ts, LAT, LON).apparentZenith);
    out.push({ sn, ts, poaWm2: Math.round(overcast ? Math.min(clear, 120) : clear) });
  }
  return out;
}

describe('abnormal report (abnormalReport)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let clock = 0;
  const injected: { plant: FixturePlant; kind: AbnormalKind }[] = [];
  const healthy: FixturePlant[] = [];
  let report: AbnormalReport;
  let alarmId = 0;
  let openFaultId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const ownerId = (await createUser(t.db)).id;
    const link = new IngestPipeline(t.db, new DeviceRegistry(t.db), new EventEmitter(), { now: () => clock });
    const ingest = async (plant: FixturePlant, list: TelemetryReading[]) => {
      const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
      for (let i = 0; i < list.length; i += 288) {
        const batch = list.slice(i, i + 288);
        clock = Math.max(...batch.map((r) => r.ts)) + 60_000;
        await link.ingestTelemetry(collector, { seq: i, readings: batch });
      }
    };
    const faults: Fault[] = [];
    for (let i = 0; i < 10; i++) {
      // Silent 2.5 to 4 hours somewhere between 9:00 and 15:00.
      const from = at(9 + (i % 3));
      faults.push({ kind: 'offline', from, to: from + (2.5 + (i % 4) * 0.5) * HOUR });
      // Nothing for 1.25 to 3 hours around noon.
      const dark = at(10.5 + (i % 2));
      faults.push({ kind: 'noOutput', from: dark, to: dark + (1.25 + (i % 3) * 0.75) * HOUR });
      faults.push({ kind: 'underperforming', share: 0.5 + (i % 5) * 0.05 });
    }
    for (let i = 0; i < 30; i++) {
      // Healthy, some with a short gap in daylight (1.5 h) or one long silent evening, three with a weather
      // station of which one measures a dull overcast while the plant gives next to nothing.
      if (i % 6 === 1) faults.push({ kind: 'healthy', silentFrom: at(12), silentTo: at(13.5) });
      else if (i % 6 === 2) faults.push({ kind: 'healthy', silentFrom: at(16.5), silentTo: END });
      else if (i === 3) faults.push({ kind: 'healthy', overcast: true });
      else faults.push({ kind: 'healthy' });
    }
    for (const [i, fault] of faults.entries()) {
      const withStation = i >= 30 && (i === 33 || i === 35 || i === 41);
      const plant = await createFixturePlant(t.db, {
        ownerId,
        name: `${fault.kind} ${String(i).padStart(2, '0')}`,
        capacityW: 5000,
        devices: [
          { kind: 'stringInverter', ratedPowerW: 5000 },
          ...(withStation ? [{ kind: 'weatherStation' as const, ratedPowerW: 0 }] : []),
        ],
      });
      await ingest(plant, inverterReadings(plant.devices[0]!.serial, fault));
      if (withStation)
        await ingest(
          plant,
          stationReadings(plant.devices[1]!.serial, fault.kind === 'healthy' && !!fault.overcast),
        );
      if (fault.kind === 'healthy') healthy.push(plant);
      else injected.push({ plant, kind: fault.kind });
    }
    await recomputeAllDirtyRollups(t.db);
    // The first offline inverter has its offline alarm: its row links to it.
    const first = injected[0]!;
    const deps = { db: t.db, alarmBus: new EventEmitter() } as unknown as AlarmDeps;
    const [raised] = await raiseAlarms(deps, [
      {
        plantId: first.plant.plantId,
        deviceId: first.plant.devices[0]!.id,
        collectorId: first.plant.collectors[0]!.id,
        subject: `d:${first.plant.devices[0]!.id}`,
        code: SERVER_FAULT_CODES.deviceOffline,
        source: 'offline',
        occurredAtMs: at(9.25),
      },
    ]);
    alarmId = raised!.alarmId;
    // Two plants have a fault: one still open at the day's end (a finding), one recovered that afternoon (none).
    const [open, closed] = [injected[10]!.plant, injected[11]!.plant];
    const faulted = await raiseAlarms(
      deps,
      [open, closed].map((p) => ({
        plantId: p.plantId,
        deviceId: p.devices[0]!.id,
        collectorId: p.collectors[0]!.id,
        subject: `d:${p.devices[0]!.id}`,
        code: faultCodeOf('lowInsulation').code,
        source: 'telemetry' as const,
        occurredAtMs: at(8),
      })),
    );
    const idOf = (p: FixturePlant) => faulted.find((a) => a.plantId === p.plantId)!.alarmId;
    openFaultId = idOf(open);
    await t.db.execute(
      sql`update alarms set recovered_at = ${new Date(at(15)).toISOString()}::timestamptz
        where id = ${idOf(closed)}`,
    );

    const res = await t.app.inject({
      method: 'GET',
      url: `/prod-api/report/abnormal?date=${DAY}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    report = res.json().data as AbnormalReport;
  }, 300_000);
  afterAll(() => t.close());

  it('finds at least 95 % of 30 injected faults of the three kinds, each as its own kind', () => {
    const found = injected.filter(({ plant, kind }) =>
      report.rows.some((r) => r.plantId === plant.plantId && r.kind === kind),
    );
    expect(found.length / injected.length).toBeGreaterThanOrEqual(0.95);
    expect(report.counts).toEqual({ offline: 10, noOutput: 10, underperforming: 10, unrecoveredFault: 1 });
  });

  it('lists a fault still unrecovered at the end of the day, not one recovered during it', () => {
    const faults = report.rows.filter((r) => r.kind === 'unrecoveredFault');
    expect(faults).toEqual([
      expect.objectContaining({
        plantId: injected[10]!.plant.plantId,
        alarmId: openFaultId,
        deviceId: injected[10]!.plant.devices[0]!.id,
        from: new Date(at(8)).toISOString(),
      }),
    ]);
  });

  it('reports none of the 30 healthy plants: not their nights, short gaps or an overcast day', () => {
    const ids = new Set(healthy.map((p) => p.plantId));
    expect(report.rows.filter((r) => ids.has(r.plantId))).toEqual([]);
  });

  it('reports nothing at night: every run lies in daylight', () => {
    for (const r of report.rows.filter((x) => x.kind === 'offline' || x.kind === 'noOutput')) {
      expect(elevation(Date.parse(r.from))).toBeGreaterThan(0);
      expect(elevation(Date.parse(r.to) - STEP)).toBeGreaterThan(0);
    }
  });

  it('links each row to its alarm or its device and says what it measured', () => {
    for (const r of report.rows) expect(r.alarmId ?? r.deviceId).not.toBeNull();
    const first = injected[0]!.plant;
    const offline = report.rows.find((r) => r.plantId === first.plantId && r.kind === 'offline')!;
    expect(offline).toMatchObject({ alarmId, deviceId: first.devices[0]!.id, hours: 2.5 });
    const under = report.rows.find(
      (r) => r.kind === 'underperforming' && r.plantName === 'underperforming 02',
    )!;
    expect(under).toMatchObject({ basis: 'peers', from: '2025-11-14', to: DAY });
    // Half the peers' yield, give or take the rounding of the counters.
    expect(under.specificYield! / under.referenceYield!).toBeCloseTo(0.5, 1);
    expect(report.rows.find((r) => r.kind === 'noOutput')!.irradianceSource).toBe('clearSky');
  });

  it('answers one plant of the scope, a kind, and 404 outside the scope', async () => {
    const first = injected[1]!.plant;
    const one = await t.app.inject({
      method: 'GET',
      url: `/prod-api/report/abnormal?date=${DAY}&plantId=${first.plantId}&kind=noOutput`,
      headers: admin,
    });
    expect(one.json().data.rows).toMatchObject([{ plantId: first.plantId, kind: 'noOutput' }]);
    const owner = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.installer }))).headers;
    const outside = await t.app.inject({
      method: 'GET',
      url: `/prod-api/report/abnormal?date=${DAY}&plantId=${first.plantId}`,
      headers: owner,
    });
    expect(outside.statusCode).toBe(404);
  });
});
