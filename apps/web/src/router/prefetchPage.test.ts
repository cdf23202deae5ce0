import { describe, expect, it, vi } from 'vitest';
import type * as i18nModule from '../i18n/i18n.ts';
import { loadFeatureStrings } from '../i18n/i18n.ts';
import { prefetchPage, slowLink } from './prefetchPage.ts';

vi.mock('../i18n/i18n.ts', async (actual) => ({
  ...(await actual<typeof i18nModule>()),
  loadFeatureStrings: vi.fn(() => Promise.resolve()),
}));

const page = () => vi.fn(() => Promise.resolve(() => null));
const route = (loader: () => Promise<unknown>, strings?: ['operation']) => ({
  page: loader as never,
  meta: { title: 'menu.x', strings },
});

describe('prefetchPage', () => {
  it('loads a page once however often it is hinted', async () => {
    const loader = page();
    prefetchPage(route(loader));
    prefetchPage(route(loader));
    await Promise.resolve();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('fetches the strings of the page’s feature groups with its code, so the click waits for neither', () => {
    prefetchPage(route(page(), ['operation']));
    expect(loadFeatureStrings).toHaveBeenCalledWith(['operation']);
  });

  it('tries again after a failed load', async () => {
    const loader = vi.fn(() => Promise.reject(new Error('offline')));
    prefetchPage(route(loader));
    await new Promise((r) => setTimeout(r, 0));
    prefetchPage(route(loader));
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('ignores an entry without a page (an external link)', () => {
    expect(() => prefetchPage(undefined)).not.toThrow();
  });
});

describe('slowLink', () => {
  const nav = (connection?: object) => ({ connection }) as unknown as Navigator;
  it('is true on 2G and when the user saves data', () => {
    expect(slowLink(nav({ effectiveType: '2g' }))).toBe(true);
    expect(slowLink(nav({ effectiveType: 'slow-2g' }))).toBe(true);
    expect(slowLink(nav({ effectiveType: '4g', saveData: true }))).toBe(true);
  });
  it('is false on faster links and where the browser does not say', () => {
    expect(slowLink(nav({ effectiveType: '3g' }))).toBe(false);
    expect(slowLink(nav({ effectiveType: '4g' }))).toBe(false);
    expect(slowLink(nav())).toBe(false);
  });
});
