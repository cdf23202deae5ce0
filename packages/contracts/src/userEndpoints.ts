import { z } from 'zod';
import { emptyEnvelope, envelope, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  avatarForm,
  avatarResult,
  bindRoleForm,
  createUserBody,
  dealercodeQuery,
  encryptedUpdateForm,
  enterpriseAuditBody,
  enterpriseListQuery,
  enterpriseRegisterBody,
  enterpriseRow,
  forgetPasswordForm,
  getCodeQuery,
  nextListQuery,
  resetPasswordBody,
  roleCreateBody,
  roleDetail,
  roleItem,
  roleUpdateBody,
  terminalRegisterBody,
  updateFirstBody,
  updateProfileForm,
  userCodeQuery,
  userExportQuery,
  userInfo,
  userPermissions,
  userRow,
} from './users.ts';

/**
 * The accounts' calls (`/user/*`): the caller's own account (info, password, profile, avatar, distributor code), the
 * accounts below it (the /set screens: list, export, create, change, enable, delete, permissions), and the calls made
 * before sign-in (the sign-up forms, the mailed code, the forgotten password) with the audit of enterprise sign-ups.
 */
export const USER_ENDPOINTS = {
  info: endpoint({ method: 'GET', path: '/user/manager/info', response: envelope(userInfo) }),
  changePassword: endpoint({
    method: 'POST',
    path: '/user/manager/update/first',
    body: updateFirstBody,
    response: emptyEnvelope,
  }),
  updateProfile: endpoint({
    method: 'POST',
    path: '/user/manager/update',
    consumes: 'application/x-www-form-urlencoded',
    body: updateProfileForm,
    response: envelope(userInfo),
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/user/manager/avatar',
    consumes: 'multipart/form-data',
    body: avatarForm,
    response: envelope(avatarResult),
  }),
  /** A GET that writes: an installer binds itself to a distributor. */
  bindDealercode: endpoint({
    method: 'GET',
    path: '/user/manager/bind/dealercode',
    query: dealercodeQuery,
    response: emptyEnvelope,
  }),
  list: endpoint({
    method: 'GET',
    path: '/user/manager/next/list',
    query: nextListQuery,
    response: pageOf(userRow),
  }),
  export: endpoint({ method: 'GET', path: '/user/manager/next/export', query: userExportQuery }),
  byCode: endpoint({
    method: 'GET',
    path: '/user/manager/info/bycode',
    query: userCodeQuery,
    response: envelope(userRow),
  }),
  disable: endpoint({
    method: 'GET',
    path: '/user/manager/update/unable',
    query: userCodeQuery,
    response: emptyEnvelope,
  }),
  enable: endpoint({
    method: 'GET',
    path: '/user/manager/update/enable',
    query: userCodeQuery,
    response: emptyEnvelope,
  }),
  updateAccount: endpoint({
    method: 'POST',
    path: '/user/manager/update/encrypted',
    consumes: 'application/x-www-form-urlencoded',
    body: encryptedUpdateForm,
    response: emptyEnvelope,
  }),
  bindRole: endpoint({
    method: 'POST',
    path: '/user/manager/bind/role',
    consumes: 'application/x-www-form-urlencoded',
    body: bindRoleForm,
    response: emptyEnvelope,
  }),
  create: endpoint({
    method: 'POST',
    path: '/user/manager/add',
    body: createUserBody,
    response: envelope(userRow),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/user/manager/reset/password',
    body: resetPasswordBody,
    response: emptyEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/user/manager/delete',
    body: resetPasswordBody,
    response: emptyEnvelope,
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/user/manager/permissions',
    query: userCodeQuery,
    response: envelope(userPermissions),
  }),
  /** Before sign-in, with the console's client credentials. */
  emailCode: endpoint({
    method: 'GET',
    path: '/user/manager/get/code',
    query: getCodeQuery,
    response: emptyEnvelope,
  }),
  /** Before sign-in, with the console's client credentials. */
  forgetPassword: endpoint({
    method: 'POST',
    path: '/user/manager/forget/password',
    consumes: 'application/x-www-form-urlencoded',
    body: forgetPasswordForm,
    response: emptyEnvelope,
  }),
  /** Open to anyone, before sign-in. */
  registerTerminal: endpoint({
    method: 'POST',
    path: '/user/manager/terminal/register',
    body: terminalRegisterBody,
    response: emptyEnvelope,
  }),
  /** Open to anyone, before sign-in. */
  registerEnterprise: endpoint({
    method: 'POST',
    path: '/user/manager/enterprise/register',
    body: enterpriseRegisterBody,
    response: emptyEnvelope,
  }),
  enterprises: endpoint({
    method: 'GET',
    path: '/user/manager/enterprise/list',
    query: enterpriseListQuery,
    response: pageOf(enterpriseRow),
  }),
  auditEnterprise: endpoint({
    method: 'POST',
    path: '/user/manager/enterprise/audit',
    body: enterpriseAuditBody,
    response: emptyEnvelope,
  }),
};

/** The roles' calls (`/role/*`): the permissions screen's roles and menu lists, and the roles a caller may give. */
export const ROLE_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/role/manager/list', response: envelope(z.array(roleDetail)) }),
  create: endpoint({
    method: 'POST',
    path: '/role/manager/add',
    body: roleCreateBody,
    response: envelope(roleDetail),
  }),
  update: endpoint({
    method: 'POST',
    path: '/role/manager/update',
    body: roleUpdateBody,
    response: emptyEnvelope,
  }),
  /** A read that is a POST, without a body. */
  givable: endpoint({
    method: 'POST',
    path: '/role/manager/child/list',
    response: envelope(z.array(roleItem)),
  }),
};
