import { hasToken, session, storedMenuList } from '../api/session.ts';
import { loadFeatureStrings } from '../i18n/i18n.ts';
import { isPathPermitted } from './guard.ts';
import type { PageLoader, PageRoute } from './types.ts';

const started = new Set<PageLoader>();

/**
 * Starts loading a page's code and its feature groups' strings ahead of a likely visit, once: the visit then finds
 * both in the module cache instead of waiting for them. A failed load is forgotten, so that the visit itself (or the
 * next hint) tries again.
 */
export function prefetchPage(route: Pick<PageRoute, 'page' | 'meta'> | undefined): void {
  const page = route?.page;
  if (!page || started.has(page)) return;
  started.add(page);
  page().catch(() => started.delete(page));
  if (route.meta.strings?.length) loadFeatureStrings(route.meta.strings).catch(() => undefined);
}

/**
 * Starts a page's first data request (its route's `data`) beside its code: on a navigation (the router's loader)
 * and when its menu entry is pointed at. Only for a session that may open the page, as the guard will decide, so
 * that no request is made that the page would never show; a failure is left to the page's own query.
 */
export function prefetchPageData(route: PageRoute | undefined): void {
  // An account still on its first password is sent to change it by the guard, whatever page it asked for.
  const firstLogin = session.get('firstLogin') === 'true';
  if (!route?.data || !hasToken() || firstLogin || !isPathPermitted(route.path, storedMenuList())) return;
  route.data().catch(() => undefined);
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
