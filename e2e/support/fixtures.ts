import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { adminPassword, baseUrl } from './api.ts';
import { serverDefectsMark, serverDefectsSince } from './serverDefects.ts';

/** Selectors shared by the tests, in one place. */
export const sel = {
  username: '[data-testid="login-username"]',
  password: '[data-testid="login-password"]',
  submit: '[data-testid="login-submit"]',
  loginError: '[data-testid="login-error"]',
  sidebar: '[data-testid="sidebar"]',
  toggle: '[data-testid="sidebar-toggle"]',
  tag: '[data-testid="tag"]',
  avatarMenu: '[data-testid="avatar-menu"]',
  languageSelect: '[data-testid="language-select"]',
  /** The title of the page on screen (hidden tabs keep their pages mounted). */
  pageTitle: '.app-page:not([style*="none"]) [data-testid="page-title"]',
};

/**
 * Errors a test provokes on purpose, each with why; any other uncaught error or unhandled rejection of a page, or
 * unhandled rejection a server logs, fails the test it happens in.
 */
const PROVOKED: readonly RegExp[] = [
  // account.spec.ts leaves a rejection unhandled to prove the console's own handler sends it to the error log.
  /e2e unhandled \d+/,
];

/** How Chromium logs a rejection no code handled (a page's `pageerror` may carry it too). */
const UNHANDLED_REJECTION = /Uncaught \(in promise\)|Unhandled Promise Rejection|unhandledrejection/i;

/** What the pages of this worker raised, in order; each test reads what came during it. */
const pageDefects: string[] = [];

/** Records a context's uncaught errors and logged unhandled rejections, its pages' included. */
function watchContext(context: BrowserContext): void {
  context.on('weberror', (e) => {
    const error = e.error();
    pageDefects.push(`pageerror on ${e.page()?.url() ?? '?'}: ${error.stack ?? error.message}`);
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && UNHANDLED_REJECTION.test(message.text()))
      pageDefects.push(`console on ${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
}

/**
 * The 2G notice would cover every page; only its own test sees it. Set on every document the page or context loads
 * from the console's origin: a context's script runs on its first blank page too, where storage is refused.
 */
export async function dismiss2gNotice(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('notice2gDismissed', '1');
  });
}

export const test = base.extend<{ showNotice: boolean; failOnDefects: void }, object>({
  showNotice: [false, { option: true }],
  // Every context is watched, the `page` fixture's and those a test opens itself (`browser.newContext()`,
  // `browser.newPage()`: both go through `newContext`).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        watchContext(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // Set up first and torn down last (an automatic fixture without dependencies), so it sees the whole test, its
  // pages closed included. It starts no browser: a test that opens no page costs no more.
  failOnDefects: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pagesBefore = pageDefects.length;
      const serverMark = serverDefectsMark();
      await use();
      const defects = [...pageDefects.slice(pagesBefore), ...serverDefectsSince(serverMark)].filter(
        (d) => !PROVOKED.some((p) => p.test(d)),
      );
      expect(defects, 'uncaught errors of the pages and unhandled rejections of the servers').toEqual([]);
    },
    { auto: true },
  ],
  // Playwright reads a fixture's dependencies from its first parameter's pattern, so it must be `{}` here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(baseUrl()),
  page: async ({ page, showNotice }, use) => {
    // The 2G notice would cover every page; only its own test sees it.
    if (!showNotice) await dismiss2gNotice(page);
    // Whatever a test does, nothing on its pages may be refused by the Content-Security-Policy (Chromium says so
    // on the console).
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await use(page);
    expect(refused, 'refused by the Content-Security-Policy').toEqual([]);
  },
});
export { expect };

export async function signIn(page: Page, username = 'admin', password = adminPassword()): Promise<void> {
  await page.goto('/login');
  await page.locator(sel.username).fill(username);
  await page.locator(sel.password).fill(password);
  await page.locator(sel.submit).click();
}

/** Signs in as the administrator and waits for the layout. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page);
  await expect(page.locator(sel.sidebar)).toBeVisible();
}

export const sessionValue = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

/** The 告警信息 dialog: it opens by itself for distributors while alarms are unconfirmed, and again on each new one. */
export const alarmDialog = (page: Page) =>
  page.locator('.ant-modal').filter({ has: page.getByTestId('alarm-dialog-table') });

/** Closes the alarm dialog if it is open or opening. */
export async function closeAlarmDialogIfOpen(page: Page): Promise<void> {
  const dialog = alarmDialog(page);
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.locator('.ant-modal-close').click();
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Does what a distributor does on a page while alarms keep coming: closes the alarm dialog whenever it has opened
 * over the page, then acts (`act` must be safe to repeat, and give its clicks a short timeout).
 */
export async function pastAlarmDialog(page: Page, act: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await closeAlarmDialogIfOpen(page);
    await act();
  }).toPass({ timeout: 30_000 });
}

/**
 * Waits until no dialog and no confirmation popover (a Popconfirm) is still zooming in: a click, or a stroke drawn
 * from a box measured, on one still moving can land beside its target.
 */
export async function dialogsSettled(page: Page): Promise<void> {
  await expect(
    page.locator(
      '.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter, .ant-popover.ant-zoom-big-appear, .ant-popover.ant-zoom-big-enter',
    ),
  ).toHaveCount(0);
}
