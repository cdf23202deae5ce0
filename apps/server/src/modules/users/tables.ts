import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Roles: the six built-in ones (ids 1-6, ARCHITECTURE §4) and staff roles created by administrators (ids > 6). */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 7 }),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** Route names (packages/contracts menu.ts) this role may open and call. */
  menuList: text('menu_list')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts of every kind; `status` is the enterprise registration state (others are `active` at once). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userCode: text('user_code').notNull(),
    name: text('name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** A distributor's own code, or for an installer the distributor code it is bound to. */
    dealercode: text('dealercode'),
    parentId: integer('parent_id').references((): AnyPgColumn => users.id),
    enabled: boolean('enabled').notNull().default(true),
    status: text('status', { enum: ['active', 'pending', 'refused'] })
      .notNull()
      .default('active'),
    firstLogin: boolean('first_login').notNull().default(false),
    avatar: text('avatar'),
    introduction: text('introduction').notNull().default(''),
    /** Set when an account is deleted: it stays disabled, out of the lists, and can be restored (`accountback`). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in looks users up by login name, case-insensitively.
    uniqueIndex('users_user_code_lower_key').on(sql`lower(${t.userCode})`),
    // Registration and password reset find the account by email.
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    // A distributor code names one distributor.
    uniqueIndex('users_distributor_dealercode_key')
      .on(t.dealercode)
      .where(sql`${t.roleId} = 2`),
    // Data scope walks the tree of users created by a user (next/list, plants of a distributor).
    index('users_parent_id_idx').on(t.parentId),
  ],
);

/** The company details of an enterprise registration and its audit. */
export const enterpriseRegistrations = pgTable('enterprise_registrations', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  creditCode: text('credit_code').notNull(),
  contactName: text('contact_name').notNull(),
  address: text('address').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  auditNotes: text('audit_notes'),
  examiner: text('examiner'),
  auditedAt: timestamp('audited_at', { withTimezone: true }),
});
