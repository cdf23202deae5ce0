import { z } from 'zod';
import { calendarInstant } from './calendar.ts';
import { langType, pageQuery } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { isRouteName } from './menu.ts';
import {
  booleanQuery,
  creditCodeSchema,
  emailCodeSchema,
  emailSchema,
  idListSchema,
  idSchema,
  isoDateTime,
  nameSchema,
  passwordSchema,
  phoneSchema,
  uploadedFile,
  userCodeSchema,
} from './common.ts';

/** `GET /user/manager/info`. `roles` is always `['admin']`: the console's route filter (spec §6). */
export const userInfo = z.object({
  userId: z.number().int(),
  userCode: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  introduction: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  dealercode: z.string().nullable(),
  firstLogin: z.boolean(),
  roles: z.array(z.literal('admin')),
  menuList: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

/** `POST /user/manager/update/first` (JSON). */
export const updateFirstBody = z.object({
  oldPassword: z.string().min(1).max(1024),
  newPassword: passwordSchema,
});

/** `POST /user/manager/update` (form): each field optional. */
export const updateProfileForm = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  introduction: z.string().trim().max(500).optional(),
});

/** `POST /user/manager/avatar` (multipart `file`: png, jpeg or webp, at most 1 MB). */
export const avatarForm = z.object({ file: uploadedFile });
export const avatarResult = z.object({ avatar: z.string() });
export const AVATAR_MAX_BYTES = 1024 * 1024;

export const roleItem = z.object({ roleId: z.number().int(), name: z.string(), description: z.string() });
export type RoleItem = z.infer<typeof roleItem>;

export const userStatus = z.enum(['active', 'pending', 'refused']);

/** A user as lists and `info/bycode` show it. */
export const userRow = z.object({
  userId: z.number().int(),
  userCode: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  dealercode: z.string().nullable(),
  parentUserCode: z.string().nullable(),
  enabled: z.boolean(),
  /** Deleted accounts are disabled, left out of the lists and restorable on the `accountback` screen. */
  deleted: z.boolean(),
  status: userStatus,
  firstLogin: z.boolean(),
  createdAt: isoDateTime,
});
export type UserRow = z.infer<typeof userRow>;

/** `GET /user/manager/next/list`: the users below the caller, filtered. */
export const nextListQuery = pageQuery.extend({
  userCode: z.string().trim().max(64).optional(),
  roleId: idSchema.optional(),
  /** Several roles at once, comma-separated (the staff screen lists every staff role). */
  roleIds: idListSchema(50).optional(),
  enabled: booleanQuery.optional(),
  /** Include deleted accounts (the `accountback` screen); other lists leave them out. */
  withDeleted: booleanQuery.optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(32).optional(),
});

/** `GET /user/manager/next/export`: the list's filters, and the language of the workbook's titles. */
export const userExportQuery = nextListQuery.extend({ langType });

export const userCodeQuery = z.object({ userCode: z.string().trim().min(1).max(64) });
export const dealercodeQuery = z.object({ dealercode: z.string().trim().min(1).max(64) });

/** `POST /user/manager/update/encrypted` (form): an administrator or parent changes a user's account data. */
export const encryptedUpdateForm = z.object({
  userCode: z.string().trim().min(1).max(64),
  name: nameSchema.optional(),
  /** For an installer: the distributor code it is bound to. */
  dealercode: z.string().trim().min(1).max(64).optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  phone: phoneSchema.optional(),
});

/** `GET /user/manager/get/code`. */
export const getCodeQuery = z.object({ email: emailSchema });

/** `POST /user/manager/forget/password` (form). */
export const forgetPasswordForm = z.object({
  code: emailCodeSchema,
  email: emailSchema,
  password: passwordSchema,
});

/** `POST /user/manager/bind/role` (form). */
export const bindRoleForm = z.object({
  userId: idSchema,
  roleId: idSchema,
});

/** `POST /user/manager/terminal/register` (JSON): a personal account, active at once. */
export const terminalRegisterBody = z
  .object({
    userCode: userCodeSchema,
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    code: emailCodeSchema,
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  });
export type TerminalRegisterBody = z.infer<typeof terminalRegisterBody>;

/** `POST /user/manager/enterprise/register` (JSON): pending until an administrator approves it. */
export const enterpriseRegisterBody = z.object({
  userCode: userCodeSchema,
  companyName: nameSchema,
  creditCode: creditCodeSchema,
  contactName: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  address: z.string().trim().min(2).max(200),
  code: emailCodeSchema,
});
export type EnterpriseRegisterBody = z.infer<typeof enterpriseRegisterBody>;

export const enterpriseListQuery = pageQuery.extend({ status: userStatus.optional() });

export const enterpriseRow = z.object({
  userId: z.number().int(),
  userCode: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  contactName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: userStatus,
  enabled: z.boolean(),
  appliedAt: isoDateTime,
  auditNotes: z.string().nullable(),
  examiner: z.string().nullable(),
  auditedAt: isoDateTime.nullable(),
});
export type EnterpriseRow = z.infer<typeof enterpriseRow>;

/** `POST /user/manager/enterprise/audit` (JSON). */
export const enterpriseAuditBody = z.object({
  userId: z.number().int().min(1).max(LIMITS.int4Max),
  approve: z.boolean(),
  notes: z.string().trim().max(500).default(''),
});

/** `POST /system/errorlog` (JSON): an error the console caught. */
export const errorLogBody = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(20000).optional(),
  url: z.string().max(2000).optional(),
  info: z.unknown().optional(),
});
export const errorLogRow = z.object({
  id: z.number().int(),
  userCode: z.string().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  info: z.unknown(),
  createdAt: isoDateTime,
});
export type ErrorLogBody = z.infer<typeof errorLogBody>;
export type ErrorLogRow = z.infer<typeof errorLogRow>;

/** `GET /system/log/list` and `/system/log/export`: the operation log (the `logList` screen), filtered. */
export const operationLogQuery = pageQuery.extend({
  userCode: z.string().trim().max(64).optional(),
  /** Part of the action name (`disable user`, `POST /role/manager/add`...). */
  action: z.string().trim().max(100).optional(),
  result: z.enum(['success', 'failure']).optional(),
  startDate: calendarInstant.optional(),
  endDate: calendarInstant.optional(),
  langType,
});
export const operationLogRow = z.object({
  id: z.number().int(),
  userCode: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  target: z.string().nullable(),
  ip: z.string(),
  result: z.enum(['success', 'failure']),
  status: z.number().int(),
  /** A device command's parameters, old and new values, state and reason (null for other entries). */
  detail: z.unknown().nullable(),
  createdAt: isoDateTime,
});
export type OperationLogQuery = z.infer<typeof operationLogQuery>;
export type OperationLogRow = z.infer<typeof operationLogRow>;

/** Roles (the `permissions` screen): a role and its menu list of route names. */
export const roleDetail = roleItem.extend({ menuList: z.array(z.string()), builtin: z.boolean() });
export type RoleDetail = z.infer<typeof roleDetail>;

const menuListSchema = z.array(z.string().refine(isRouteName, 'validation.routeName')).max(200);

/** `POST /role/manager/add` (JSON): a staff role. */
export const roleCreateBody = z.object({
  name: nameSchema,
  description: z.string().trim().max(200).default(''),
  menuList: menuListSchema,
});

/** `POST /role/manager/update` (JSON). */
export const roleUpdateBody = z.object({
  roleId: z.number().int().min(1).max(LIMITS.int4Max),
  name: nameSchema.optional(),
  description: z.string().trim().max(200).optional(),
  menuList: menuListSchema.optional(),
});

/**
 * `POST /user/manager/add` (JSON): a sub-account. A distributor creates installers (bound to its dealer code) and end
 * users, an installer end users (which belong to it), an administrator or staff any role but administrator. The
 * initial password is generated and mailed; the account must change it at its first sign-in.
 */
export const createUserBody = z.object({
  userCode: userCodeSchema,
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  roleId: z.number().int().min(2).max(LIMITS.int4Max),
  /** A distributor's own code (generated when left out), or the code an installer is bound to. */
  dealercode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,32}$/, 'validation.format')
    .optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** `POST /user/manager/reset/password` (JSON): a new random password is mailed to the user. */
export const resetPasswordBody = z.object({ userCode: z.string().trim().min(1).max(64) });

/** `GET /user/manager/permissions`: a user's effective permissions (the `/permission/page` screen). */
export const userPermissions = z.object({
  userCode: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  menuList: z.array(z.string()),
});
export type UserPermissions = z.infer<typeof userPermissions>;
