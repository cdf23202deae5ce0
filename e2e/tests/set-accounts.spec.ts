import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { ROLE } from '@solarops/contracts';
import { baseUrl, bindRole, createPersonalUser } from '../support/api.ts';
import { expect, signInAsAdmin, test } from '../support/fixtures.ts';
import { setLanguage } from '../support/language.ts';

test('the installer list exports as a workbook in the user’s language, the rows the list shows', async ({
  page,
  context,
}) => {
  // Two installers of this run (the shared server may hold more from other tests).
  for (let i = 0; i < 2; i++) {
    const { userCode } = await createPersonalUser('Installer-pass-1');
    await bindRole(userCode, ROLE.installer);
  }
  await setLanguage(context, 'en', baseUrl());
  await signInAsAdmin(page);
  await page.goto('/set/Install');
  await expect(page.getByTestId('page-Install')).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const shown = await page.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
  expect(shown.length).toBeGreaterThanOrEqual(2);

  const download = page.waitForEvent('download');
  await page.getByTestId('account-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('accounts-Install.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('User name');
  const exported: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) exported.push(String(row.getCell(1).value));
  });
  // Every page of the list, in its order: the first page is the one on screen.
  expect(exported.slice(0, shown.length)).toEqual(shown.map((s) => s.trim()));
  expect(exported.length).toBeGreaterThanOrEqual(shown.length);
});
