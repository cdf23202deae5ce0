import { asc, count, eq } from 'drizzle-orm';
import type { FirmwareKeyBody, FirmwareKeyRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { conflict, fieldError, notFound } from '../../http/AppError.ts';
import { rawPublicKey, type TrustedKey } from './signatures.ts';
import { firmwareKeys } from './tables.ts';

export const trustedKeys = (db: Database): Promise<TrustedKey[]> =>
  db.select({ name: firmwareKeys.name, publicKey: firmwareKeys.publicKey }).from(firmwareKeys);

/** One page of the trusted keys, oldest first, and how many there are. */
export async function listKeys(
  db: Database,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: FirmwareKeyRow[] }> {
  const [counted] = await db.select({ total: count() }).from(firmwareKeys);
  const rows = await db
    .select()
    .from(firmwareKeys)
    .orderBy(asc(firmwareKeys.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    total: counted?.total ?? 0,
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** Trusts a maker's Ed25519 public key; a key that is not one is refused on `publicKey`, a known one with 409. */
export async function addKey(db: Database, body: FirmwareKeyBody): Promise<void> {
  const publicKey = rawPublicKey(body.publicKey);
  if (!publicKey) throw fieldError('publicKey', 'firmware.badPublicKey');
  const inserted = await db
    .insert(firmwareKeys)
    .values({ name: body.name, publicKey })
    .onConflictDoNothing()
    .returning({ id: firmwareKeys.id });
  if (inserted.length === 0) throw conflict('firmware.keyTaken');
}

/** Trusts a key given as its 32 raw bytes (base64) under `name`, unless it is trusted already (then nothing). */
export async function trustKeyOnce(db: Database, name: string, publicKey: string): Promise<void> {
  await db.insert(firmwareKeys).values({ name, publicKey }).onConflictDoNothing();
}

/** Stops trusting a key: packages it signed can no longer be assigned. Answers its name. */
export async function deleteKey(db: Database, id: number): Promise<string> {
  const [row] = await db
    .delete(firmwareKeys)
    .where(eq(firmwareKeys.id, id))
    .returning({ name: firmwareKeys.name });
  if (!row) throw notFound();
  return row.name;
}
