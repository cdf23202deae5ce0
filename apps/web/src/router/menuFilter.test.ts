import { describe, expect, it } from 'vitest';
import { ALWAYS_HIDDEN, MENU_TREE, ROUTE_NAMES } from '@solarops/contracts';
import { visibleMenu } from './menuFilter.ts';
import { LAYOUT_PAGES, MENU_ROUTES, isGroup } from './routes.tsx';

const names = (items: ReturnType<typeof visibleMenu>) =>
  items.map((i) => (i.children ? { [i.name]: i.children.map((c) => c.name) } : i.name));

describe('route table', () => {
  it('holds every route name of the spec exactly once', () => {
    const pageNames = LAYOUT_PAGES.map((p) => p.name);
    for (const name of ROUTE_NAMES) expect(pageNames.filter((n) => n === name)).toHaveLength(1);
    const groups = MENU_ROUTES.filter(isGroup).map((g) => g.name);
    expect(groups).toEqual(MENU_TREE.filter((g) => g.children.length > 0).map((g) => g.name));
  });

  it('gives every page a unique path', () => {
    const paths = LAYOUT_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('menu filtering (spec §2)', () => {
  it('shows only the routes named in the menu list, groups with several children as folders', () => {
    const menu = visibleMenu(MENU_ROUTES, ['dashboard', 'list', 'devicelist', 'staff', 'system'], 4);
    expect(names(menu)).toEqual([
      'dashboard',
      { Station: ['list', 'devicelist'] },
      { Set: ['staff', 'system'] },
    ]);
  });

  it('draws a group with a single visible child as that child alone', () => {
    const menu = visibleMenu(MENU_ROUTES, ['manual', 'alarmlist'], 4);
    expect(names(menu)).toEqual(['alarmlist', 'manual']);
    expect(menu[1]).toMatchObject({ key: '/manual/manual', title: 'menu.manual' });
    // The lone child takes the group's icon so that a collapsed sidebar still shows something.
    expect(menu[1]?.icon).toBeTruthy();
  });

  it('never shows the always-hidden routes, even when permitted', () => {
    const menu = visibleMenu(MENU_ROUTES, [...ALWAYS_HIDDEN], 1);
    expect(names(menu)).toEqual(['apiDocs']);
    const all = visibleMenu(MENU_ROUTES, [...ROUTE_NAMES], 1).flatMap((i) => [
      i.name,
      ...(i.children ?? []).map((c) => c.name),
    ]);
    for (const hidden of ALWAYS_HIDDEN) expect(all).not.toContain(hidden);
    expect(all).toContain('arcDetection');
    expect(all).not.toContain('arcDetectionDetail');
  });

  it('leaves out a group none of whose children is permitted', () => {
    expect(names(visibleMenu(MENU_ROUTES, ['dashboard'], 4))).toEqual(['dashboard']);
  });

  it('shows external links to their roles only, marked to open elsewhere', () => {
    expect(visibleMenu(MENU_ROUTES, [], 1)).toEqual([
      expect.objectContaining({ name: 'apiDocs', external: true, key: '/prod-api/docs' }),
    ]);
    expect(visibleMenu(MENU_ROUTES, [], 2)).toEqual([]);
  });
});
