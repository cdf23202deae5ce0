import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdfText.ts';
import { type FleetServer, startFleetServer } from '../support/fleetServer.ts';
import { dismiss2gNotice, expect, sel, signIn, test } from '../support/fixtures.ts';
import { setLanguage, switchLanguage } from '../support/language.ts';
import { shot } from '../support/screenshots.ts';

const PASSWORD = 'Renew#Pass2026';
const INSTALLERS = ['demo-installer-1', 'demo-installer-2'];

interface Card {
  id: number;
  iccid: string;
  expiresOn: string | null;
  renewable: boolean;
}

let fleet: FleetServer;
let sharedBaseUrl: string | undefined;
let installer = '';
let cards: Card[] = [];
let page: Page;

/** The day a one-year renewal gives a card: a year on from its expiry, or from today once that has passed. */
function afterOneYear(expiresOn: string | null): string {
  const today = new Date().toISOString().slice(0, 10);
  const from = expiresOn && expiresOn >= today ? expiresOn : today;
  return `${Number(from.slice(0, 4)) + 1}${from.slice(4)}`;
}

/** A page of its own on the fleet's console in Chinese, signed in as `user`, once the layout shows. */
async function signedInPage(browser: Browser, user: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: fleet.baseUrl });
  await setLanguage(context, 'zh', fleet.baseUrl);
  await dismiss2gNotice(context);
  const p = await context.newPage();
  await signIn(p, user, password);
  await expect(p.locator(sel.sidebar)).toBeVisible({ timeout: 60_000 });
  return p;
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  // A server of its own with a fleet, and a sign-in: generous for a loaded 2-core machine.
  test.setTimeout(300_000);
  // Eight plants give each of the two installers enough collectors for three renewable cards.
  fleet = await startFleetServer({ plants: 8, backfillDays: 0 });
  sharedBaseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_BASE_URL = fleet.baseUrl;
  // The simulated carrier gives every collector a card at start: an installer with three renewable ones renews them.
  const tokens: [string, string][] = [];
  for (const user of INSTALLERS) {
    await fleet.setPassword(user, PASSWORD);
    tokens.push([user, await fleet.login(user, PASSWORD)]);
  }
  await expect(async () => {
    for (const [user, token] of tokens) {
      const list = await fleet.api<{ rows: Card[] }>('/card/list?pageSize=50', { token });
      const renewable = list.rows.filter((c) => c.renewable);
      if (renewable.length >= 3) {
        installer = user;
        cards = renewable.slice(0, 3);
        return;
      }
    }
    throw new Error('no installer with three renewable cards yet');
  }).toPass({ timeout: 120_000 });
  page = await signedInPage(browser, installer, PASSWORD);
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = sharedBaseUrl;
  await page?.context().close();
  await fleet?.close();
});

test('an installer renews three cards with a company invoice and pays on the mock page; staff mark it invoiced; the installer downloads the invoice request', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto('/operation/card');
  const table = page.getByTestId('card-table');
  // Each card found by its ICCID and ticked; the ticks stay through the searches.
  for (const c of cards) {
    await page.getByTestId('card-iccid').fill(c.iccid);
    await page.getByTestId('search-submit').click();
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1, { timeout: 30_000 });
    await expect(rows.first()).toContainText(c.iccid);
    await rows.first().locator('.ant-checkbox-input').check();
  }
  await expect(page.getByTestId('card-renew')).toContainText('3');
  await page.getByTestId('card-renew').click();
  await expect(page).toHaveURL(/\/operation\/renew\?cards=/);
  await expect(page.getByTestId('renew-selected')).toHaveText('已选 3 张');
  // 15.00 CNY per card and year by default: three cards for one year.
  await expect(page.getByTestId('renew-amount')).toContainText('45.00 CNY');

  await page.locator('[data-testid="renew-invoice-type"] input[value="company"]').check();
  await page.getByTestId('renew-title').fill('阳光新能源有限公司');
  // Seventeen characters: the form says what a tax code is and makes no order.
  await page.getByTestId('renew-tax-code').fill('91350100MA2XYK123');
  await page.getByTestId('renew-address').fill('福州市鼓楼区光伏路 1 号');
  await page.getByTestId('renew-phone').fill('0591-88880000');
  await page.getByTestId('renew-bank').fill('中国银行福州分行');
  await page.getByTestId('renew-bank-account').fill('4063 5100 0000 1234');
  await page.getByTestId('renew-recipient-name').fill('李雷');
  await page.getByTestId('renew-recipient-phone').fill('13800138000');
  await page.getByTestId('renew-recipient-address').fill('福州市鼓楼区光伏路 1 号');
  await page.getByTestId('renew-submit').click();
  await expect(page.getByText('统一社会信用代码为 18 位数字或大写字母')).toBeVisible();
  await expect(page).not.toHaveURL(/orderNo=/);
  await page.getByTestId('renew-tax-code').fill('91350100MA2XYK123Q');
  await page.screenshot({ path: shot('renew-form-zh'), fullPage: true });
  await page.getByTestId('renew-submit').click();

  // The form gives way to the payment in the same tab: one renewal page, its address now the order's.
  const cashier = page.getByTestId('mock-cashier');
  await expect(cashier).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/operation\/renew\?orderNo=R\d+/);
  await expect(page.locator('[data-testid="tag"][data-path^="/operation/renew"]')).toHaveCount(1);
  await expect(cashier.getByTestId('cashier-amount')).toHaveText('45.00 CNY');
  const orderNo = (await cashier.getByTestId('cashier-order-no').textContent()) ?? '';
  await page.screenshot({ path: shot('renew-cashier-zh'), fullPage: true });
  // The same cashier in English (switched from the top bar, as a user does), then back in Chinese to pay.
  await switchLanguage(page, 'en');
  await expect(cashier).toContainText('Cashier (built-in mock provider)');
  await expect(cashier.getByTestId('cashier-cancel')).toHaveText('Cancel order');
  await page.screenshot({ path: shot('renew-cashier-en'), fullPage: true });
  await switchLanguage(page, 'zh');
  await expect(cashier).toContainText('收银台（内置模拟支付）');
  await cashier.getByTestId('cashier-pay').click();

  const done = page.getByTestId('renew-done');
  await expect(done).toContainText('续费已支付', { timeout: 30_000 });
  for (const c of cards)
    await expect(done.getByTestId('order-cards').locator('tbody tr', { hasText: c.iccid })).toContainText(
      afterOneYear(c.expiresOn),
    );
  await page.screenshot({ path: shot('renew-done-zh'), fullPage: true });

  // The card list, searched for each card, shows its new expiry.
  await page.goto('/operation/card');
  for (const c of cards) {
    await page.getByTestId('card-iccid').fill(c.iccid);
    await page.getByTestId('search-submit').click();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1, { timeout: 30_000 });
    await expect(table.locator('tbody tr.ant-table-row', { hasText: c.iccid })).toContainText(
      afterOneYear(c.expiresOn),
    );
  }

  // Staff (the administrator) record the invoice as drawn and sent on the order list.
  const staff = await signedInPage(browser, 'admin', fleet.adminPassword);
  await staff.goto('/operation/bill');
  await staff.getByTestId('bill-order-no').fill(orderNo);
  await staff.getByTestId('search-submit').click();
  const orderRow = staff.getByTestId('bill-table').locator('tbody tr.ant-table-row');
  await expect(orderRow).toHaveCount(1, { timeout: 30_000 });
  await expect(orderRow).toContainText('待开票');
  await orderRow.getByTestId('bill-mark-invoiced').click();
  const drawer = staff.getByTestId('invoiced-drawer');
  await drawer.getByTestId('invoiced-drawer-name').fill('Wang Fang');
  await drawer.getByTestId('invoiced-company').fill('SF Express');
  await drawer.getByTestId('invoiced-no').fill('SF1234567890');
  await drawer.getByTestId('invoiced-save').click();
  await expect(orderRow).toContainText('已开票', { timeout: 30_000 });
  await staff.screenshot({ path: shot('renew-bill-invoiced-zh'), fullPage: true });
  await staff.context().close();

  // In English, the installer's order details show the invoice drawn, and the invoice request comes as a PDF.
  await setLanguage(page, 'en', fleet.baseUrl);
  await page.goto(`/operation/renewDetails?orderNo=${orderNo}`);
  const details = page.getByTestId('page-renew-details');
  await expect(details.getByTestId('order-status')).toHaveText('Succeeded', { timeout: 30_000 });
  await expect(details.getByTestId('order-invoice')).toContainText('Company VAT invoice');
  await expect(details.getByTestId('invoice-status')).toHaveText('Invoiced');
  await expect(details.getByTestId('order-invoice')).toContainText('SF1234567890');
  await page.screenshot({ path: shot('renew-details-en'), fullPage: true });
  const download = page.waitForEvent('download');
  await details.getByTestId('details-invoice-request').click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`${orderNo}-invoice-request.pdf`);
  const text = (await pdfText(readFileSync(await pdf.path()))).join('\n');
  for (const words of [
    'Invoice request',
    orderNo,
    '45.00 CNY',
    '91350100MA2XYK123Q',
    'Wang Fang',
    'SF1234567890',
  ])
    expect(text).toContain(words);
});
