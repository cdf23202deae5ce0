import { describe, expect, it, vi } from 'vitest';
import { prefetchPage, slowLink } from './prefetchPage.ts';

const page = () => vi.fn(() => Promise.resolve(() => null));

describe('prefetchPage', () => {
  it('loads a page once however often it is hinted', async () => {
    const loader = page();
    prefetchPage(loader);
    prefetchPage(loader);
    await Promise.resolve();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const loader = vi.fn(() => Promise.reject(new Error('offline')));
    prefetchPage(loader);
    await new Promise((r) => setTimeout(r, 0));
    prefetchPage(loader);
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
