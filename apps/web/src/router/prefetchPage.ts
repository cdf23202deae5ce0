import type { PageLoader } from './types.ts';

const started = new Set<PageLoader>();

/**
 * Starts loading a page's code ahead of a likely visit, once: the visit then finds it in the module cache instead
 * of waiting for its chunks. A failed load is forgotten, so that the visit itself (or the next hint) tries again.
 */
export function prefetchPage(page: PageLoader | undefined): void {
  if (!page || started.has(page)) return;
  started.add(page);
  page().catch(() => started.delete(page));
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether the browser reports a 2G link or asked to save data (Network Information API, where there is one): then
 * only the entry the user points at is fetched ahead, not every page of an opened menu group.
 */
export function slowLink(nav: Navigator = navigator): boolean {
  const c = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  return Boolean(c?.saveData) || /(^|-)2g$/.test(c?.effectiveType ?? '');
}
