import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  LIMITS,
  MANUAL_ADDRESS_PREFIX,
  type ManualFileType,
  type ManualLanguage,
  type ManualUploadFields,
  type SpooledFile,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { AppError, fieldError } from '../../http/AppError.ts';
import { FILE_HEAD_BYTES, JPEG, PDF, PNG, sniffType, WEBP, type FileType } from '../../http/fileTypes.ts';
import { manuals, manualVersions } from './tables.ts';

/** The folder of FILES_DIR that holds manual files, each under a generated name (`file_id`). */
export const MANUALS_FOLDER = 'manuals';
/** Where uploads stream to under FILES_DIR before they are checked (`oneFileToDisk`). */
export const MANUALS_INCOMING = path.join('incoming', 'manuals');

/** A stored file's first bytes, which tell its type. */
async function headOf(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(FILE_HEAD_BYTES), 0, FILE_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What a manual may be: a PDF or a picture of a page (a quick-start sheet photographed). */
export const MANUAL_TYPES: readonly FileType[] = [PDF, PNG, JPEG, WEBP];

/** A stored file's generated name: nothing else is ever joined to FILES_DIR/manuals. */
const FILE_ID = /^[0-9a-f]{24}\.(pdf|png|jpg|webp)$/;

/** The path of a stored manual file under FILES_DIR, or undefined for a name this module never gives. */
export function manualFilePath(filesDir: string, fileId: string): string | undefined {
  return FILE_ID.test(fileId) ? path.join(filesDir, MANUALS_FOLDER, fileId) : undefined;
}

export const mimeOf = (type: ManualFileType) => MANUAL_TYPES.find((t) => t.ext === type)!.mime;

/** The public address of a manual (`/m/<model>/<language>`), absolute on `origin`. */
export const manualAddress = (origin: string, model: string, language: ManualLanguage) =>
  `${origin}${MANUAL_ADDRESS_PREFIX}/${encodeURIComponent(model)}/${language}`;

/**
 * Checks an uploaded file as spec §5 asks (a name of at most 80 characters, content not empty) and by its first
 * bytes (a PDF or a picture), then moves it from where it was spooled into FILES_DIR/manuals under a generated
 * name. Answers that name and the type; refuses with 400 on `file`, moving nothing.
 */
async function keepFile(
  filesDir: string,
  file: SpooledFile,
  move: (target: string) => Promise<void>,
): Promise<{ fileId: string; type: FileType }> {
  if (file.filename.trim() === '') throw fieldError('file', 'fileMissing');
  if ([...file.filename].length > LIMITS.uploadFileNameMax)
    throw new AppError(400, 'validationFailed', {
      fieldErrors: [
        { field: 'file', key: 'manual.fileNameTooLong', params: { max: LIMITS.uploadFileNameMax } },
      ],
    });
  if (file.size === 0) throw fieldError('file', 'contentEmpty');
  const type = sniffType(await headOf(file.path), MANUAL_TYPES);
  if (!type) throw fieldError('file', 'manual.fileType');
  const fileId = `${randomBytes(12).toString('hex')}.${type.ext}`;
  await move(path.join(filesDir, MANUALS_FOLDER, fileId));
  return { fileId, type };
}

/**
 * Stores an upload as the next version of the manual of its device model and language (created with version 1
 * when none exists). The manual's row is locked by the upsert, so two uploads at once get versions n and n+1.
 * Answers the manual's id and the new version.
 */
export async function uploadManual(
  db: Database,
  filesDir: string,
  fields: ManualUploadFields,
  file: SpooledFile,
  uploadedBy: string,
  /** Moves the spooled file to its place (`keepSpooledFile`). */
  move: (target: string) => Promise<void>,
): Promise<{ manualId: number; versionId: number; version: number }> {
  const { fileId, type } = await keepFile(filesDir, file, move);
  try {
    return await db.transaction(async (tx) => {
      const [manual] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into manuals (model, language) values (${fields.model}, ${fields.language})
            on conflict (lower(model), language) do update set model = manuals.model
            returning id`,
      );
      const [stored] = await rowsOf<{ id: number; version: number }>(
        tx,
        sql`insert into manual_versions
              (manual_id, version, name, file_name, file_id, file_type, size_bytes, uploaded_by)
            select ${manual!.id}, coalesce(max(version), 0) + 1, ${fields.name}, ${file.filename}, ${fileId},
                   ${type.ext}, ${file.size}, ${uploadedBy}
            from manual_versions where manual_id = ${manual!.id}
            returning id, version`,
      );
      return { manualId: manual!.id, versionId: stored!.id, version: stored!.version };
    });
  } catch (err) {
    await rm(path.join(filesDir, MANUALS_FOLDER, fileId), { force: true });
    throw err;
  }
}

/** Removes stored files once the rows naming them are gone. */
async function removeFiles(filesDir: string, fileIds: string[]): Promise<void> {
  await Promise.all(
    fileIds.map((id) => {
      const file = manualFilePath(filesDir, id);
      return file ? rm(file, { force: true }) : undefined;
    }),
  );
}

/** Deletes a manual with all its versions and their files; false when it does not exist. */
export async function deleteManual(db: Database, filesDir: string, id: number): Promise<boolean> {
  const gone = await db.transaction(async (tx) => {
    const files = await tx
      .select({ fileId: manualVersions.fileId })
      .from(manualVersions)
      .where(eq(manualVersions.manualId, id));
    const deleted = await tx.delete(manuals).where(eq(manuals.id, id)).returning({ id: manuals.id });
    return deleted.length > 0 ? files.map((f) => f.fileId) : undefined;
  });
  if (!gone) return false;
  await removeFiles(filesDir, gone);
  return true;
}

/**
 * Deletes one version and its file; the manual goes too when it was its last. The address then serves the newest
 * version left. False when the version does not exist.
 */
export async function deleteManualVersion(
  db: Database,
  filesDir: string,
  versionId: number,
): Promise<boolean> {
  const gone = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(manualVersions)
      .where(eq(manualVersions.id, versionId))
      .returning({ fileId: manualVersions.fileId, manualId: manualVersions.manualId });
    if (!deleted) return undefined;
    await tx.execute(
      sql`delete from manuals m where m.id = ${deleted.manualId}
          and not exists (select 1 from manual_versions v where v.manual_id = m.id)`,
    );
    return deleted.fileId;
  });
  if (!gone) return false;
  await removeFiles(filesDir, [gone]);
  return true;
}
