import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_REPORT_TEMPLATES,
  ROLE,
  type CustomReportDefinition,
  type CustomReportResult,
  type PeriodicReport,
  type TelemetryReading,
} from '@solarops/contracts';
import { clearSkyPlaneIrradiation, equatorFacing } from '@solarops/pv';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { pdfText } from '../../../test/pdfText.ts';
import { readWorkbookSheets } from '../../../test/readWorkbook.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { DeviceRegistry } from '../deviceLink/DeviceRegistry.ts';
import { DEFAULT_GAMMA_PER_K } from '../plants/performance.ts';
import { IngestPipeline } from '../deviceLink/IngestPipeline.ts';
import { recomputeAllDirtyRollups } from '../telemetry/rollups.ts';
import { mailDueReports } from './scheduledReports.ts';

type Headers = Record<string, string>;

/** A day of readings every 5 minutes (UTC+8 day 2025-11-20) at `peakW`, the counter integrating them. */
function dayReadings(sn: string, peakW: number): TelemetryReading[] {
  const out: TelemetryReading[] = [];
  let kwh = 100;
  const start = Date.parse('2025-11-19T16:00:00Z');
  for (let ts = start; ts < start + 86_400_000; ts += 300_000) {
    const h = (ts - start) / 3_600_000;
    const acPowerW = Math.round(Math.max(0, peakW * Math.sin(((h - 6) / 12) * Math.PI)));
    kwh += acPowerW / 1000 / 12;
    out.push({ sn, ts, acPowerW, energyTotalKwh: Math.round(kwh * 1000) / 1000 });
  }
  return out;
}

const definition = (over: Partial<CustomReportDefinition> = {}): CustomReportDefinition => ({
  fields: ['energyKwh', 'plantCount', 'specificYield', 'income'],
  groupBy: 'installer',
  period: 'day',
  billingStartDay: 1,
  sortBy: 'energyKwh',
  sortDir: 'desc',
  ...over,
});

describe('custom reports (CustomReport, addCustomReport)', () => {
  let t: TestApp;
  let admin: Headers;
  let distributor: Headers;
  let clock = 0;
  const plants: FixturePlant[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: `/prod-api${url}`, headers, payload });
  const preview = async (d: CustomReportDefinition, date = '2025-11-20', headers = admin) => {
    const res = await call('POST', '/report/custom/preview', headers, { definition: d, date });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CustomReportResult;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const dist = await createUser(t.db, { roleId: ROLE.distributor, name: '华东经销商' });
    distributor = (await loginAs(t.app, dist)).headers;
    const east = await createUser(t.db, { roleId: ROLE.installer, parent: dist, name: 'East installer' });
    const west = await createUser(t.db, { roleId: ROLE.installer, parent: dist, name: 'West installer' });
    const owner = await createUser(t.db, { parent: dist });
    const link = new IngestPipeline(t.db, new DeviceRegistry(t.db), new EventEmitter(), { now: () => clock });
    for (const [i, installer] of [east, east, west].entries()) {
      const p = await createFixturePlant(t.db, {
        ownerId: owner.id,
        installerId: installer.id,
        name: ['东方一号', '东方二号', 'West one'][i],
        capacityW: 10_000,
      });
      const readings = dayReadings(p.devices[0]!.serial, [4000, 2000, 5000][i]!);
      const collector = (await link.registry.collectorBySerial(p.collectors[0]!.serial))!;
      clock = readings.at(-1)!.ts + 60_000;
      await link.ingestTelemetry(collector, { seq: 1, readings });
      plants.push(p);
    }
    await recomputeAllDirtyRollups(t.db);
  }, 120_000);
  afterAll(() => t.close());

  it('groups, orders the columns and sorts as the template says, adding up to the periodic report', async () => {
    const r = await preview(definition(), '2025-11-20', distributor);
    expect(r).toMatchObject({ from: '2025-11-20', to: '2025-11-20', groupBy: 'installer' });
    expect(r.fields).toEqual(['energyKwh', 'plantCount', 'specificYield', 'income']);
    expect(r.rows.map((row) => [row.group, row.values.plantCount])).toEqual([
      ['East installer', 2],
      ['West installer', 1],
    ]);
    const periodic = (await call('GET', '/report/periodic?period=day&date=2025-11-20', distributor)).json()
      .data as PeriodicReport;
    expect(r.totals.energyKwh).toBeCloseTo(periodic.totals.energyKwh, 2);
    const east = periodic.plants.filter((p) => p.name.startsWith('东方'));
    expect(r.rows[0]!.values.energyKwh).toBeCloseTo(
      east.reduce((s, p) => s + p.energyKwh, 0),
      2,
    );
    // Ascending by the group's name, grouped by plant.
    const byPlant = await preview(
      definition({ groupBy: 'plant', sortBy: 'group', sortDir: 'asc' }),
      '2025-11-20',
      distributor,
    );
    expect(byPlant.rows.map((row) => row.group)).toEqual([...byPlant.rows.map((row) => row.group)].sort());
    expect(byPlant.rows).toHaveLength(3);
    const byDistributor = await preview(definition({ groupBy: 'distributor' }), '2025-11-20', distributor);
    expect(byDistributor.rows.map((row) => row.group)).toEqual(['华东经销商']);
    // Without a weather station the PR is estimated on modelled irradiance: the clear sky over the site's plane
    // (no station within 100 km lends a cloud factor), and the report says so.
    const start = Date.parse('2025-11-19T16:00:00Z');
    const clear = clearSkyPlaneIrradiation(
      { latitude: 31.2, longitude: 121.5, altitude: 0, ...equatorFacing(31.2) },
      start,
      start + 86_400_000,
      { stepMs: 1_800_000, gammaPerK: DEFAULT_GAMMA_PER_K },
    ).poaKwhM2;
    for (const p of periodic.plants) {
      expect(p.irradianceSource).toBe('model');
      expect(p.irradiationKwhM2).toBeCloseTo(clear, 2);
      expect(p.performanceRatio).toBeCloseTo(p.energyKwh / (p.capacityKw * clear), 3);
    }
    expect(periodic.totals.irradianceSource).toBe('model');
    const pr = await preview(
      definition({ fields: ['energyKwh', 'performanceRatio'] }),
      '2025-11-20',
      distributor,
    );
    expect(pr.totals.performanceRatio).toBeCloseTo(periodic.totals.energyKwh / (30 * clear), 3);
  });

  it('covers the billing cycle from the 31st: February’s starts on the 28th', async () => {
    const r = await preview(definition({ period: 'billingCycle', billingStartDay: 31 }), '2025-02-15');
    expect([r.from, r.to]).toEqual(['2025-01-31', '2025-02-27']);
    const week = await preview(definition({ period: 'week' }), '2025-11-20');
    expect([week.from, week.to]).toEqual(['2025-11-17', '2025-11-23']);
  });

  it('exports the preview as a workbook with the columns in the template’s order and the totals', async () => {
    const d = definition({ groupBy: 'plant', sortBy: 'group', sortDir: 'asc' });
    const res = await call('POST', '/report/custom/export?langType=zh', distributor, {
      definition: d,
      date: '2025-11-20',
      name: '日报',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sheets = await readWorkbookSheets(res.rawPayload);
    const sheet = Object.values(sheets)[0]!;
    expect(sheet[0]).toEqual(['电站', '发电量 (kWh)', '电站数', '等效小时 (kWh/kWp)', '收益']);
    expect(sheet.map((row) => row[0])).toEqual(['电站', 'West one', '东方一号', '东方二号', '合计']);
    const r = await preview(d, '2025-11-20', distributor);
    expect(sheet.at(-1)![1]).toBe(r.totals.energyKwh);
  });

  it(`keeps ${MAX_REPORT_TEMPLATES} templates per account, each name once, each account its own`, async () => {
    const d = definition();
    for (let i = 0; i < MAX_REPORT_TEMPLATES; i++) {
      const res = await call('POST', '/report/custom/templates', admin, { name: `模板 ${i}`, definition: d });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await call('POST', '/report/custom/templates', admin, { name: 'one more', definition: d });
    expect(over.statusCode).toBe(409);
    const list = (await call('GET', '/report/custom/templates', admin)).json().data as {
      id: number;
      name: string;
    }[];
    expect(list).toHaveLength(MAX_REPORT_TEMPLATES);

    const mine = await call('POST', '/report/custom/templates', distributor, {
      name: '模板 1',
      definition: d,
    });
    expect(mine.statusCode).toBe(200);
    const id = mine.json().data.id as number;
    expect(
      (await call('POST', '/report/custom/templates', distributor, { name: '模板 1', definition: d }))
        .statusCode,
    ).toBe(409);
    // Another account's template is not there for the admin.
    expect((await call('DELETE', `/report/custom/templates/${id}`, admin)).statusCode).toBe(404);
    const changed = await call('PUT', `/report/custom/templates/${id}`, distributor, {
      name: '月报',
      definition: definition({ period: 'month', fields: ['plantCount', 'energyKwh'] }),
    });
    expect(changed.json().data).toMatchObject({ name: '月报', definition: { period: 'month' } });
    expect((await call('DELETE', `/report/custom/templates/${id}`, distributor)).statusCode).toBe(200);
    expect((await call('GET', '/report/custom/templates', distributor)).json().data).toEqual([]);
  });

  it('refuses a bad definition and changes nothing', async () => {
    const bad = [
      definition({ billingStartDay: 32 }),
      definition({ fields: ['energyKwh', 'energyKwh'] }),
      definition({ sortBy: 'co2Kg' }),
      definition({ fields: [] }),
    ];
    for (const d of bad) {
      const res = await call('POST', '/report/custom/templates', distributor, { name: 'bad', definition: d });
      expect(res.statusCode, JSON.stringify(d)).toBe(400);
    }
    expect((await call('GET', '/report/custom/templates', distributor)).json().data).toEqual([]);
    // An end user has no custom reports.
    const endUser = (await loginAs(t.app, await createUser(t.db))).headers;
    expect((await call('GET', '/report/custom/templates', endUser)).statusCode).toBe(403);
  });

  it('mails a scheduled monthly report with its workbook attached, once, and a test report on demand', async () => {
    const schedule = {
      frequency: 'monthly',
      hour: 6,
      timeZone: 'Asia/Shanghai',
      recipients: ['boss@example.com'],
      language: 'zh',
    };
    const d = definition({ groupBy: 'plant', period: 'month', sortBy: 'group', sortDir: 'asc' });
    const res = await call('POST', '/report/custom/templates', distributor, {
      name: '月度报表',
      definition: d,
      schedule,
    });
    expect(res.statusCode, res.body).toBe(200);
    const asPdf = await call('POST', '/report/custom/templates', distributor, {
      name: '月度报表 PDF',
      definition: d,
      schedule: { ...schedule, recipients: ['pdf@example.com'], format: 'pdf' },
    });
    expect(asPdf.statusCode, asPdf.body).toBe(200);
    const mailer = t.app.deps.mailer;
    // 1 December 05:30 in Shanghai: not yet; 06:30: November's reports go; a minute later nothing more.
    expect(await mailDueReports(t.db, mailer, Date.parse('2025-11-30T21:30:00Z'))).toBe(0);
    expect(await mailDueReports(t.db, mailer, Date.parse('2025-11-30T22:30:00Z'))).toBe(2);
    expect(await mailDueReports(t.db, mailer, Date.parse('2025-11-30T22:31:00Z'))).toBe(0);
    await call('DELETE', `/report/custom/templates/${asPdf.json().data.id}`, distributor);
    const [mail] = t.mail.to('boss@example.com');
    expect(mail!.subject).toContain('月度报表 2025-11-01 ~ 2025-11-30');
    expect(mail!.attachments.map((a) => a.filename)).toEqual(['report-2025-11-01-2025-11-30.xlsx']);
    const sheet = Object.values(await readWorkbookSheets(mail!.attachments[0]!.content))[0]!;
    const month = await preview(d, '2025-11-30', distributor);
    expect(sheet.at(-1)).toEqual(['合计', ...month.fields.map((f) => month.totals[f])]);
    expect(sheet.map((row) => row[0])).toContain('东方一号');

    // The PDF's text holds the plants' Chinese names and the totals the preview shows.
    const [pdfMail] = t.mail.to('pdf@example.com');
    expect(pdfMail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['report-2025-11-01-2025-11-30.pdf', 'application/pdf'],
    ]);
    const text = (await pdfText(pdfMail!.attachments[0]!.content)).join('\n');
    for (const name of ['月度报表 PDF', '东方一号', '东方二号', '合计', String(month.totals.energyKwh)])
      expect(text).toContain(name);
    expect(text).toContain(String(month.totals.income));

    const id = res.json().data.id as number;
    const test = await call('POST', `/report/custom/templates/${id}/send`, distributor);
    expect(test.statusCode, test.body).toBe(200);
    expect(t.mail.to('boss@example.com')).toHaveLength(2);
    expect(t.mail.to('boss@example.com')[1]!.text).toContain('测试');
  });

  it('a daily report waits for its day’s data until 02:00 and says which', async () => {
    const schedule = {
      frequency: 'daily',
      hour: 0,
      timeZone: 'Asia/Shanghai',
      recipients: ['daily@example.com'],
      language: 'en',
    };
    await call('POST', '/report/custom/templates', distributor, {
      name: 'Daily',
      definition: definition(),
      schedule,
    });
    const mailer = t.app.deps.mailer;
    // Only this schedule: the monthly one above would catch up on October at these earlier instants.
    const monthly = (await call('GET', '/report/custom/templates', distributor)).json().data as {
      id: number;
      name: string;
    }[];
    await call(
      'DELETE',
      `/report/custom/templates/${monthly.find((x) => x.name === '月度报表')!.id}`,
      distributor,
    );
    // 21 November 00:30: the 20th is complete, it goes at once.
    expect(await mailDueReports(t.db, mailer, Date.parse('2025-11-20T16:30:00Z'))).toBe(1);
    expect(t.mail.to('daily@example.com')[0]!.text).toContain('The day’s data is complete.');
    // 22 November 00:30: the 21st has no readings; it waits until 02:00, then goes saying so.
    expect(await mailDueReports(t.db, mailer, Date.parse('2025-11-21T16:30:00Z'))).toBe(0);
    expect(await mailDueReports(t.db, mailer, Date.parse('2025-11-21T18:00:00Z'))).toBe(1);
    expect(t.mail.to('daily@example.com')[1]!.text).toContain('still incomplete (0.00 %)');
  });
});
