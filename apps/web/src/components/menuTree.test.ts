import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES } from '@solarops/contracts';
import { menuTreeNodes, routeNamesOf } from './menuTree.ts';

describe('permission tree', () => {
  it('holds every route name of the spec once, under its menu group', () => {
    const leaves = menuTreeNodes().flatMap((n) => (n.children ? n.children.map((c) => c.key) : [n.key]));
    expect([...leaves].sort()).toEqual([...ROUTE_NAMES].sort());
    const set = menuTreeNodes().find((n) => n.key === 'group:Set');
    expect(set?.children?.map((c) => c.key)).toContain('permissions');
  });

  it('keeps only route names from the checked keys', () => {
    expect(routeNamesOf(['group:Station', 'list', 'alarmlist', 'nonsense'])).toEqual(['list', 'alarmlist']);
  });
});
