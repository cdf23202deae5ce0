import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { settings } from '../system/tables.ts';

const KEY = 'jwt_signing_secret';

/**
 * The JWT signing secret, generated at first start and kept in the database so that every instance signs and
 * verifies with the same one.
 */
export async function loadSigningKey(db: Database): Promise<Uint8Array> {
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(64).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  if (!row) throw new Error('signing secret missing');
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}
