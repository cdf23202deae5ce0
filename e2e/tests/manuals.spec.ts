import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { baseUrl, unique } from '../support/api.ts';
import { expect, sel, signIn, test } from '../support/fixtures.ts';
import { setLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

/** A small PDF whose bytes tell the versions apart. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

test('a manual uploaded in zh gets a second version in en; its QR code, decoded, opens the newest version', async ({
  page,
}) => {
  const model = unique('E2E-').toUpperCase();
  const first = pdf(`${model} V1`);
  const second = pdf(`${model} V2`);
  const table = page.getByTestId('manual-table');
  const row = table.getByRole('row').filter({ hasText: model });
  const dialog = page.locator('.ant-modal').filter({ has: page.locator('input[type=file]') });

  // Sized for a loaded machine: two uploads, three downloads and three screenshots.
  test.setTimeout(240_000);
  await signIn(page);
  await expect(page.locator(sel.sidebar)).toBeVisible({ timeout: 30_000 });
  await page.goto('/manual/manual');
  await expect(page.getByTestId('page-manual').getByTestId('state-loading')).toHaveCount(0, {
    timeout: 30_000,
  });
  await page.getByTestId('manual-upload').click();
  await dialog.getByLabel('说明书名称').fill('用户手册');
  await dialog.getByLabel('设备型号').fill(model);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'guide-v1.pdf',
    mimeType: 'application/pdf',
    buffer: first,
  });
  await dialog.getByRole('button', { name: /上\s*传/ }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(row).toContainText('guide-v1.pdf', { timeout: 30_000 });
  await expect(row).toContainText('V1（共 1 个）');
  await expect(row).toContainText('中文');
  await page.screenshot({ animations: 'disabled', path: shot('manual-zh') });

  // The console reads the language cookie when a page loads.
  await setLanguage(page, 'en', baseUrl());
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Manual name' })).toBeVisible({ timeout: 30_000 });
  await row.getByTestId('manual-new-version').click();
  await expect(dialog).toContainText('Upload version V2');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'guide-v2.pdf',
    mimeType: 'application/pdf',
    buffer: second,
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(row).toContainText('V2 (of 2)', { timeout: 30_000 });
  await expect(row).toContainText('guide-v2.pdf');

  // The old version stays downloadable.
  await row.getByTestId('manual-versions-open').click();
  const versions = page.getByTestId('manual-versions');
  await expect(versions.getByRole('row')).toHaveCount(3);
  const oldFile = page.waitForEvent('download');
  await versions.getByTestId('manual-version-download-1').click();
  const old = await oldFile;
  expect(old.suggestedFilename()).toBe('guide-v1.pdf');
  expect(await readFile(await old.path())).toEqual(first);
  await page.screenshot({ animations: 'disabled', path: shot('manual-versions-en') });
  await page.locator('.ant-drawer').getByRole('button', { name: 'Close' }).click();
  await expect(versions).toBeHidden();

  await row.getByTestId('manual-qr-open').click();
  const address = `${baseUrl()}/m/${model}/zh`;
  await expect(page.getByTestId('manual-address')).toContainText(address);
  await expect(page.getByTestId('manual-qr').locator('img')).toBeVisible();
  await page.screenshot({ animations: 'disabled', path: shot('manual-qr-en') });
  const qrFile = page.waitForEvent('download');
  await page.getByTestId('manual-qr-png').click();
  const qr = await qrFile;
  expect(qr.suggestedFilename()).toBe(`manual-${model}-zh-qr.png`);
  const png = PNG.sync.read(await readFile(await qr.path()));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(address);

  // What a phone does with the label: the address, without signing in, gives the newest version.
  const served = await fetch(decoded!.data);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toContain('application/pdf');
  expect(Buffer.from(await served.arrayBuffer())).toEqual(second);
});
