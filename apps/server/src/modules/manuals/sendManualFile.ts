import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { ManualFileType } from '@solarops/contracts';
import { notFound } from '../../http/AppError.ts';
import { manualFilePath, mimeOf } from './service.ts';

/**
 * Answers a stored manual file from FILES_DIR/manuals: by its generated name only (any other name is a 404, so
 * nothing outside the folder is ever read), as its real type, under its uploaded name (`inline` to show it in the
 * browser, `attachment` to save it), never sniffed into another type.
 */
export async function sendManualFile(
  reply: FastifyReply,
  filesDir: string,
  file: { fileId: string; fileName: string; fileType: ManualFileType },
  disposition: 'inline' | 'attachment',
) {
  const filePath = manualFilePath(filesDir, file.fileId);
  const size = filePath
    ? await stat(filePath).then(
        (s) => s.size,
        () => undefined,
      )
    : undefined;
  if (!filePath || size === undefined) throw notFound();
  return reply
    .header('content-type', mimeOf(file.fileType))
    .header('content-length', size)
    .header('content-disposition', contentDisposition(file.fileName, { type: disposition }))
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(filePath));
}
