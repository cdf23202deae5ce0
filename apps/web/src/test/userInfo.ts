import type { UserInfo } from '@solarops/contracts';

/** A signed-in installer's user info as the server answers it, with `overrides` (its menu, mostly). */
export const testUserInfo = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  userId: 7,
  userCode: 'inst',
  name: 'Installer Li',
  avatar: null,
  introduction: '',
  email: null,
  phone: null,
  roleId: 3,
  roleName: 'installer',
  dealercode: null,
  firstLogin: false,
  roles: ['admin'],
  menuList: ['dashboard', 'list', 'devicelist', 'manual'],
  ...overrides,
});
