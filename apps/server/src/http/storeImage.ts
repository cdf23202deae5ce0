import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '@solarops/contracts';
import { AppError, fieldError } from './AppError.ts';

/** Image types the console shows, read from their first bytes (never from the client's claim). */
const IMAGE_TYPES: { ext: string; test: (b: Uint8Array) => boolean }[] = [
  { ext: 'png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    test: (b) =>
      Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
      Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP',
  },
];

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
  const type = IMAGE_TYPES.find((t) => t.test(file.data));
  if (!type) throw fieldError('file', 'fileType');
  const name = `${prefix}${randomBytes(12).toString('hex')}.${type.ext}`;
  const dir = path.join(filesDir, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), file.data);
  return `/prod-api/files/${folder}/${name}`;
}
