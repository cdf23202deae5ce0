import { ALWAYS_HIDDEN, type RouteName } from '@solarops/contracts';
import { DISPLAY_PREFIX, findPage, LAYOUT_PAGES } from './routes.tsx';

/**
 * Paths that open without a token (spec §2), plus the forgot-password page, which a signed-out user needs by
 * definition.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/auth-redirect',
  '/register',
  '/changePwd',
  '/forgetPwd',
];

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  /** User info has been fetched this page load ("roles" in the spec's words). */
  userLoaded: boolean;
  /** The account must change its initial password before anything else. */
  firstLogin: boolean;
  menuList: readonly string[];
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Fetch user info, then decide again; on failure reset the token and show the sign-in page. */
  | { kind: 'loadUser' };

/** May a signed-in user with this menu list open this path? Menu pages need their name in the list. */
export function isPathPermitted(pathname: string, menuList: readonly string[]): boolean {
  const page = findPage(pathname);
  if (!page || page.constant) return true;
  return menuList.includes(page.name);
}

/** The first menu page (in menu order) this menu list opens, if any. */
export function firstPermittedPath(menuList: readonly string[]): string | undefined {
  return LAYOUT_PAGES.find(
    (p) =>
      !p.constant &&
      !p.meta.hidden &&
      !ALWAYS_HIDDEN.includes(p.name as RouteName) &&
      menuList.includes(p.name),
  )?.path;
}

/** The navigation guard of spec §2 as a pure function; `NavigationGuard` carries out its decision. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, search, hasToken } = input;
  // A wall opened by a display link carries its own read-only token, signed in or not (decision 0013).
  if (pathname.startsWith(DISPLAY_PREFIX)) return { kind: 'allow' };
  if (!hasToken) {
    if (PUBLIC_PATHS.includes(pathname)) return { kind: 'allow' };
    const back = pathname === '/' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
    return { kind: 'redirect', to: `/login${back}` };
  }
  if (pathname === '/login') return { kind: 'redirect', to: '/' };
  // A first sign-in with an initial password leads to the change-password page and nowhere else.
  if (input.firstLogin && pathname !== '/changePwd') return { kind: 'redirect', to: '/changePwd' };
  if (!input.userLoaded) return { kind: 'loadUser' };
  if (!isPathPermitted(pathname, input.menuList)) {
    // A role without the dashboard (a staff role made of a few screens) starts on its first permitted page.
    const home = pathname === '/dashboard' ? firstPermittedPath(input.menuList) : undefined;
    return { kind: 'redirect', to: home ?? '/401' };
  }
  return { kind: 'allow' };
}
