import { callsOf } from './endpoints.ts';
import type { ROLE_ENDPOINTS, USER_ENDPOINTS } from './userEndpoints.ts';

/** The console's view of `USER_ENDPOINTS` (method and path; the schemas as types only). */
export const USER_CALLS = callsOf<typeof USER_ENDPOINTS>()({
  info: { method: 'GET', path: '/user/manager/info' },
  changePassword: { method: 'POST', path: '/user/manager/update/first' },
  updateProfile: { method: 'POST', path: '/user/manager/update' },
  uploadAvatar: { method: 'POST', path: '/user/manager/avatar' },
  bindDealercode: { method: 'GET', path: '/user/manager/bind/dealercode' },
  list: { method: 'GET', path: '/user/manager/next/list' },
  export: { method: 'GET', path: '/user/manager/next/export' },
  byCode: { method: 'GET', path: '/user/manager/info/bycode' },
  disable: { method: 'GET', path: '/user/manager/update/unable' },
  enable: { method: 'GET', path: '/user/manager/update/enable' },
  updateAccount: { method: 'POST', path: '/user/manager/update/encrypted' },
  bindRole: { method: 'POST', path: '/user/manager/bind/role' },
  create: { method: 'POST', path: '/user/manager/add' },
  resetPassword: { method: 'POST', path: '/user/manager/reset/password' },
  delete: { method: 'POST', path: '/user/manager/delete' },
  permissions: { method: 'GET', path: '/user/manager/permissions' },
  emailCode: { method: 'GET', path: '/user/manager/get/code' },
  forgetPassword: { method: 'POST', path: '/user/manager/forget/password' },
  registerTerminal: { method: 'POST', path: '/user/manager/terminal/register' },
  registerEnterprise: { method: 'POST', path: '/user/manager/enterprise/register' },
  enterprises: { method: 'GET', path: '/user/manager/enterprise/list' },
  auditEnterprise: { method: 'POST', path: '/user/manager/enterprise/audit' },
});

/** The console's view of `ROLE_ENDPOINTS` (method and path; the schemas as types only). */
export const ROLE_CALLS = callsOf<typeof ROLE_ENDPOINTS>()({
  list: { method: 'GET', path: '/role/manager/list' },
  create: { method: 'POST', path: '/role/manager/add' },
  update: { method: 'POST', path: '/role/manager/update' },
  givable: { method: 'POST', path: '/role/manager/child/list' },
});
