import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '@solarops/contracts';
import { AppError, fieldError } from './AppError.ts';
import { FILES_PREFIX } from './fileLinks.ts';
import { IMAGE_TYPES, sniffType } from './fileTypes.ts';

/**
 * Stores an uploaded image as `<folder>/<prefix><24 hex digits>.<ext>` under the files directory and returns its
 * URL (served under /prod-api/files). Refuses a file over `maxBytes` (413) or not a png, jpeg or webp (400 on
 * `file`), writing nothing then.
 */
export async function storeImage(
  filesDir: string,
  folder: string,
  file: UploadedFile,
  maxBytes: number,
  prefix = '',
): Promise<string> {
  if (file.data.length > maxBytes) throw new AppError(413, 'payloadTooLarge');
  const type = sniffType(file.data, IMAGE_TYPES);
  if (!type) throw fieldError('file', 'fileType');
  const name = `${prefix}${randomBytes(12).toString('hex')}.${type.ext}`;
  const dir = path.join(filesDir, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), file.data);
  return `${FILES_PREFIX}${folder}/${name}`;
}

/** A name `storeImage` gives: a folder, then a generated name and an image extension, nothing else. */
const STORED_URL = new RegExp(`^${FILES_PREFIX}([a-z]+/[\\w-]+\\.(?:png|jpg|webp))$`);

/**
 * The bytes of an image `storeImage` stored, from the URL it returned (as kept in the database), for the server's
 * own use (a PDF that shows a photo); undefined when the URL is not one it gives or the file is gone.
 */
export async function readStoredImage(filesDir: string, url: string): Promise<Buffer | undefined> {
  const name = STORED_URL.exec(url)?.[1];
  if (!name) return undefined;
  return readFile(path.join(filesDir, name)).catch(() => undefined);
}
