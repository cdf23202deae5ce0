// The path of every page, by its route name. The route table (routes.tsx) takes each entry's path from here, and a
// screen that opens another page asks `pathOf(name)`: a path is written once, so a link cannot point at a path the
// table no longer has. This sits apart from routes.tsx because the table loads every page by `import()`: a page
// importing the table would close a circle of imports.
import { MENU_TREE, type MenuGroupName, type RouteName } from '@solarops/contracts';

/** The pages outside the menu: the sign-in pages, the error pages, the personal pages and a display link's wall. */
export type ConstantRouteName =
  | 'profile'
  | 'getuserinfor'
  | 'guide'
  | 'login'
  | 'register'
  | 'changePwd'
  | 'forgetPwd'
  | 'authRedirect'
  | 'notFound'
  | 'display'
  | 'unauthorized';

/** Every page's route name: the spec's (contracts `MENU_TREE`) and the constant pages'. */
export type PageName = RouteName | ConstantRouteName;

/** The menu groups' folders; a group's page is at `<folder>/<route name>` unless `OWN_PATHS` says otherwise. */
export const GROUP_PATHS: Record<Exclude<MenuGroupName, 'dashboard'>, string> = {
  Permission: '/permission',
  Station: '/station',
  Operation: '/operation',
  Set: '/set',
  Manual: '/manual',
  Exhibit: '/exhibit',
};

/** A wall opened by a display link: the link's token is the path's last part (no sign-in, router/guard.ts). */
export const DISPLAY_PATH = '/display/:token';
export const DISPLAY_PREFIX = '/display/';

/** The console's home: it opens the dashboard, or the first page a role without the dashboard may open. */
export const HOME_PATH = '/';

/** `/redirect/<path>` rebuilds the page at `<path>` (the tags bar's refresh, features/redirect). */
export const REDIRECT_PREFIX = '/redirect';

/**
 * The page an address shows, with its query: itself, or for `/redirect/<path>` the page it is rebuilding. While a
 * refresh passes through `/redirect`, the page being refreshed is still the one the user is on.
 */
export function shownPage({ pathname, search }: { pathname: string; search: string }): string {
  const redirecting = pathname === REDIRECT_PREFIX || pathname.startsWith(`${REDIRECT_PREFIX}/`);
  return (redirecting ? pathname.slice(REDIRECT_PREFIX.length) || HOME_PATH : pathname) + search;
}

/** The paths that are not `<group folder>/<route name>`: spec §2 names them so. */
const OWN_PATHS: Record<ConstantRouteName, string> & Partial<Record<RouteName, string>> = {
  dashboard: '/dashboard',
  PagePermission: '/permission/page',
  // Spec §2 lists the plant detail as /details, opened from the plant list.
  details: '/details',
  profile: '/profile/index',
  getuserinfor: '/getuserinfor',
  guide: '/guide/index',
  login: '/login',
  register: '/register',
  changePwd: '/changePwd',
  forgetPwd: '/forgetPwd',
  authRedirect: '/auth-redirect',
  notFound: '/404',
  display: DISPLAY_PATH,
  unauthorized: '/401',
};

const PATHS = new Map<string, string>([
  ...MENU_TREE.flatMap(({ name: group, children }) =>
    children.map((name): [string, string] => [
      name,
      OWN_PATHS[name] ?? `${GROUP_PATHS[group as keyof typeof GROUP_PATHS]}/${name}`,
    ]),
  ),
  ...Object.entries(OWN_PATHS),
]);

/** A query's values: `undefined` or `null` leaves its key out. */
export type PathQuery = Record<string, string | number | null | undefined>;

/**
 * The path of the page `name`, with `query` as its search part (each value URI-encoded), e.g.
 * `pathOf('details', { id: 7 })` is `/details?id=7`.
 */
export function pathOf(name: PageName, query: PathQuery = {}): string {
  const path = PATHS.get(name)!;
  const search = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
