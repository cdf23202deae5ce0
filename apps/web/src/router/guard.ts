import { ALWAYS_HIDDEN, type RouteName } from '@solarops/contracts';
import { DISPLAY_PREFIX, pathOf } from './paths.ts';
import { BARE_ROUTES, findPage, LAYOUT_PAGES } from './routes.tsx';

/** Paths that open without a token: the route table's `public` pages (spec §2, and the forgot-password page). */
export const PUBLIC_PATHS: readonly string[] = BARE_ROUTES.filter((r) => r.meta.public).map((r) => r.path);

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
    (p) => !p.constant && !ALWAYS_HIDDEN.includes(p.name as RouteName) && menuList.includes(p.name),
  )?.path;
}

/** The navigation guard of spec §2 as a pure function; `NavigationGuard` carries out its decision. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, search, hasToken } = input;
  // A wall opened by a display link carries its own read-only token, signed in or not (decision 0013).
  if (pathname.startsWith(DISPLAY_PREFIX)) return { kind: 'allow' };
  if (!hasToken) {
    if (PUBLIC_PATHS.includes(pathname)) return { kind: 'allow' };
    const back = pathname === '/' ? undefined : pathname + search;
    return { kind: 'redirect', to: pathOf('login', { redirect: back }) };
  }
  if (pathname === pathOf('login')) return { kind: 'redirect', to: '/' };
  // A first sign-in with an initial password leads to the change-password page and nowhere else.
  if (input.firstLogin && pathname !== pathOf('changePwd'))
    return { kind: 'redirect', to: pathOf('changePwd') };
  if (!input.userLoaded) return { kind: 'loadUser' };
  if (!isPathPermitted(pathname, input.menuList)) {
    // A role without the dashboard (a staff role made of a few screens) starts on its first permitted page.
    const home = pathname === pathOf('dashboard') ? firstPermittedPath(input.menuList) : undefined;
    return { kind: 'redirect', to: home ?? pathOf('unauthorized') };
  }
  return { kind: 'allow' };
}
