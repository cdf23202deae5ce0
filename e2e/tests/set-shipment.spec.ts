import ExcelJS from 'exceljs';
import { adminAuth, baseUrl, unique } from '../support/api.ts';
import { expect, signInAsAdmin, test } from '../support/fixtures.ts';
import { shot } from '../support/screenshots.ts';

test('a shipment file with a bad row stores nothing and says why; its good rows then import', async ({
  page,
}) => {
  const auth = await adminAuth();
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${baseUrl()}/prod-api${path}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(r.status, path).toBe(200);
    return ((await r.json()) as { data: unknown }).data;
  };
  const tag = unique('')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(-6);
  const dist = (await post('/user/manager/add', {
    userCode: unique('dist'),
    name: 'Coastal Solar',
    email: `${unique('dist')}@example.com`,
    phone: '13812345678',
    roleId: 2,
  })) as { dealercode: string };
  await post('/serial/rule/add', {
    model: `E2E-SC-${tag}`,
    kind: 'collector',
    prefix: 'EC',
    length: 12,
    charset: 'upperAlnum',
    checkDigit: 'none',
  });

  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Shipment');
  sheet.addRow(['Kind', 'Serial', 'Model', 'Firmware', 'ICCID', 'Dealer code', 'Collector serial']);
  sheet.addRow(['collector', `EC${tag}0001`, `E2E-SC-${tag}`, '1.0.0', '', dist.dealercode, '']);
  sheet.addRow(['collector', `EC${tag}02`, `E2E-SC-${tag}`, '1.0.0', '', dist.dealercode, '']);
  sheet.addRow(['collector', `EC${tag}0003`, `E2E-SC-${tag}`, '1.0.0', '', dist.dealercode, '']);
  const file = {
    name: 'shipment.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  };

  await signInAsAdmin(page);
  await page.goto('/set/shipment');
  await page.locator('[data-testid="page-shipment"] input[type="file"]').setInputFiles(file);
  const report = page.getByTestId('shipment-report');
  await expect(report).toContainText('未入库：3 行中有 1 行错误');
  await expect(report).toContainText('序列号长度不符合该型号的规则');
  await expect(report.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('set-shipment-zh') });

  await page.getByText('只导入正确的行').click();
  const download = page.waitForEvent('download');
  await page.locator('[data-testid="page-shipment"] input[type="file"]').setInputFiles(file);
  await expect(report).toContainText('已导入 2 / 3 行');
  expect((await download).suggestedFilename()).toMatch(/^collector-secrets-\d+\.csv$/);
  await expect(page.getByRole('cell', { name: `EC${tag}0001` })).toBeVisible();
});
