import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPORT_DEVICE_DAYS, ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';

type Headers = Record<string, string>;

/**
 * A report's cost is bounded before it reads anything: devices × passed days × passes over the readings. Two plants
 * of 150 inverters each, built before 2025: a year of one is 54,750 device-days, of both 109,500, above the limit
 * of 100,000; a custom report with availability reads a year of one plant twice (109,500).
 */
describe('the report cost bound', () => {
  let t: TestApp;
  let admin: Headers;
  let installer: Headers;
  let plantA: number;

  const inverters = Array.from({ length: 150 }, () => ({ kind: 'stringInverter' as const }));
  const periodic = (headers: Headers, query: string, lang = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/prod-api/report/periodic?${query}`,
      headers: { ...headers, cookie: `language=${lang}` },
    });
  const custom = (headers: Headers, fields: string[], lang = 'en', action = 'preview') =>
    t.app.inject({
      method: 'POST',
      url: `/prod-api/report/custom/${action}`,
      headers: { ...headers, cookie: `language=${lang}` },
      payload: {
        date: '2025-06-15',
        definition: { fields, groupBy: 'plant', period: 'year', sortBy: 'group' },
        name: 'year',
        format: 'xlsx',
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const builder = await createUser(t.db, { roleId: ROLE.installer });
    installer = (await loginAs(t.app, builder)).headers;
    const owner = (await createUser(t.db)).id;
    plantA = (
      await createFixturePlant(t.db, {
        ownerId: owner,
        installerId: builder.id,
        buildDate: '2024-05-01',
        devices: inverters,
      })
    ).plantId;
    await createFixturePlant(t.db, { ownerId: owner, buildDate: '2024-05-01', devices: inverters });
  });
  afterAll(() => t.close());

  it('is the limit the message names', () => {
    expect(MAX_REPORT_DEVICE_DAYS).toBe(100_000);
  });

  it('refuses a year of the whole scope with 422 naming the cost and the limit, in en and zh', async () => {
    const en = await periodic(admin, 'period=year&date=2025-06-15');
    expect(en.statusCode, en.body).toBe(422);
    expect(en.json().msg).toBe(
      'This report would read 109,500 device-days of readings (devices × days), more than the 100,000 one report may read. Choose fewer plants or a shorter period.',
    );
    const zh = await periodic(admin, 'period=year&date=2025-06-15', 'zh');
    expect(zh.statusCode).toBe(422);
    expect(zh.json().msg).toMatch(/109,500 设备·天.*上限 100,000/);
    // Its export is bounded alike.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/prod-api/report/periodic/export?period=year&date=2025-06-15&format=pdf',
      headers: admin,
    });
    expect(exported.statusCode, exported.body).toBe(422);
  });

  it('makes the reports within the limit: one plant’s year, the scope’s month', async () => {
    const year = await periodic(admin, `period=year&date=2025-06-15&plantId=${plantA}`);
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json().data.totals.plantCount).toBe(1);
    const month = await periodic(admin, 'period=month&date=2025-06-15');
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json().data.totals.plantCount).toBe(2);
  });

  it('counts availability as a second pass of a custom report', async () => {
    const energy = await custom(installer, ['energyKwh']);
    expect(energy.statusCode, energy.body).toBe(200);
    expect(energy.json().data.rows).toHaveLength(1);
    for (const action of ['preview', 'export']) {
      const res = await custom(installer, ['energyKwh', 'availability'], 'en', action);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().msg).toMatch(/would read 109,500 device-days.*the 100,000 one report/);
    }
  });

  it('counts only the days that have passed: a year still running costs its days so far', async () => {
    // Both plants' year 2099 has no day yet: nothing to read, so the report is made (empty).
    const future = await periodic(admin, 'period=year&date=2099-06-15');
    expect(future.statusCode, future.body).toBe(200);
    expect(future.json().data.totals.energyKwh).toBe(0);
  });

  describe('a template over the limit is refused when saved, and nothing changes', () => {
    const templates = (headers: Headers, lang: string, method: 'POST' | 'PUT', body: object, id?: number) =>
      t.app.inject({
        method,
        url: `/prod-api/report/custom/templates${id === undefined ? '' : `/${id}`}`,
        headers: { ...headers, cookie: `language=${lang}` },
        payload: body,
      });
    const template = (name: string, period: string, fields: string[], schedule: object | null = null) => ({
      name,
      definition: { fields, groupBy: 'plant', period, sortBy: 'group' },
      schedule,
    });
    const list = async (headers: Headers) =>
      (await t.app.inject({ method: 'GET', url: '/prod-api/report/custom/templates', headers })).json()
        .data as { id: number; name: string; definition: { period: string; fields: string[] } }[];

    it('refuses a new one with 422 naming the cost and the limit, in en and zh, and keeps none', async () => {
      // A whole year of the installer's plant read twice (availability): 150 × 365 × 2 = 109,500 at least.
      const yearTwice = template('year twice', 'year', ['energyKwh', 'availability']);
      const en = await templates(installer, 'en', 'POST', yearTwice);
      expect(en.statusCode, en.body).toBe(422);
      expect(en.json().msg).toMatch(
        /^This report would read 1\d\d,\d{3} device-days of readings \(devices × days\), more than the 100,000 one report may read\./,
      );
      const zh = await templates(installer, 'zh', 'POST', yearTwice);
      expect(zh.statusCode, zh.body).toBe(422);
      expect(zh.json().msg).toMatch(/^该报表需读取 1\d\d,\d{3} 设备·天的数据.*超过单个报表的上限 100,000/);
      // A scheduled one alike: its schedule would mail nothing.
      const scheduled = template('year of all', 'year', ['energyKwh'], {
        frequency: 'monthly',
        hour: 8,
        timeZone: 'Asia/Shanghai',
        recipients: ['ops@example.com'],
      });
      const refused = await templates(admin, 'en', 'POST', scheduled);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(await list(installer)).toEqual([]);
      expect(await list(admin)).toEqual([]);
    });

    it('saves one within the limit, refuses a change past it and keeps the template as it was', async () => {
      const month = await templates(
        installer,
        'en',
        'POST',
        template('month', 'month', ['energyKwh', 'availability']),
      );
      expect(month.statusCode, month.body).toBe(200);
      const id = month.json().data.id as number;
      const changed = await templates(
        installer,
        'zh',
        'PUT',
        template('year twice', 'year', ['energyKwh', 'availability']),
        id,
      );
      expect(changed.statusCode, changed.body).toBe(422);
      expect(changed.json().msg).toMatch(/超过单个报表的上限 100,000/);
      expect(await list(installer)).toMatchObject([
        { id, name: 'month', definition: { period: 'month', fields: ['energyKwh', 'availability'] } },
      ]);
      // Without availability a year of the one plant is within the limit: the change is saved.
      const year = await templates(installer, 'en', 'PUT', template('year', 'year', ['energyKwh']), id);
      expect(year.statusCode, year.body).toBe(200);
      expect(await list(installer)).toMatchObject([{ id, name: 'year', definition: { period: 'year' } }]);
    });
  });
});
