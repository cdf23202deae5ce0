import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput, PUBLIC_PATHS } from './guard.ts';

const signedIn: GuardInput = {
  pathname: '/station/list',
  search: '',
  hasToken: true,
  userLoaded: true,
  firstLogin: false,
  menuList: ['dashboard', 'list'],
};
const signedOut: GuardInput = { ...signedIn, hasToken: false, userLoaded: false, menuList: [] };

describe('navigation guard (spec §2)', () => {
  it('sends a signed-in user away from /login to the home page', () => {
    expect(decideNavigation({ ...signedIn, pathname: '/login' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('fetches user info first when a token exists but no user info is loaded', () => {
    expect(decideNavigation({ ...signedIn, userLoaded: false })).toEqual({ kind: 'loadUser' });
  });

  it('lets a signed-out user open only the public pages', () => {
    for (const pathname of PUBLIC_PATHS)
      expect(decideNavigation({ ...signedOut, pathname })).toEqual({ kind: 'allow' });
    expect(PUBLIC_PATHS).toEqual(['/login', '/register', '/changePwd', '/forgetPwd', '/auth-redirect']);
  });

  it('opens a display link’s wall signed out or in, and the console’s walls only with the screen permitted', () => {
    expect(decideNavigation({ ...signedOut, pathname: '/display/abc' })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...signedIn, pathname: '/display/abc' })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...signedOut, pathname: '/exhibit/overview' }).kind).toBe('redirect');
    expect(decideNavigation({ ...signedIn, pathname: '/exhibit/overview' })).toEqual({
      kind: 'redirect',
      to: '/401',
    });
    expect(decideNavigation({ ...signedIn, pathname: '/exhibit/overview', menuList: ['overview'] })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a signed-out user to /login with the page to come back to', () => {
    expect(decideNavigation({ ...signedOut, pathname: '/station/list', search: '?page=2' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fstation%2Flist%3Fpage%3D2',
    });
    expect(decideNavigation({ ...signedOut, pathname: '/profile/index' })).toMatchObject({
      kind: 'redirect',
    });
    expect(decideNavigation({ ...signedOut, pathname: '/' })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('keeps a first sign-in on the change-password page', () => {
    expect(decideNavigation({ ...signedIn, firstLogin: true })).toEqual({
      kind: 'redirect',
      to: '/changePwd',
    });
    expect(decideNavigation({ ...signedIn, firstLogin: true, pathname: '/changePwd' })).toEqual({
      kind: 'allow',
    });
  });

  it('refuses a menu page whose name is not in the menu list, but not the personal pages', () => {
    expect(decideNavigation({ ...signedIn, pathname: '/set/staff' })).toEqual({
      kind: 'redirect',
      to: '/401',
    });
    expect(decideNavigation({ ...signedIn, pathname: '/station/list' })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...signedIn, pathname: '/profile/index' })).toEqual({ kind: 'allow' });
    expect(decideNavigation({ ...signedIn, pathname: '/guide/index' })).toEqual({ kind: 'allow' });
  });

  it('starts a role without the dashboard on its first permitted page, and refuses other pages with 401', () => {
    const narrow = { ...signedIn, menuList: ['list', 'alarmlist'] };
    expect(decideNavigation({ ...narrow, pathname: '/dashboard' })).toEqual({
      kind: 'redirect',
      to: '/station/list',
    });
    expect(decideNavigation({ ...narrow, pathname: '/set/permissions' })).toEqual({
      kind: 'redirect',
      to: '/401',
    });
    expect(decideNavigation({ ...narrow, menuList: [], pathname: '/dashboard' })).toEqual({
      kind: 'redirect',
      to: '/401',
    });
  });
});
