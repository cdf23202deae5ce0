// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ALWAYS_HIDDEN, ROUTE_NAMES } from '@solarops/contracts';
import { ruleMessages } from '../../../../scripts/testing/lintExamples.ts';
import { PUBLIC_PATHS } from './guard.ts';
import { visibleMenu } from './menuFilter.ts';
import { pathOf } from './paths.ts';
import { BARE_ROUTES, LAYOUT_PAGES, MENU_ROUTES } from './routes.tsx';

describe('pathOf', () => {
  it('gives each page of the route table the path the router serves it at, one page a path', () => {
    const pages = [...LAYOUT_PAGES, ...BARE_ROUTES];
    for (const page of pages) expect(pathOf(page.name)).toBe(page.path);
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    expect(pathOf('alarmlist')).toBe('/operation/alarmlist');
    expect(pathOf('details')).toBe('/details');
    expect(pathOf('list')).toBe('/station/list');
    expect(pathOf('profile')).toBe('/profile/index');
  });

  it('adds the query with each value encoded, leaving out the empty ones', () => {
    expect(pathOf('details', { id: 7 })).toBe('/details?id=7');
    expect(pathOf('BIFaultDetailList', { plantId: 3, code: 'F 12' })).toBe(
      '/operation/BIFaultDetailList?plantId=3&code=F%2012',
    );
    expect(pathOf('login', { redirect: '/station/list?page=2' })).toBe(
      '/login?redirect=%2Fstation%2Flist%3Fpage%3D2',
    );
    expect(pathOf('renewDetails', { orderNo: undefined, other: null })).toBe('/operation/renewDetails');
  });

  it('takes the menu’s hidden pages from the contracts and the open pages from the route table', () => {
    const shown = visibleMenu(MENU_ROUTES, ROUTE_NAMES, 1).flatMap((e) => [
      e.name,
      ...(e.children ?? []).map((c) => c.name),
    ]);
    for (const name of ROUTE_NAMES) expect(shown.includes(name)).toBe(!ALWAYS_HIDDEN.includes(name));
    expect([...PUBLIC_PATHS].sort()).toEqual(
      [
        pathOf('login'),
        pathOf('authRedirect'),
        pathOf('register'),
        pathOf('changePwd'),
        pathOf('forgetPwd'),
      ].sort(),
    );
  });
});

const pathMessages = async (code: string) =>
  (
    await ruleMessages('apps/web/src/features/operation/bill/example.tsx', code, ['no-restricted-syntax'])
  ).filter((m) => m.startsWith('Open a page by its route name'));

// Building the config loads every plugin once; on a slow machine that takes a few seconds.
describe('a page is opened by its route name, never a written path', { timeout: 30_000 }, () => {
  it.each([
    "navigate('/operation/bill');",
    'navigate(`/details?id=${id}`);',
    "void router.navigate('/login', { replace: true });",
    "navigate(first ? '/changePwd' : back, { replace: true });",
    'const a = <Link to="/login">back</Link>;',
    'const b = <Navigate to={`/operation/question?id=${id}`} replace />;',
  ])('refuses %s', async (code) => {
    expect(await pathMessages(code)).toHaveLength(1);
  });

  it.each([
    "navigate(pathOf('bill'));",
    "navigate(pathOf('details', { id }));",
    'navigate(-1);',
    'navigate(view.path);',
    "const a = <Link to={pathOf('login')}>back</Link>;",
    "request('/user/manager/info');",
  ])('lets pass %s', async (code) => {
    expect(await pathMessages(code)).toEqual([]);
  });
});
