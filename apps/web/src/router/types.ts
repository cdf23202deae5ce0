// The route table's types, apart from the table itself: the layout reads routes by these types, while the table
// loads the layout and every page, so a type import of the table would close a circle of imports.
import type { ComponentType } from 'react';
import type { MenuGroupName } from '@solarops/contracts';
import type { StringGroup } from '../i18n/stringGroups.ts';
import type { MenuIcon } from '../layout/menuIcons.tsx';
import type { PageName } from './paths.ts';

/** Loads a page component on first visit, so that each page is its own chunk (the login page stays small). */
export type PageLoader = () => Promise<ComponentType>;

/**
 * Starts a page's first data request (its first query, into the query cache) while the page's code still loads;
 * the page's own query then finds the answer, or the request in flight, instead of asking only once it is drawn.
 */
export type PageData = () => Promise<unknown>;

export interface RouteMeta {
  /** i18n key of the title: `menu.<name>` for route names of the spec. */
  title: string;
  /** Fixed tab that cannot be closed (spec §2). */
  affix?: boolean;
  /** The page is rebuilt on every visit instead of keeping its state while its tab is open. */
  noCache?: boolean;
  /** false: left out of the breadcrumbs. */
  breadcrumb?: boolean;
  /**
   * Opens without a token (spec §2's sign-in pages). Whether a page shows in the menu is not a mark here: contracts'
   * `ALWAYS_HIDDEN` says it, for the console and the server alike.
   */
  public?: boolean;
  /** Drawn on the whole screen, without the console's sidebar, top bar and tabs (the display walls). */
  fullScreen?: boolean;
  /**
   * The feature groups whose strings the page speaks beside the shared catalog (i18n/stringGroups.ts), loaded
   * with its code; none (the sign-in and error pages): the shared catalog only. A page downloads no other
   * group's strings (`catalogs.test.ts` checks that each page's keys are in the catalogs it names).
   */
  strings?: readonly StringGroup[];
  /**
   * The page draws without Ant Design (the sign-in page): it stays outside the console's theme provider
   * (components/ConsoleTheme.tsx), so that opening it downloads none of Ant Design.
   */
  withoutAntDesign?: boolean;
}

/** One page: a spec route name, its path, its lazily loaded component and what the layout needs to know. */
export interface PageRoute {
  name: PageName;
  path: string;
  page: PageLoader;
  /** Its first data request, started beside its code on a navigation and when its menu entry is pointed at. */
  data?: PageData;
  icon?: MenuIcon;
  meta: RouteMeta;
  /** true for pages every signed-in user may open whatever the menu list says (personal centre, guide...). */
  constant?: boolean;
}

/** A top-level folder of the menu; it shows when at least one child does (spec §2). */
export interface MenuGroupRoute {
  name: MenuGroupName;
  path: string;
  icon: MenuIcon;
  meta: RouteMeta;
  children: PageRoute[];
}

/** An entry of the menu that opens another site in a new tab. */
export interface ExternalLinkRoute {
  name: string;
  link: string;
  icon: MenuIcon;
  meta: RouteMeta;
  /** Only users of these role ids see it. */
  roleIds: readonly number[];
}

export type MenuEntry = PageRoute | MenuGroupRoute | ExternalLinkRoute;

/** What each router entry carries so that the layout finds its page route without searching. */
export interface RouteHandle {
  route: PageRoute;
}
