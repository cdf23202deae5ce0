import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ROLE, type EnterpriseRegisterBody, type TerminalRegisterBody } from '@solarops/contracts';
import { conflict, fieldError } from '../../http/AppError.ts';
import { consumeEmailCode } from '../auth/emailCodes.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import { checkFree, checkPolicy, type UserDeps } from './accountChecks.ts';
import { enterpriseRegistrations, users } from './tables.ts';

/* Calls made before sign-in, each proven by an emailed code: registering an account, recovering a password. */

/** A personal (end user) account, active at once. */
export async function registerTerminal(deps: UserDeps, body: TerminalRegisterBody) {
  await checkPolicy(deps, 'password', body.password);
  await checkFree(deps, body.userCode, body.email);
  await consumeEmailCode(deps.db, deps.signingKey, body.email, body.code);
  try {
    await deps.db.insert(users).values({
      userCode: body.userCode,
      name: body.name,
      email: body.email,
      phone: body.phone,
      passwordHash: await hashPassword(body.password),
      roleId: ROLE.endUser,
      status: 'active',
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('userCodeTaken');
    throw err;
  }
}

/** An enterprise account, pending authentication; it has no usable password until it is approved. */
export async function registerEnterprise(deps: UserDeps, body: EnterpriseRegisterBody) {
  await checkFree(deps, body.userCode, body.email);
  await consumeEmailCode(deps.db, deps.signingKey, body.email, body.code);
  const unusable = await hashPassword(randomBytes(32).toString('base64'));
  try {
    await deps.db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({
          userCode: body.userCode,
          name: body.contactName,
          email: body.email,
          phone: body.phone,
          passwordHash: unusable,
          roleId: ROLE.enterprise,
          status: 'pending',
        })
        .returning({ id: users.id });
      await tx.insert(enterpriseRegistrations).values({
        userId: u!.id,
        companyName: body.companyName,
        creditCode: body.creditCode,
        contactName: body.contactName,
        address: body.address,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('userCodeTaken');
    throw err;
  }
}

/** Resets the password of the account using `email`, proven by the emailed code. */
export async function forgetPassword(
  deps: UserDeps,
  form: { code: string; email: string; password: string },
) {
  await checkPolicy(deps, 'password', form.password);
  await consumeEmailCode(deps.db, deps.signingKey, form.email, form.code);
  const targets = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, form.email));
  if (targets.length === 0) throw fieldError('email', 'emailUnknown');
  const passwordHash = await hashPassword(form.password);
  for (const t of targets) {
    await deps.db
      .update(users)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
      .where(eq(users.id, t.id));
    await revokeUserSessions(deps.db, t.id, 'password');
  }
}
