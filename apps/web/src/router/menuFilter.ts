import { ALWAYS_HIDDEN } from '@solarops/contracts';
import type { MenuIcon } from '../layout/menuIcons.tsx';
import { isExternal, isGroup } from './routes.tsx';
import type { MenuEntry, PageRoute } from './types.ts';

/** What the sidebar draws: a page link, an external link, or a folder of those. */
export interface MenuItemView {
  /** The path of a page, the address of an external link, or the group's path. */
  key: string;
  name: string;
  title: string;
  icon?: MenuIcon;
  external?: boolean;
  children?: MenuItemView[];
}

const isVisiblePage = (page: PageRoute, menuList: readonly string[]) =>
  !(ALWAYS_HIDDEN as readonly string[]).includes(page.name) && menuList.includes(page.name);

/**
 * The menu for one user (spec §2): a page shows when its name is in the menu list and it is not hidden; a group
 * shows when one of its children does, and a group with a single visible child is drawn as that child alone.
 */
export function visibleMenu(
  entries: readonly MenuEntry[],
  menuList: readonly string[],
  roleId: number,
): MenuItemView[] {
  const out: MenuItemView[] = [];
  for (const entry of entries) {
    if (isExternal(entry)) {
      if (entry.roleIds.includes(roleId))
        out.push({
          key: entry.link,
          name: entry.name,
          title: entry.meta.title,
          icon: entry.icon,
          external: true,
        });
    } else if (isGroup(entry)) {
      const children = entry.children
        .filter((c) => isVisiblePage(c, menuList))
        .map((c): MenuItemView => ({ key: c.path, name: c.name, title: c.meta.title, icon: c.icon }));
      const [only] = children;
      if (children.length === 1 && only) out.push({ ...only, icon: only.icon ?? entry.icon });
      else if (children.length > 1)
        out.push({ key: entry.path, name: entry.name, title: entry.meta.title, icon: entry.icon, children });
    } else if (isVisiblePage(entry, menuList)) {
      out.push({ key: entry.path, name: entry.name, title: entry.meta.title, icon: entry.icon });
    }
  }
  return out;
}
