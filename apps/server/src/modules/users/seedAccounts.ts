import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ROLE_MENUS, ROLE } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { hashPassword, randomPassword } from '../auth/passwords.ts';
import { roles, users } from './tables.ts';

/** The built-in roles; their descriptions in both console languages (the table keeps the English one). */
const BUILTIN_ROLES = [
  {
    id: ROLE.admin,
    name: 'admin',
    description: 'Administrator: everything, all data',
    zh: '管理员：全部功能，全部数据',
  },
  {
    id: ROLE.distributor,
    name: 'distributor',
    description: 'Distributor: its installers and their end users',
    zh: '经销商：名下安装商及其终端用户',
  },
  {
    id: ROLE.installer,
    name: 'installer',
    description: 'Installer: its own plants and end users',
    zh: '安装商：自己的电站和终端用户',
  },
  { id: ROLE.endUser, name: 'endUser', description: 'End user: its own plants', zh: '终端用户：自己的电站' },
  { id: ROLE.staff, name: 'staff', description: 'Staff: operations on all data', zh: '员工：全部数据的运维' },
  {
    id: ROLE.enterprise,
    name: 'enterprise',
    description: 'Enterprise account: its own plants',
    zh: '企业账号：自己的电站',
  },
];

/**
 * A role's description in the caller's language: a built-in role whose description is still the one it was
 * created with reads in Chinese in the Chinese console; an edited or custom description is shown as written.
 */
export function roleDescription(
  role: { id: number; builtin: boolean; description: string },
  lang: 'zh' | 'en',
): string {
  const builtin = role.builtin ? BUILTIN_ROLES.find((r) => r.id === role.id) : undefined;
  if (!builtin || role.description !== builtin.description) return role.description;
  return lang === 'zh' ? builtin.zh : builtin.description;
}

/** Creates the six built-in roles with their default menu lists; existing roles (maybe edited) are kept. */
export async function ensureBuiltinRoles(db: Database): Promise<void> {
  await db
    .insert(roles)
    .values(
      BUILTIN_ROLES.map(({ zh: _zh, ...r }) => ({
        ...r,
        builtin: true,
        menuList: [...(DEFAULT_ROLE_MENUS[r.id] ?? [])],
      })),
    )
    .onConflictDoNothing();
}

/**
 * Creates the administrator `admin` on first start, with `ADMIN_PASSWORD` or a random password that the caller
 * prints once. Returns the random password, or undefined when nothing was generated.
 */
export async function ensureAdmin(
  db: Database,
  adminPassword: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.userCode})`, 'admin'));
  if (existing.length > 0) return { created: false };
  const password = adminPassword ?? randomPassword();
  const inserted = await db
    .insert(users)
    .values({
      userCode: 'admin',
      name: 'Administrator',
      passwordHash: await hashPassword(password),
      roleId: ROLE.admin,
      // A generated password is meant to be replaced: the console asks for a new one at first sign-in.
      firstLogin: adminPassword === undefined,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return { created: false };
  return adminPassword === undefined ? { created: true, generatedPassword: password } : { created: true };
}
