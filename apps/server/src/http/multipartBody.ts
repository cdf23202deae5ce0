import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { AppError } from './AppError.ts';

/**
 * Limits of a multipart body on a route that takes no file (sign-in and other forms): small text fields only. A route
 * that takes a file widens them with `oneFile(maxBytes)` in its `config`.
 */
const FORM_LIMITS = { files: 0, fields: 20, fieldSize: 64 * 1024, parts: 21, headerPairs: 50 };

/**
 * Route `config` of an upload: one file of at most `maxBytes`, besides a few text fields. The file is read as a
 * stream and refused with 413 as soon as it passes the limit, so no more than `maxBytes` is ever held.
 */
export const oneFile = (maxBytes: number) => ({
  multipartOptions: {
    limits: { ...FORM_LIMITS, files: 1, parts: FORM_LIMITS.parts + 1, fileSize: maxBytes },
  },
});

/**
 * Multipart bodies: parsed after the route's guards (`onRequest`, see guardsFirst.ts) and before validation, within
 * the route's limits, into `request.body` as `{ field: value, file: { filename, mimetype, data } }` so that a zod
 * schema (contracts `uploadedFile`) checks them. A body that is not well-formed multipart is a 400, never a 500.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: true });
  app.addHook('preValidation', readMultipartBody);
}

async function readMultipartBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
      // Prototype keys are refused by the parser; plain assignment is safe.
      body[part.fieldname] =
        part.type === 'file'
          ? { filename: part.filename, mimetype: part.mimetype, data: await readFile(part.file) }
          : part.value;
    }
  } catch (err) {
    // Read no further: the parser would otherwise skip through the rest of an oversized body. The connection is
    // closed after the answer, since what is left of the body can no longer be told apart from a next request.
    request.raw.unpipe();
    request.raw.pause();
    reply.header('connection', 'close');
    throw asClientError(err);
  }
  request.body = body;
}

/**
 * A file part's bytes, refused with 413 the moment it passes the route's limit (the parser would otherwise go on
 * skipping to the end of the part, however large, before the file stream ends).
 */
function readFile(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => reject(new AppError(413, 'payloadTooLarge')));
    file.once('error', reject);
    file.once('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The parser's own errors keep their status (413 for a limit); anything else it throws is a malformed body. */
function asClientError(err: unknown): unknown {
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return status === 413 ? new AppError(413, 'payloadTooLarge') : new AppError(400, 'badMultipart');
  }
  return new AppError(400, 'badMultipart');
}
