import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  FirmwarePackageRow,
  FirmwareType,
  SpooledFile,
  FirmwarePackageFields,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { conflict, notFound } from '../../http/AppError.ts';
import { keepSpooledFile } from '../../http/multipartBody.ts';
import { users } from '../users/tables.ts';
import { trustedKeys } from './keys.ts';
import { judgeSignature } from './signatures.ts';
import { firmwarePackages } from './tables.ts';

/** Where images lie: FILES_DIR/firmware, under their generated id (outside the folders /files serves). */
export const firmwareDir = (filesDir: string) => path.join(filesDir, 'firmware');
/** Where uploads stream to before they are accepted. */
export const firmwareSpoolDir = (filesDir: string) => path.join(filesDir, 'firmware', 'incoming');
export const imagePath = (filesDir: string, fileId: string) =>
  path.join(firmwareDir(filesDir), `${fileId}.bin`);

/** Keeps an uploaded image (already streamed to disk and hashed) and stores its package; answers its id. */
export async function storePackage(
  db: Database,
  filesDir: string,
  request: FastifyRequest,
  upload: FirmwarePackageFields & { file: SpooledFile },
  uploadedBy: number,
): Promise<number> {
  const fileId = randomBytes(12).toString('hex');
  const target = imagePath(filesDir, fileId);
  await keepSpooledFile(request, upload.file, target);
  try {
    const [row] = await db
      .insert(firmwarePackages)
      .values({
        fileId,
        name: upload.file.filename,
        type: upload.type,
        collectType: upload.collectType,
        interfaceType: upload.interfaceType,
        snType: upload.snType,
        version: upload.version,
        description: upload.description,
        size: upload.file.size,
        sha256: upload.file.sha256,
        signature: upload.signature ?? null,
        uploadedBy,
      })
      .returning({ id: firmwarePackages.id });
    return row!.id;
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
}

/**
 * Stores a package whose image is in hand (the demo's sample, made at first start rather than uploaded): the image
 * written under a generated name, its hash computed here; answers its id.
 */
export async function storeImagePackage(
  db: Database,
  filesDir: string,
  image: Buffer,
  fields: Omit<FirmwarePackageFields, 'signature'> & { name: string; signature: string },
): Promise<number> {
  const fileId = randomBytes(12).toString('hex');
  const target = imagePath(filesDir, fileId);
  await mkdir(firmwareDir(filesDir), { recursive: true });
  await writeFile(target, image);
  try {
    const [row] = await db
      .insert(firmwarePackages)
      .values({
        fileId,
        name: fields.name,
        type: fields.type,
        collectType: fields.collectType,
        interfaceType: fields.interfaceType,
        snType: fields.snType,
        version: fields.version,
        description: fields.description,
        size: image.length,
        sha256: createHash('sha256').update(image).digest('hex'),
        signature: fields.signature,
        uploadedBy: null,
      })
      .returning({ id: firmwarePackages.id });
    return row!.id;
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
}

export async function listPackages(
  db: Database,
  filter: { name?: string | undefined; type?: FirmwareType | undefined },
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: FirmwarePackageRow[] }> {
  const conds: SQL[] = [];
  if (filter.name) conds.push(ilike(firmwarePackages.name, `%${escapeLike(filter.name)}%`));
  if (filter.type) conds.push(eq(firmwarePackages.type, filter.type));
  const where = and(...conds);
  const [[{ total } = { total: 0 }], rows, keys] = await Promise.all([
    db.select({ total: count() }).from(firmwarePackages).where(where),
    db
      .select({ p: firmwarePackages, uploadedBy: users.userCode })
      .from(firmwarePackages)
      .leftJoin(users, eq(users.id, firmwarePackages.uploadedBy))
      .where(where)
      .orderBy(desc(firmwarePackages.createdAt), desc(firmwarePackages.id))
      .limit(window.limit)
      .offset(window.offset),
    trustedKeys(db),
  ]);
  return {
    total,
    rows: rows.map(({ p, uploadedBy }) => {
      const judged = judgeSignature(p.sha256, p.signature, keys);
      return {
        id: p.id,
        name: p.name,
        type: p.type,
        collectType: p.collectType,
        interfaceType: p.interfaceType,
        snType: p.snType,
        version: p.version,
        description: p.description,
        size: p.size,
        sha256: p.sha256,
        signature: judged.state,
        signedBy: judged.signedBy,
        uploadTime: p.createdAt.toISOString(),
        uploadedBy,
      };
    }),
  };
}

export async function findPackage(db: Database, id: number) {
  const [row] = await db.select().from(firmwarePackages).where(eq(firmwarePackages.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * Deletes a package and its image; answers its name for the operation log. A package a rollout names (its record
 * keeps which image its devices got), or whose image an upgrade not yet ended is still reading, is refused with
 * 409 and nothing changes: the check and the delete are one statement, so no upgrade can start in between.
 */
export async function deletePackage(db: Database, filesDir: string, id: number): Promise<string> {
  const [row] = await db
    .delete(firmwarePackages)
    .where(
      and(
        eq(firmwarePackages.id, id),
        sql`not exists (select 1 from firmware_rollouts r where r.package_id = ${id})`,
        sql`not exists (select 1 from commands c where c.kind = 'upgrade' and c.finished_at is null
          and (c.params->>'packageId')::int = ${id})`,
      ),
    )
    .returning({ name: firmwarePackages.name, fileId: firmwarePackages.fileId });
  if (!row) {
    await findPackage(db, id);
    throw conflict('firmware.packageInUse');
  }
  await rm(imagePath(filesDir, row.fileId), { force: true });
  return row.name;
}
