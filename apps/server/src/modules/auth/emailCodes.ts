import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { AppError, fieldError } from '../../http/AppError.ts';
import type { Mailer } from '../../mail/Mailer.ts';
import { emailCodes } from './tables.ts';

/** A code is valid this long [s]. */
export const EMAIL_CODE_TTL_SECONDS = 600;
/** One code a minute and ten a day per address (docs/api-accounts.md). */
const PER_MINUTE = 1;
const PER_DAY = 10;
/** Wrong guesses that kill a code: 6 digits must not be enumerable within its 10 minutes. */
const MAX_ATTEMPTS = 5;

const hashCode = (key: Uint8Array, email: string, code: string) =>
  createHmac('sha256', key).update(`${email}\n${code}`).digest('hex');

/**
 * Mails a fresh 6-digit code to `email`, stored as a keyed hash. The answer is the same whether an account uses
 * the address or not, so that the call cannot be used to find out.
 */
export async function issueEmailCode(
  db: Database,
  mailer: Mailer,
  key: Uint8Array,
  email: string,
): Promise<void> {
  const [counts] = await db
    .select({
      lastMinute:
        sql<number>`count(*) filter (where ${emailCodes.createdAt} > now() - interval '1 minute')`.mapWith(
          Number,
        ),
      lastDay: sql<number>`count(*)`.mapWith(Number),
    })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, sql`now() - interval '1 day'`)));
  if ((counts?.lastMinute ?? 0) >= PER_MINUTE) throw new AppError(429, 'codeTooSoon');
  if ((counts?.lastDay ?? 0) >= PER_DAY) throw new AppError(429, 'codeDailyLimit');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(emailCodes).values({
    email,
    codeHash: hashCode(key, email, code),
    expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_SECONDS * 1000),
  });
  await mailer.send({
    to: email,
    subject: `SolarOps 验证码 / verification code: ${code}`,
    text:
      `您的验证码是 ${code}，10 分钟内有效。如果不是您本人操作，请忽略本邮件。\n\n` +
      `Your verification code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this mail.\n`,
  });
}

/**
 * Spends the newest valid code of `email` if `code` matches it; otherwise counts a wrong guess and answers 400 on
 * the `code` field.
 */
export async function consumeEmailCode(
  db: Database,
  key: Uint8Array,
  email: string,
  code: string,
): Promise<void> {
  const [latest] = await db
    .select({ id: emailCodes.id, codeHash: emailCodes.codeHash })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, sql`now()`),
        lt(emailCodes.failedAttempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!latest) throw fieldError('code', 'codeInvalid');
  const expected = Buffer.from(latest.codeHash, 'hex');
  const actual = Buffer.from(hashCode(key, email, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    await db
      .update(emailCodes)
      .set({ failedAttempts: sql`${emailCodes.failedAttempts} + 1` })
      .where(eq(emailCodes.id, latest.id));
    throw fieldError('code', 'codeInvalid');
  }
  const spent = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, latest.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  // A concurrent request spent it first.
  if (spent.length === 0) throw fieldError('code', 'codeInvalid');
}
