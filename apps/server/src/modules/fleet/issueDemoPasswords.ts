import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { hashPassword, PASSWORD_NOT_ISSUED, randomPassword } from '../auth/passwords.ts';
import { users } from '../users/tables.ts';
import { DEMO_ACCOUNTS } from './seedDemoFleet.ts';

/** A demo account given its password, to be printed once. */
export interface IssuedPassword {
  userCode: string;
  role: string;
  password: string;
}

const ROLE_NAMES = ['', 'admin', 'distributor', 'installer', 'end user'];

/**
 * Gives each demo account still without a password (seeded with `PASSWORD_NOT_ISSUED`) a random one, stored
 * hashed like every password, and returns them to be printed once. Called once the fleet is live, on every start:
 * a start stopped before it did so issues them at the next. One hash at a time (each holds 128 MiB), and a
 * password set meanwhile by an administrator is kept: only an account still without one is given one.
 */
export async function issueDemoPasswords(db: Database): Promise<IssuedPassword[]> {
  const waiting = await db
    .select({ id: users.id, userCode: users.userCode, roleId: users.roleId })
    .from(users)
    .where(and(inArray(users.userCode, [...DEMO_ACCOUNTS]), eq(users.passwordHash, PASSWORD_NOT_ISSUED)))
    .orderBy(users.id);
  const issued: IssuedPassword[] = [];
  for (const account of waiting) {
    const password = randomPassword();
    const [stored] = await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(users.id, account.id), eq(users.passwordHash, PASSWORD_NOT_ISSUED)))
      .returning({ id: users.id });
    if (stored) issued.push({ userCode: account.userCode, role: ROLE_NAMES[account.roleId] ?? '', password });
  }
  return issued;
}
