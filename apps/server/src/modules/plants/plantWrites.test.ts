import { rm } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { sheetRows } from '../../../test/readWorkbook.ts';
import { bareFilePath } from '../../http/fileLinks.ts';

type Headers = { authorization: string };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('plant create, edit, delete, picture, export, collector binding, follow list and relations', () => {
  let t: TestApp;
  let old: FixturePlant;
  let other: FixturePlant;
  const h: Record<'admin' | 'distributor' | 'installer' | 'owner' | 'stranger', Headers> = {} as never;
  let ownerCode = '';
  let strangerCode = '';

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    const distributor = await createUser(t.db, { roleId: ROLE.distributor });
    const installer = await createUser(t.db, { roleId: ROLE.installer, dealercode: distributor.dealercode });
    const owner = await createUser(t.db, { roleId: ROLE.endUser, parent: installer });
    const stranger = await createUser(t.db, { roleId: ROLE.endUser });
    ownerCode = owner.userCode;
    strangerCode = stranger.userCode;
    old = await createFixturePlant(t.db, {
      ownerId: owner.id,
      installerId: installer.id,
      timeZone: 'UTC',
      name: 'Old Roof',
      devices: [{ ratedPowerW: 5000, pvStrings: 2 }],
    });
    other = await createFixturePlant(t.db, { ownerId: stranger.id, timeZone: 'UTC', name: 'Elsewhere' });
    for (const [k, u] of Object.entries({ admin, distributor, installer, owner, stranger })) {
      h[k as keyof typeof h] = (await loginAs(t.app, u)).headers;
    }
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: `/prod-api${url}`, headers, ...(payload ? { payload } : {}) });

  async function uploadPicture(headers: Headers): Promise<string> {
    const body = multipart({ file: { filename: 'roof.png', contentType: 'image/png', data: PNG } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/plant/picture',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.picture as string;
  }

  const input = (picture: string, overrides: object = {}) => ({
    name: 'New Barn',
    ownerUserCode: ownerCode,
    address: '1 Field Lane',
    timeZone: 'Asia/Shanghai',
    picture,
    priceMinorPerKwh: 60,
    currency: 'CNY',
    capacityKw: 8.5,
    latitude: 31.2,
    longitude: 121.5,
    type: 'residential',
    buildDate: '2026-05-01',
    ...overrides,
  });

  it('creates a plant with its picture, refuses bad input without changing anything, and edits it', async () => {
    const picture = await uploadPicture(h.installer);
    expect(picture).toMatch(/^\/prod-api\/files\/plants\/\w+\.png\?expires=\d+&sig=[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);

    const bad = await call(
      'POST',
      '/plant',
      h.installer,
      input(picture, { latitude: 95, timeZone: 'Mars/Base' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['latitude', 'timeZone']);
    const foreignOwner = await call(
      'POST',
      '/plant',
      h.installer,
      input(picture, { ownerUserCode: strangerCode }),
    );
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().errors[0].field).toBe('ownerUserCode');
    // Spec §5: a plant name has 2 to 30 characters.
    const longName = await call('POST', '/plant', h.installer, input(picture, { name: 'N'.repeat(31) }));
    expect(longName.statusCode).toBe(400);
    expect(longName.json().errors[0].field).toBe('name');
    expect((await call('GET', '/plant/list?name=New%20Barn', h.admin)).json().total).toBe(0);

    const created = await call('POST', '/plant', h.installer, input(picture));
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const row = (await call('GET', `/plant/${id}`, h.owner)).json().data;
    expect(row).toMatchObject({ name: 'New Barn', capacityKw: 8.5, timeZone: 'Asia/Shanghai' });
    expect(bareFilePath(row.picture)).toBe(bareFilePath(picture));
    // The installer's distributor sees it; another end user does not.
    expect((await call('GET', `/plant/${id}`, h.distributor)).statusCode).toBe(200);
    expect((await call('GET', `/plant/${id}`, h.stranger)).statusCode).toBe(404);

    const edited = await call('PUT', `/plant/${id}`, h.installer, input(picture, { name: 'New Barn East' }));
    expect(edited.statusCode).toBe(200);
    expect((await call('GET', `/plant/${id}`, h.installer)).json().data.name).toBe('New Barn East');
    expect((await call('PUT', `/plant/${other.plantId}`, h.installer, input(picture))).statusCode).toBe(404);
  });

  it('removes a picture file once it is replaced or its plant deleted, also when the file is already gone', async () => {
    const served = async (picture: string) =>
      (await t.app.inject({ method: 'GET', url: picture })).statusCode;
    const first = await uploadPicture(h.installer);
    const id = (await call('POST', '/plant', h.installer, input(first, { name: 'Picture Shed' }))).json().data
      .id as number;
    // Saving the plant with its own picture keeps the file.
    expect(
      (await call('PUT', `/plant/${id}`, h.installer, input(first, { name: 'Picture Shed' }))).statusCode,
    ).toBe(200);
    expect(await served(first)).toBe(200);

    const second = await uploadPicture(h.installer);
    expect(
      (await call('PUT', `/plant/${id}`, h.installer, input(second, { name: 'Picture Shed' }))).statusCode,
    ).toBe(200);
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
    // A refused edit changes nothing, the file included.
    const refused = await call('PUT', `/plant/${id}`, h.installer, input(first, { latitude: 95 }));
    expect(refused.statusCode).toBe(400);
    expect(await served(second)).toBe(200);

    expect((await call('DELETE', `/plant/${id}`, h.installer)).statusCode).toBe(200);
    expect(await served(second)).toBe(404);

    const third = await uploadPicture(h.installer);
    const gone = (await call('POST', '/plant', h.installer, input(third, { name: 'Gone Shed' }))).json().data
      .id as number;
    await rm(path.join(t.app.deps.config.filesDir, 'plants', path.basename(bareFilePath(third))));
    expect((await call('DELETE', `/plant/${gone}`, h.installer)).statusCode).toBe(200);
    expect((await call('GET', `/plant/${gone}`, h.installer)).statusCode).toBe(404);
  });

  it('binds a collector with its devices to a plant, keeps the move in the relation list, and guards delete', async () => {
    const picture = await uploadPicture(h.installer);
    const id = (await call('POST', '/plant', h.installer, input(picture, { name: 'Second Roof' }))).json()
      .data.id as number;
    const serial = old.collectors[0]!.serial;
    expect(
      (await call('POST', `/plant/${id}/collector`, h.installer, { serial: other.collectors[0]!.serial }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', `/plant/${id}/collector`, h.installer, { serial })).statusCode).toBe(200);
    const devices = (await call('GET', `/plant/${id}/devices`, h.owner)).json().data;
    expect(devices.map((d: { serial: string }) => d.serial)).toEqual([old.devices[0]!.serial]);
    expect((await call('GET', `/plant/${old.plantId}/devices`, h.owner)).json().data).toEqual([]);

    const relations = (await call('GET', `/device/relation/list?collectorSn=${serial}`, h.installer)).json();
    // The move closes the binding in the old plant and opens one in the new, at the same instant.
    expect(relations.total).toBe(2);
    expect(relations.rows).toMatchObject([
      { collectorSerial: serial, plantName: 'Second Roof', unboundAt: null },
      { collectorSerial: serial, plantName: 'Old Roof' },
    ]);
    expect(relations.rows[1].unboundAt).toBe(relations.rows[0].boundAt);
    // The export holds the same two bindings, titled in the caller's language.
    const exported = await call(
      'GET',
      `/device/relation/export?collectorSn=${serial}&langType=en`,
      h.installer,
    );
    expect(exported.statusCode).toBe(200);
    const sheet = await sheetRows(exported.rawPayload);
    expect(sheet[0]).toEqual([
      'Collector serial',
      'Device serial',
      'Device type',
      'Plant',
      'Bound at',
      'Unbound at',
    ]);
    expect(sheet.slice(1).map((r) => [r[0], r[3]])).toEqual([
      [serial, 'Second Roof'],
      [serial, 'Old Roof'],
    ]);
    expect((await call('GET', `/device/relation/list?collectorSn=${serial}`, h.stranger)).statusCode).toBe(
      403,
    );

    expect((await call('DELETE', `/plant/${id}`, h.installer)).statusCode).toBe(409);
    expect((await call('DELETE', `/plant/${old.plantId}`, h.installer)).statusCode).toBe(200);
    expect((await call('GET', `/plant/${old.plantId}`, h.installer)).statusCode).toBe(404);
    expect((await call('DELETE', `/plant/${other.plantId}`, h.installer)).statusCode).toBe(404);
  });

  it('exports exactly the visible rows as an .xlsx in the caller’s language', async () => {
    const list = (await call('GET', '/plant/list?pageSize=1&sort=name&order=asc', h.installer)).json();
    const ids = list.rows.map((r: { id: number }) => r.id).join(',');
    const res = await t.app.inject({
      method: 'GET',
      url: `/prod-api/plant/export?ids=${ids}&langType=en`,
      headers: h.installer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Plant');
    expect(sheet.getRow(2).getCell(1).value).toBe(list.rows[0].name);
    // Ids of another tenant's plants are simply not there.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/prod-api/plant/export?ids=${other.plantId}`,
      headers: h.installer,
    });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(foreign.rawPayload as unknown as ArrayBuffer);
    expect(book2.worksheets[0]!.rowCount).toBe(1);
    // The Chinese workbook names the date column as the screen does.
    const zh = await t.app.inject({
      method: 'GET',
      url: `/prod-api/plant/export?ids=${ids}&langType=zh`,
      headers: h.installer,
    });
    const book3 = new ExcelJS.Workbook();
    await book3.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(book3.worksheets[0]!.getRow(1).values).toContain('建站日期');
  });

  it('keeps a follow list of plants and collectors the user may see', async () => {
    const mine = (await call('GET', '/plant/list?pageSize=50', h.owner)).json().rows[0];
    expect(
      (await call('POST', '/follow', h.owner, { kind: 'plant', target: String(mine.id) })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/follow', h.owner, { kind: 'plant', target: String(mine.id) })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/follow', h.owner, { kind: 'plant', target: String(other.plantId) })).statusCode,
    ).toBe(400);
    const list = (await call('GET', '/follow/list', h.owner)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'plant', target: String(mine.id), name: mine.name });
    expect((await call('DELETE', `/follow?kind=plant&target=${mine.id}`, h.owner)).statusCode).toBe(200);
    expect((await call('GET', '/follow/list', h.owner)).json().data).toEqual([]);
  });

  it('gives the dashboard figures over the caller’s plants only', async () => {
    const mine = (await call('GET', '/plant/fleet', h.owner)).json().data;
    const all = (await call('GET', '/plant/fleet', h.admin)).json().data;
    expect(mine.plants).toBe((await call('GET', '/plant/list', h.owner)).json().total);
    expect(all.plants).toBeGreaterThan(mine.plants);
    expect(mine.energyDays).toHaveLength(30);
    expect(mine.devicesOnline + mine.devicesOffline).toBe(1);
    expect(mine.topPlants.length).toBeLessThanOrEqual(5);
  });

  it('shows a device’s detail to who may see it', async () => {
    const sn = old.devices[0]!.serial;
    expect((await call('GET', `/device/${sn}`, h.owner)).json().data).toMatchObject({
      serial: sn,
      pvStrings: 2,
    });
    expect((await call('GET', `/device/${sn}`, h.stranger)).statusCode).toBe(404);
    const meters = (await call('GET', '/device/list?families=meter,weatherStation', h.owner)).json();
    expect(meters.total).toBe(0);
    const inverters = (await call('GET', '/device/list?families=stringInverter,meter', h.owner)).json();
    expect(inverters.rows.map((r: { serial: string }) => r.serial)).toEqual([sn]);
    expect((await call('GET', '/device/list?families=toaster', h.owner)).statusCode).toBe(400);
    const byPlant = (await call('GET', '/device/list?plantName=second%20ROOF', h.owner)).json();
    expect(byPlant.rows.map((r: { serial: string }) => r.serial)).toEqual([sn]);
    expect((await call('GET', '/device/list?plantName=elsewhere', h.owner)).json().total).toBe(0);
    // The collector dialog of the plant details: an end user may open its own collector, not another's.
    const collector = (await call('GET', `/collector/${old.collectors[0]!.serial}`, h.owner)).json().data;
    expect(collector.devices.map((d: { serial: string }) => d.serial)).toEqual([sn]);
    expect((await call('GET', `/collector/${other.collectors[0]!.serial}`, h.owner)).statusCode).toBe(404);
  });
});
