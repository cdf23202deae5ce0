import { asc, eq } from 'drizzle-orm';
import type { roleCreateBody, roleDetail, roleUpdateBody } from '@solarops/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/openDatabase.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import { conflict, notFound } from '../../http/AppError.ts';
import type { Lang } from '../../i18n/messages.ts';
import { roleDescription } from './seedAccounts.ts';
import { roles } from './tables.ts';

type RoleDetail = z.infer<typeof roleDetail>;

/** Roles and their menu lists (the `permissions` screen): every role, a new staff role, a role's edit. */

/** Every role with its menu list, a built-in role's description in `lang`. */
export async function listRoles(db: Database, lang: Lang): Promise<RoleDetail[]> {
  const rows = await db.select().from(roles).orderBy(asc(roles.id));
  return rows.map((r) => ({
    roleId: r.id,
    name: r.name,
    description: roleDescription(r, lang),
    menuList: r.menuList,
    builtin: r.builtin,
  }));
}

/** A new staff role; 409 when its name is taken. */
export async function createRole(db: Database, body: z.infer<typeof roleCreateBody>): Promise<RoleDetail> {
  try {
    const [r] = await db
      .insert(roles)
      .values({ name: body.name, description: body.description, menuList: body.menuList })
      .returning();
    return {
      roleId: r!.id,
      name: r!.name,
      description: r!.description,
      menuList: r!.menuList,
      builtin: false,
    };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('roleNameTaken');
    throw err;
  }
}

/** Changes what the edit gives of a role's name, description and menu list; 404 for no such role, 409 for a taken name. */
export async function updateRole(
  db: Database,
  { roleId, ...set }: z.infer<typeof roleUpdateBody>,
): Promise<void> {
  const changed = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  if (Object.keys(changed).length === 0) return;
  try {
    const updated = await db
      .update(roles)
      .set(changed)
      .where(eq(roles.id, roleId))
      .returning({ id: roles.id });
    if (updated.length === 0) throw notFound();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('roleNameTaken');
    throw err;
  }
}
