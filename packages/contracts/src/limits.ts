/** Limits shared by the server's validation and the console's forms; never re-typed elsewhere. */
export const LIMITS = {
  /** Largest page a list call returns. */
  pageSizeMax: 200,
  /** Default page size of the console's pagination control (spec §9). */
  pageSizeDefault: 5,
  pageSizeChoices: [5, 10, 20, 30, 50],
  /** Display names: 2 to 30 characters (spec §5). */
  nameMin: 2,
  nameMax: 30,
  /** Passwords are accepted as typed, 8 to 128 characters. */
  passwordMin: 8,
  passwordMax: 128,
  userCodeMin: 2,
  userCodeMax: 30,
  /** China's unified social credit code, the 18-character field of an enterprise registration (spec §5). */
  creditCodeLength: 18,
  uploadFileNameMax: 80,
  emailCodeLength: 6,
  /** Largest value of an `integer` (int4) column: ids, codes, counts that reach SQL. */
  int4Max: 2_147_483_647,
} as const;

/** Built-in role ids (ARCHITECTURE §4). Staff roles created by administrators get ids above these. */
export const ROLE = {
  admin: 1,
  distributor: 2,
  installer: 3,
  endUser: 4,
  staff: 5,
  enterprise: 6,
} as const;
export type BuiltinRoleId = (typeof ROLE)[keyof typeof ROLE];

/**
 * Administrators and staff (the built-in staff role and staff roles created above the built-in ids) see the whole
 * fleet (ARCHITECTURE §4): the server's data scope, and the console's screens that offer the manufacturer's
 * actions (firmware, manuals) to them only.
 */
export const seesAll = (caller: { roleId: number }) =>
  caller.roleId === ROLE.admin || caller.roleId === ROLE.staff || caller.roleId > ROLE.enterprise;
