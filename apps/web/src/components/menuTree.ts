import { isRouteName, MENU_TREE } from '@solarops/contracts';

export interface MenuTreeNode {
  key: string;
  /** i18n key of the title. */
  title: string;
  children?: MenuTreeNode[];
}

/**
 * The spec's menu groups and route names as a tree for the permission editor: one node per group holding its
 * route names; a group without children (dashboard) is a route name itself.
 */
export function menuTreeNodes(): MenuTreeNode[] {
  return MENU_TREE.map((g) =>
    g.children.length === 0
      ? { key: g.name, title: `menu.${g.name}` }
      : {
          key: `group:${g.name}`,
          title: `menu.${g.name}`,
          children: g.children.map((c) => ({ key: c, title: `menu.${c}` })),
        },
  );
}

/** The route names among the keys a tree reports checked (group keys dropped: a group shows via its children). */
export const routeNamesOf = (keys: readonly string[]): string[] => keys.filter((k) => isRouteName(k));
