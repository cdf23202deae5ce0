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
 *
 * None is stored before all are hashed, then all in one transaction, right before they are printed: a stop
 * (`signal`, checked between the hashes) or a crash while hashing leaves them all to the next start, never an
 * account with a password nobody saw.
 */
export async function issueDemoPasswords(
  db: Database,
  options: { signal?: AbortSignal; hash?: (password: string) => Promise<string> } = {},
): Promise<IssuedPassword[]> {
  const { signal, hash = hashPassword } = options;
  const waiting = await db
    .select({ id: users.id, userCode: users.userCode, roleId: users.roleId })
    .from(users)
    .where(and(inArray(users.userCode, [...DEMO_ACCOUNTS]), eq(users.passwordHash, PASSWORD_NOT_ISSUED)))
    .orderBy(users.id);
  const hashed: { id: number; issued: IssuedPassword; passwordHash: string }[] = [];
  for (const account of waiting) {
    if (signal?.aborted) return [];
    const password = randomPassword();
    hashed.push({
      id: account.id,
      issued: { userCode: account.userCode, role: ROLE_NAMES[account.roleId] ?? '', password },
      passwordHash: await hash(password),
    });
  }
  if (signal?.aborted) return [];
  return db.transaction(async (tx) => {
    const issued: IssuedPassword[] = [];
    for (const account of hashed) {
      const [stored] = await tx
        .update(users)
        .set({ passwordHash: account.passwordHash })
        .where(and(eq(users.id, account.id), eq(users.passwordHash, PASSWORD_NOT_ISSUED)))
        .returning({ id: users.id });
      if (stored) issued.push(account.issued);
    }
    return issued;
  });
}
