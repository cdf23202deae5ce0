import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs, type TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { xlsxBomb, zipFile } from '../../../test/zipFile.ts';
import { verifyDeviceSecret } from '../devices/deviceSecrets.ts';
import { collectors } from '../devices/tables.ts';
import { shipmentItems } from './tables.ts';

type Headers = Record<string, string>;

/** A shipment workbook as a factory would fill the template. */
async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Shipment');
  sheet.addRow(['Kind', 'Serial', 'Model', 'Firmware', 'ICCID', 'Dealer code', 'Collector serial']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('shipment import', () => {
  let t: TestApp;
  let admin: Headers;
  let dist: TestUser;
  const upload = (file: Buffer, mode: string, headers = admin) => {
    const form = multipart({
      file: { filename: 'shipment.xlsx', contentType: 'application/octet-stream', data: file },
      mode,
    });
    return t.app.inject({
      method: 'POST',
      url: '/prod-api/shipment/import?langType=en',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const stored = async () => {
    const [items] = await t.db.select({ n: count() }).from(shipmentItems);
    const [cols] = await t.db.select({ n: count() }).from(collectors);
    return { items: items!.n, collectors: cols!.n };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    dist = await createUser(t.db, { roleId: ROLE.distributor });
    const rule = (model: string, kind: string, prefix: string, length: number) =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/serial/rule/add',
        headers: admin,
        payload: { model, kind, prefix, length, charset: 'digits', checkDigit: 'none' },
      });
    await rule('SC-4G', 'collector', 'SC', 12);
    await rule('INV-5K', 'device', 'IN', 12);
  });
  afterAll(() => t.close());

  it('a 10 000-row file with 3 bad rows is reported row by row and stores nothing; then its good rows import', async () => {
    const rows: (string | number)[][] = [];
    for (let i = 0; i < 2000; i++) {
      const sc = `SC${pad(i, 10)}`;
      rows.push(['collector', sc, 'SC-4G', '1.0.3', `898600${pad(i, 14)}`, dist.dealercode!, '']);
      for (let j = 0; j < 4; j++)
        rows.push(['device', `IN${pad(i * 4 + j, 10)}`, 'INV-5K', '2.1.0', '', dist.dealercode!, sc]);
    }
    expect(rows).toHaveLength(10_000);
    // Three bad device rows (devices: nothing else in the file depends on them).
    rows[11] = ['device', 'IN123', 'INV-5K', '2.1.0', '', dist.dealercode!, 'SC0000000002']; // sheet row 13
    rows[501] = ['device', 'IN9999999999', 'INV-5K', '2.1.0', '', 'NO-SUCH-DEALER', 'SC0000000100']; // row 503
    rows[9001] = [...rows[8001]!]; // sheet row 9003 repeats row 8003
    const file = await workbook(rows);
    const before = await stored();

    const res = await upload(file, 'all');
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ stored: false, shipmentId: null, rows: 10_000, imported: 0, secrets: [] });
    expect(report.errors).toEqual([
      {
        row: 13,
        serial: 'IN123',
        field: 'serial',
        message: "The serial's length does not fit the model's rule",
      },
      { row: 503, serial: 'IN9999999999', field: 'dealercode', message: 'No distributor has this code' },
      {
        row: 9003,
        serial: rows[8001]![1],
        field: 'serial',
        message: 'The serial repeats row 8003 of the file',
      },
    ]);
    expect(await stored()).toEqual(before);

    const good = await upload(file, 'goodRows');
    const result = good.json().data;
    expect(result).toMatchObject({ stored: true, rows: 10_000, imported: 9_997 });
    expect(result.errors).toHaveLength(3);
    expect(result.secrets).toHaveLength(2000);
    expect(await stored()).toEqual({ items: before.items + 9_997, collectors: before.collectors + 2000 });
    // The secret handed out authenticates its collector.
    const first = result.secrets[0] as { serial: string; secret: string };
    const [c] = await t.db.select().from(collectors).where(eq(collectors.serial, first.serial));
    expect(verifyDeviceSecret(first.secret, c!.secretHash)).toBe(true);

    // The same file again: every serial is known now, nothing more is stored.
    const again = (await upload(file, 'goodRows')).json().data;
    expect(again.stored).toBe(false);
    expect(again.errors[0].message).toBe('This serial is already in the system');
  });

  it('refuses a file that is not a workbook, and a role without `shipment`', async () => {
    const bad = await upload(Buffer.from('serial,model\n'), 'all');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'file' });
    const installer = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.installer }))).headers;
    expect((await upload(await workbook([]), 'all', installer)).statusCode).toBe(403);
  });

  it('serves the template, lists what a distributor received and exports it', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/prod-api/shipment/template',
      headers: admin,
    });
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const distS = (await loginAs(t.app, dist)).headers;
    const other = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.distributor }))).headers;
    const mine = await t.app.inject({
      method: 'GET',
      url: '/prod-api/shipment/items?pageSize=5',
      headers: distS,
    });
    expect(mine.json().total).toBe(9_997);
    const theirs = await t.app.inject({ method: 'GET', url: '/prod-api/shipment/items', headers: other });
    expect(theirs.json().total).toBe(0);
    const file = await t.app.inject({
      method: 'GET',
      url: '/prod-api/shipment/export?serial=SC000000000&langType=en',
      headers: admin,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Serial');
    expect(sheet.rowCount).toBe(1 + 10);
  });

  it('refuses a zip bomb before inflating it: 400, nothing stored, memory flat', async () => {
    const MB = 1024 * 1024;
    const files = {
      // A few hundred kB that unpack to 200 MB of sheet XML.
      honest: await xlsxBomb(200 * MB),
      // The same, with a directory that claims the sheet is 1 kB.
      forged: await xlsxBomb(200 * MB, 1024),
      // 2 000 tiny parts.
      entries: await zipFile(
        Array.from({ length: 2000 }, (_, i) => ({ name: `xl/media/p${i}.xml`, data: Buffer.from('<a/>') })),
      ),
    };
    const before = await stored();
    for (const [name, file] of Object.entries(files)) {
      expect(file.length, name).toBeLessThan(MB);
      const base = process.memoryUsage().rss;
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const res = await upload(file, 'goodRows');
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toContain('50 MB');
      expect((peak - base) / MB, name).toBeLessThan(50);
    }
    expect(await stored()).toEqual(before);
  }, 180_000);

  it('refuses a file larger than its limit while it arrives', async () => {
    const res = await upload(Buffer.alloc(9 * 1024 * 1024, 0x41), 'all');
    expect(res.statusCode).toBe(413);
  });
});
