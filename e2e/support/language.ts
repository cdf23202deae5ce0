import { expect, type BrowserContext, type Page } from '@playwright/test';
import { sel } from './fixtures.ts';

/**
 * The language of the next page load on the console at `url` (the console reads its cookie when a page loads), for
 * a page or for every page of a browser context (one set before its first page opens).
 */
export async function setLanguage(on: Page | BrowserContext, lang: 'zh' | 'en', url: string): Promise<void> {
  const context = 'addCookies' in on ? on : on.context();
  await context.addCookies([{ name: 'language', value: lang, url }]);
}

/**
 * Switches the language from the top bar, as a user does: the page keeps what is on it (the device chosen, the
 * values read, the slots edited), so that the other language is seen without doing it all again.
 */
export async function switchLanguage(on: Page, lang: 'zh' | 'en'): Promise<void> {
  await on.locator(sel.languageSelect).click();
  await on.getByTestId(`lang-${lang}`).click();
  await expect(on.getByTestId('menu-Station')).toHaveText(lang === 'en' ? 'Plants' : '电站管理');
}
