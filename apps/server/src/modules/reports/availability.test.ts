import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLE,
  type CustomReportField,
  type CustomReportResult,
  type TelemetryReading,
} from '@solarops/contracts';
import { solarPosition } from '@solarops/pv';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { DeviceRegistry } from '../deviceLink/DeviceRegistry.ts';
import { IngestPipeline } from '../deviceLink/IngestPipeline.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';

/** Local day 2025-11-20 in Shanghai (UTC+8), where the fixture plants stand (31.2° N, 121.5° E). */
const DAY_START = Date.parse('2025-11-19T16:00:00Z');
const SLOT = 300_000;

/** The day's 5-minute readings of an inverter, but those of the local minutes `silent` says. */
function readings(sn: string, silent: (localMinute: number) => boolean): TelemetryReading[] {
  const out: TelemetryReading[] = [];
  let kwh = 100;
  for (let ts = DAY_START; ts < DAY_START + 86_400_000; ts += SLOT) {
    const h = (ts - DAY_START) / 3_600_000;
    const acPowerW = Math.round(Math.max(0, 3000 * Math.sin(((h - 6) / 12) * Math.PI)));
    kwh += acPowerW / 1000 / 12;
    if (!silent((ts - DAY_START) / 60_000))
      out.push({ sn, ts, acPowerW, energyTotalKwh: Math.round(kwh * 1000) / 1000 });
  }
  return out;
}

/** Daylight slots of the day at the fixture's site, counted here from the sun's height (10° or more). */
function daylightSlots(): number[] {
  const out: number[] = [];
  for (let ts = DAY_START; ts < DAY_START + 86_400_000; ts += SLOT)
    if (solarPosition(ts + SLOT / 2, 31.2, 121.5).elevation >= 10) out.push(ts);
  return out;
}

describe('availability in custom reports: the share of daylight the inverters were reporting', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let clock = 0;
  const plants: FixturePlant[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const owner = await createUser(t.db, {});
    const link = new IngestPipeline(t.db, new DeviceRegistry(t.db), new EventEmitter(), { now: () => clock });
    clock = DAY_START + 86_400_000 + 60_000;
    // 可用一号: two inverters, the second heard only at night (before 05:00 and from 19:00).
    // 可用二号: one inverter silent from 11:00 to 13:00, in daylight.
    const night = (m: number) => m >= 5 * 60 && m < 19 * 60;
    const noon = (m: number) => m >= 11 * 60 && m < 13 * 60;
    for (const [name, silences] of [
      ['可用一号', [() => false, night]],
      ['可用二号', [noon]],
    ] as const) {
      const p = await createFixturePlant(t.db, {
        ownerId: owner.id,
        name,
        buildDate: '2025-01-01',
        devices: silences.map(() => ({ kind: 'stringInverter' as const, ratedPowerW: 5000 })),
      });
      const collector = (await link.registry.collectorBySerial(p.collectors[0]!.serial))!;
      const batch = p.devices.flatMap((d, i) => readings(d.serial, silences[i]!));
      await link.ingestTelemetry(collector, { seq: 1, readings: batch });
      plants.push(p);
    }
    await recomputeAllDirtyRollups(t.db);
  }, 120_000);
  afterAll(() => t.close());

  /** The day's report per plant of `fields`, as the builder's preview asks for it. */
  const preview = async (fields: CustomReportField[], date: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/report/custom/preview',
      headers: admin,
      payload: {
        definition: {
          fields,
          groupBy: 'plant',
          period: 'day',
          billingStartDay: 1,
          sortBy: 'group',
          sortDir: 'asc',
        },
        date,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CustomReportResult;
  };

  it('counts inverter-slots of daylight with a reading; night readings and night silence count for nothing', async () => {
    const r = await preview(['availability', 'completeness'], '2025-11-20');
    const daylight = daylightSlots();
    const noonSlots = daylight.filter((ts) => {
      const m = (ts - DAY_START) / 60_000;
      return m >= 11 * 60 && m < 13 * 60;
    }).length;
    expect(noonSlots).toBe(24);
    const byName = Object.fromEntries(r.rows.map((row) => [row.group, row.values]));
    // The night-only inverter was never there in daylight: half of the plant's inverter-slots.
    expect(byName['可用一号']!.availability).toBe(0.5);
    expect(byName['可用二号']!.availability).toBeCloseTo(1 - noonSlots / daylight.length, 4);
    // Completeness counts the whole day: the night-only inverter sent 10 of 24 hours.
    expect(byName['可用一号']!.completeness).toBeCloseTo((288 + 120) / 576, 4);
    // The total weighs each inverter-slot alike: (D + 0 + D − 24) ÷ 3D.
    expect(r.totals.availability).toBeCloseTo((2 * daylight.length - noonSlots) / (3 * daylight.length), 4);
  });

  it('says nothing for a day before the plants were built', async () => {
    expect((await preview(['availability'], '2024-12-31')).totals.availability).toBeNull();
  });
});
