import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type PeriodicReport, type TelemetryReading } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { pdfText } from '../../../test/pdfText.ts';
import { readWorkbookSheets } from '../../../test/readWorkbook.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { DeviceRegistry } from '../deviceLink/DeviceRegistry.ts';
import { IngestPipeline } from '../deviceLink/IngestPipeline.ts';
import { localDay } from '../../time/localDay.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';

const STEP = 300_000;
type Headers = Record<string, string>;

/**
 * A sunny-day power shape every 5 minutes over [fromIso, toIso) with the lifetime counter integrating it; `skip`
 * leaves readings out (missing data).
 */
function readings(sn: string, fromIso: string, toIso: string, skip: (ts: number) => boolean = () => false) {
  const out: TelemetryReading[] = [];
  let kwh = 1000;
  for (let ts = Date.parse(fromIso); ts < Date.parse(toIso); ts += STEP) {
    const hourUtc = (ts / 3_600_000) % 24;
    const acPowerW = Math.round(Math.max(0, 4000 * Math.sin(((hourUtc - 3) / 14) * Math.PI)));
    kwh += (acPowerW / 1000) * (STEP / 3_600_000);
    if (!skip(ts)) out.push({ sn, ts, acPowerW, energyTotalKwh: Math.round(kwh * 1000) / 1000 });
  }
  return out;
}

describe('periodic reports (form)', () => {
  let t: TestApp;
  let admin: Headers;
  let ownerId: number;
  let clock = 0;
  let link: IngestPipeline;

  async function ingest(plant: FixturePlant, list: TelemetryReading[]) {
    const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
    for (let i = 0; i < list.length; i += 288) {
      const batch = list.slice(i, i + 288);
      clock = Math.max(...batch.map((r) => r.ts)) + 60_000;
      await link.ingestTelemetry(collector, { seq: i, readings: batch });
    }
    await recomputeAllDirtyRollups(t.db);
  }

  /** The sum of the stored counter's steps whose later reading falls in the plant's local days from..to. */
  async function storedEnergy(plant: FixturePlant, timeZone: string, from: string, to: string) {
    const rows = await rowsOf<{ ts: Date | string; kwh: number }>(
      t.db,
      sql`select ts, energy_total_kwh::float8 as kwh from telemetry
          where device_id = ${plant.devices[0]!.id} order by ts`,
    );
    let sum = 0;
    for (let i = 1; i < rows.length; i++) {
      const day = localDay(timeZone, new Date(rows[i]!.ts).getTime());
      if (day >= from && day <= to) sum += rows[i]!.kwh - rows[i - 1]!.kwh;
    }
    return sum;
  }

  const report = async (query: string, headers = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/prod-api/report/periodic?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PeriodicReport;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    ownerId = (await createUser(t.db)).id;
    link = new IngestPipeline(t.db, new DeviceRegistry(t.db), new EventEmitter(), { now: () => clock });
  });
  afterAll(() => t.close());

  it('adds up to the stored readings in UTC+8, UTC−5 and across a daylight-saving change', async () => {
    const zones = ['Asia/Shanghai', 'America/Bogota', 'America/New_York'];
    const plants: { p: FixturePlant; timeZone: string }[] = [];
    for (const timeZone of zones) {
      const p = await createFixturePlant(t.db, { ownerId, timeZone, buildDate: '2025-01-01' });
      // 29 Oct to 5 Nov 2025 UTC: New York leaves daylight-saving time on 2 November (a 25-hour day).
      await ingest(p, readings(p.devices[0]!.serial, '2025-10-29T00:00:00Z', '2025-11-05T00:00:00Z'));
      plants.push({ p, timeZone });
    }
    for (const { p, timeZone } of plants) {
      const month = await report(`plantId=${p.plantId}&period=month&date=2025-11-15`);
      const expected = await storedEnergy(p, timeZone, '2025-11-01', '2025-11-30');
      expect(expected).toBeGreaterThan(20);
      expect(Math.abs(month.totals.energyKwh - expected)).toBeLessThan(0.01);
      const day = await report(`plantId=${p.plantId}&period=day&date=2025-11-02`);
      expect(
        Math.abs(day.totals.energyKwh - (await storedEnergy(p, timeZone, '2025-11-02', '2025-11-02'))),
      ).toBeLessThan(0.01);
      // Every reading of that local day arrived: 300 in New York's 25-hour day, 288 elsewhere.
      expect(day.totals.completeness).toMatchObject({
        expected: timeZone === 'America/New_York' ? 300 : 288,
        ratio: 1,
        gapDays: [],
      });
      // The day's hours add up to the day.
      const hours = day.slices.reduce((s, h) => s + h.energyKwh, 0);
      expect(hours).toBeCloseTo(day.totals.energyKwh, 0);
    }
    // October's last days count in October, in each plant's own zone.
    const fleet = await report('period=month&date=2025-10-01');
    const october = await Promise.all(
      plants.map(({ p, timeZone }) => storedEnergy(p, timeZone, '2025-10-01', '2025-10-31')),
    );
    const mine = fleet.plants.filter((r) => plants.some(({ p }) => p.plantId === r.plantId));
    expect(
      Math.abs(mine.reduce((s, r) => s + r.energyKwh, 0) - october.reduce((a, b) => a + b, 0)),
    ).toBeLessThan(0.01);
  });

  it('gives the peak power of the plant’s own curve when an inverter reports more often than every 5 minutes', async () => {
    const timeZone = 'Asia/Shanghai';
    const p = await createFixturePlant(t.db, { ownerId, timeZone, buildDate: '2025-01-01' });
    const sn = p.devices[0]!.serial;
    // One reading a minute: five in every 5-minute slot of the curve.
    const list: TelemetryReading[] = [];
    let kwh = 500;
    for (let ts = Date.parse('2025-08-09T16:00:00Z'); ts < Date.parse('2025-08-10T16:00:00Z'); ts += 60_000) {
      const hourUtc = (ts / 3_600_000) % 24;
      const acPowerW = Math.round(Math.max(0, 3000 * Math.sin(((hourUtc - 22) / 12) * Math.PI)));
      kwh += acPowerW / 1000 / 60;
      list.push({ sn, ts, acPowerW, energyTotalKwh: Math.round(kwh * 1000) / 1000 });
    }
    await ingest(p, list);
    const res = await t.app.inject({
      method: 'GET',
      url: `/prod-api/plant/${p.plantId}/power?date=2025-08-10`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const curve = res.json().data as { points: { powerW: number | null }[] };
    const curveMax = Math.max(...curve.points.map((x) => x.powerW ?? 0));
    expect(curveMax).toBeGreaterThan(2900);
    expect(curveMax).toBeLessThanOrEqual(3000);
    for (const period of ['day', 'month']) {
      const r = await report(`plantId=${p.plantId}&period=${period}&date=2025-08-10`);
      expect(r.totals.peakPowerW).toBeCloseTo(curveMax, 0);
    }
  });

  it('reports 0.97 completeness and the days with gaps when 3 % of the readings are missing', async () => {
    // Built on 6 November: 25 days of November, 7 200 readings expected of its one inverter.
    const p = await createFixturePlant(t.db, {
      ownerId,
      timeZone: 'Asia/Shanghai',
      buildDate: '2025-11-06',
      name: '三月光伏电站',
    });
    const gapDays = ['2025-11-09', '2025-11-17', '2025-11-28'];
    // 72 readings (6 hours) missing on each of three days: 216 of 7 200, 3 %.
    const skip = (ts: number) => {
      const day = localDay('Asia/Shanghai', ts);
      const hour = new Date(ts + 8 * 3_600_000).getUTCHours();
      return gapDays.includes(day) && hour >= 9 && hour < 15;
    };
    await ingest(p, readings(p.devices[0]!.serial, '2025-11-05T16:00:00Z', '2025-11-30T16:00:00Z', skip));
    const r = await report(`plantId=${p.plantId}&period=month&date=2025-11-01`);
    expect(r.plantName).toBe('三月光伏电站');
    expect(r.totals.completeness).toMatchObject({ received: 6984, expected: 7200, ratio: 0.97 });
    expect(r.totals.completeness.gapDays).toEqual(
      gapDays.map((day) => ({ day, received: 216, expected: 288 })),
    );
    // Each figure with its own completeness: every day has its energy (and income), the curve its 97 %.
    const whole = { present: 25, expected: 25, ratio: 1 };
    expect(r.totals.figureCompleteness).toEqual({
      energy: whole,
      peakPower: { present: 6984, expected: 7200, ratio: 0.97 },
      // Without a sensor the PR is modelled on the energy of its days.
      performanceRatio: r.totals.performanceRatio === null ? null : whole,
      income: whole,
    });
    expect(r.plants[0]!.figureCompleteness).toEqual(r.totals.figureCompleteness);

    // The workbook holds one sheet per section with the same figures.
    const res = await t.app.inject({
      method: 'GET',
      url: `/prod-api/report/periodic/export?plantId=${p.plantId}&period=month&date=2025-11-01&langType=en`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    // The file is named after the month reported, whichever day of it was picked.
    expect(res.headers['content-disposition']).toContain('report-month-2025-11.xlsx');
    const sheets = await readWorkbookSheets(res.rawPayload);
    expect(sheets.Summary).toContainEqual(['Period', 'Monthly report 2025-11-01 – 2025-11-30']);
    const zh = await t.app.inject({
      method: 'GET',
      url: `/prod-api/report/periodic/export?plantId=${p.plantId}&period=month&date=2025-11-20&langType=zh`,
      headers: admin,
    });
    expect((await readWorkbookSheets(zh.rawPayload))['汇总']).toContainEqual([
      '周期',
      '月报 2025-11-01 – 2025-11-30',
    ]);
    expect(Object.keys(sheets)).toEqual([
      'Summary',
      'Plants',
      'Energy',
      'Income',
      'CO2',
      'Alarms',
      'Completeness',
    ]);
    expect(sheets.Summary).toContainEqual(['Energy (kWh)', r.totals.energyKwh]);
    expect(sheets.Completeness).toContainEqual(['三月光伏电站', '2025-11-17', 216, 288, 0.75]);
    expect(sheets.Summary).toContainEqual(['Energy completeness', 1]);
    expect(sheets.Summary).toContainEqual(['Peak power completeness', 0.97]);
    expect(sheets.Plants![0]!.slice(-4)).toEqual([
      'Energy completeness',
      'Peak power completeness',
      'PR completeness',
      'Income completeness',
    ]);
    expect(sheets.Plants![1]!.slice(-4)).toEqual([1, 0.97, r.totals.performanceRatio === null ? null : 1, 1]);
    expect((await readWorkbookSheets(zh.rawPayload))['汇总']).toContainEqual(['峰值功率完整性', 0.97]);
    expect(sheets.CO2![1]).toEqual([
      '三月光伏电站',
      r.totals.energyKwh,
      'CN',
      0.5703,
      'MEE 2022 national grid average emission factor',
      r.plants[0]!.co2Kg,
    ]);
  });

  it('gives PR where a weather station measures the plane of array, and a PDF in zh and en', async () => {
    const p = await createFixturePlant(t.db, {
      ownerId,
      timeZone: 'Asia/Shanghai',
      name: '光明气象站电站',
      devices: [{ kind: 'stringInverter' }, { kind: 'weatherStation', ratedPowerW: 0 }],
    });
    const power = readings(p.devices[0]!.serial, '2025-09-09T16:00:00Z', '2025-09-11T16:00:00Z');
    // The sensor sees what makes the 10 kWp plant's output a PR of exactly 0.8; its second day has a 3-hour gap
    // around noon, which counts neither as darkness nor as a loss.
    const sensor = power
      .filter(
        (r) => !(r.ts >= Date.parse('2025-09-11T03:00:00Z') && r.ts < Date.parse('2025-09-11T06:00:00Z')),
      )
      .map((r) => ({ sn: p.devices[1]!.serial, ts: r.ts, poaWm2: r.acPowerW! / 8 }));
    await ingest(
      p,
      [...power, ...sensor].sort((a, b) => a.ts - b.ts),
    );
    const r = await report(`plantId=${p.plantId}&period=month&date=2025-09-10`);
    expect(r.plants[0]!.performanceRatio).toBeCloseTo(0.8, 3);
    expect(r.totals.performanceRatio).toBeCloseTo(0.8, 3);
    expect(r.plants[0]!.irradiationKwhM2).toBeGreaterThan(1);
    expect(r.plants[0]!.equivalentHours).toBeCloseTo(r.totals.energyKwh / 10, 2);
    expect(r.plants[0]!.irradianceSource).toBe('sensor');
    expect(r.totals.irradianceSource).toBe('sensor');
    // The PR is set on the 540 slots with both power and irradiance (two days less the sensor's 3 hours).
    expect(r.plants[0]!.figureCompleteness.performanceRatio!.present).toBe(576 - 36);
    expect(r.plants[0]!.figureCompleteness.peakPower.present).toBe(576);
    // A plant without a sensor has its PR estimated on modelled irradiance, and says so; so does the fleet's.
    const fleet = await report('period=month&date=2025-09-10');
    expect(fleet.plants.filter((x) => x.irradianceSource === 'sensor').map((x) => x.name)).toEqual([
      '光明气象站电站',
    ]);
    const modelled = fleet.plants.filter((x) => x.irradianceSource === 'model');
    expect(modelled.length).toBeGreaterThan(0);
    for (const x of modelled)
      expect(x.performanceRatio).toBeCloseTo(x.energyKwh / (x.capacityKw * x.irradiationKwhM2!), 3);
    expect(fleet.totals.irradianceSource).toBe('model');

    const pdf = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/prod-api/report/periodic/export?plantId=${p.plantId}&period=month&date=2025-09-10&format=pdf&langType=${lang}`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return (await pdfText(res.rawPayload)).join('\n');
    };
    const zh = await pdf('zh');
    for (const text of [
      '电站报表',
      '月报',
      '光明气象站电站',
      '系统效率 PR',
      '80.00 %',
      String(r.totals.energyKwh),
      '各项数据完整性',
      '发电量 6.67 % · 峰值功率 6.67 %',
      // Two days of 30 with a sensor, less its 3 hours (the extracted text loses the space before the sign).
      `PR ${(r.totals.figureCompleteness.performanceRatio!.ratio * 100).toFixed(2)}`,
    ])
      expect(zh).toContain(text);
    const en = await pdf('en');
    for (const text of [
      'Monthly report',
      'Performance ratio (PR)',
      'Completeness by figure',
      '光明气象站电站',
      String(r.totals.co2.co2Kg),
    ])
      expect(en).toContain(text);
    expect(en).toContain('MEE 2022 national grid average emission factor');
  });

  it('shows a user only the plants in scope, and 404 for another owner’s plant', async () => {
    const owner = await createUser(t.db, { roleId: ROLE.enterprise });
    await createFixturePlant(t.db, { ownerId: owner.id, name: 'Only mine' });
    const theirs = await createFixturePlant(t.db, { ownerId });
    const h = (await loginAs(t.app, owner)).headers;
    const fleet = await report('period=year&date=2025-06-01', h);
    expect(fleet.plants.map((p) => p.name)).toEqual(['Only mine']);
    expect(fleet.slices.map((s) => s.label)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    const get = (url: string, headers: Headers) =>
      t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
    expect(
      (await get(`/report/periodic?plantId=${theirs.plantId}&period=day&date=2025-11-01`, h)).statusCode,
    ).toBe(404);
    // An end user's role has no `form` screen.
    const endUser = (await loginAs(t.app, await createUser(t.db))).headers;
    expect((await get('/report/periodic?period=day&date=2025-11-01', endUser)).statusCode).toBe(403);
    const bad = await get('/report/periodic?period=week&date=2025-11-01', admin);
    expect(bad.statusCode).toBe(400);
  });
});
