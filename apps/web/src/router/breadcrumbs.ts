import { findPage, groupOf } from './routes.tsx';
import { pathOf } from './paths.ts';

export interface Crumb {
  title: string;
  /** Absent for the last crumb and for groups, which have no page of their own (spec §2 "no-redirect"). */
  path?: string;
}

/** Breadcrumbs of a path (spec §2): the dashboard, the group, the page; routes marked breadcrumb:false left out. */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const page = findPage(pathname);
  if (!page) return [];
  const crumbs: Crumb[] = [];
  if (page.name !== 'dashboard') crumbs.push({ title: 'menu.dashboard', path: pathOf('dashboard') });
  const group = groupOf(page.name);
  if (group && group.meta.breadcrumb !== false) crumbs.push({ title: group.meta.title });
  if (page.meta.breadcrumb !== false) crumbs.push({ title: page.meta.title });
  const last = crumbs[crumbs.length - 1];
  if (last) delete last.path;
  return crumbs;
}
