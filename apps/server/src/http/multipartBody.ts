import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { SpooledFile } from '@solarops/contracts';
import { AppError } from './AppError.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `oneFileToDisk`: the folder the file part is streamed into. */
    spoolDir?: string;
  }
  interface FastifyRequest {
    /** The file this request streamed to disk, removed after the answer unless the handler moved it. */
    spooledPath?: string;
  }
}

/**
 * Limits of a multipart body on a route that takes no file (sign-in and other forms): small text fields only. A route
 * that takes a file widens them with `oneFile(maxBytes)` in its `config`.
 */
const FORM_LIMITS = { files: 0, fields: 20, fieldSize: 64 * 1024, parts: 21, headerPairs: 50 };

/** What a multipart body may hold besides its file and fields: boundaries and part headers [bytes]. */
const FRAMING_BYTES = 64 * 1024;

type MultipartLimits = Partial<typeof FORM_LIMITS> & { fileSize?: number };

/** A byte count as the refusal names it: "64 MB", "512 KB". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Number((bytes / 1024).toFixed(1))} KB`;
}

/** The 413 of a file past its route's limit, naming the limit in the caller's language. */
const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'fileTooLarge', { params: { max: sizeText(maxBytes) } });

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
 * Route `config` of a large upload (firmware images): one file of at most `maxBytes`, streamed into `spoolDir`
 * under a generated name while its SHA-256 is computed, so that the process never holds it. The body's file is
 * then `{ filename, mimetype, path, size, sha256 }` (contracts `spooledFile`); the handler moves the file where it
 * belongs, and whatever it leaves in place is removed once the answer is sent (a refused upload leaves nothing).
 */
export const oneFileToDisk = (maxBytes: number, spoolDir: string) => ({
  ...oneFile(maxBytes),
  spoolDir,
});

/**
 * Moves the file this request streamed to disk to `target`, where it stays. Only the file the server itself
 * spooled is moved: a JSON body naming some other path is refused (400).
 */
export async function keepSpooledFile(request: FastifyRequest, file: SpooledFile, target: string) {
  if (!request.spooledPath || file.path !== request.spooledPath) throw new AppError(400, 'badMultipart');
  await mkdir(path.dirname(target), { recursive: true });
  await rename(file.path, target);
  request.spooledPath = undefined;
}

/**
 * Multipart bodies: parsed after the route's guards (`onRequest`, see guardsFirst.ts) and before validation, within
 * the route's limits, into `request.body` as `{ field: value, file: { filename, mimetype, data } }` so that a zod
 * schema (contracts `uploadedFile`) checks them. A body that is not well-formed multipart is a 400, never a 500.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: true });
  app.addHook('preValidation', readMultipartBody);
  // Before the answer goes out, so that whoever reads it finds nothing left behind.
  app.addHook('onSend', async (request) => {
    if (request.spooledPath) await rm(request.spooledPath, { force: true });
  });
}

async function readMultipartBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.isMultipart()) return;
  const limits: MultipartLimits = {
    ...FORM_LIMITS,
    ...(request.routeOptions.config.multipartOptions?.limits as MultipartLimits | undefined),
  };
  const maxFile = limits.files ? (limits.fileSize ?? 0) : 0;
  const body: Record<string, unknown> = {};
  try {
    // A body declared larger than its file and fields can ever be is refused before a byte of it is read.
    const declared = Number(request.headers['content-length']);
    if (declared > maxFile + (limits.fields ?? 0) * (limits.fieldSize ?? 0) + FRAMING_BYTES)
      throw maxFile > 0 ? fileTooLarge(maxFile) : new AppError(413, 'payloadTooLarge');
    for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
      // Prototype keys are refused by the parser; plain assignment is safe.
      const spoolDir = request.routeOptions.config.spoolDir;
      body[part.fieldname] =
        part.type !== 'file'
          ? part.value
          : spoolDir
            ? {
                filename: part.filename,
                mimetype: part.mimetype,
                ...(await spoolFile(request, part.file, spoolDir, maxFile)),
              }
            : {
                filename: part.filename,
                mimetype: part.mimetype,
                data: await readFile(part.file, maxFile),
              };
    }
  } catch (err) {
    // Read no further: the parser would otherwise skip through the rest of an oversized body. The connection is
    // closed after the answer, since what is left of the body can no longer be told apart from a next request.
    request.raw.unpipe();
    request.raw.pause();
    reply.header('connection', 'close');
    throw asClientError(err, maxFile);
  }
  request.body = body;
}

/**
 * A file part's bytes, refused with 413 the moment it passes the route's limit (the parser would otherwise go on
 * skipping to the end of the part, however large, before the file stream ends).
 */
function readFile(file: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => reject(fileTooLarge(maxBytes)));
    file.once('error', reject);
    file.once('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Streams a file part into `dir` under a generated name, hashing it on the way; refused with 413 the moment it
 * passes the route's limit, the partial file removed.
 */
async function spoolFile(
  request: FastifyRequest,
  file: Readable,
  dir: string,
  maxBytes: number,
): Promise<Pick<SpooledFile, 'path' | 'size' | 'sha256'>> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, `${randomBytes(12).toString('hex')}.part`);
  request.spooledPath = target;
  const hash = createHash('sha256');
  const out = createWriteStream(target);
  let size = 0;
  return new Promise((resolve, reject) => {
    // The partial file goes once its stream has closed (removed earlier, a late open would bring it back).
    // The first failure is the answer: the limit destroys the file's stream, and the write it had under way
    // then fails too ("write after a stream was destroyed"), which must not turn the 413 into a 400.
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      file.unpipe(out);
      const removeThenReject = () =>
        void rm(target, { force: true }).finally(() =>
          reject(err instanceof Error ? err : new Error(String(err))),
        );
      if (out.closed) removeThenReject();
      else {
        out.once('close', removeThenReject);
        out.destroy();
      }
    };
    file.on('data', (chunk: Buffer) => {
      size += chunk.length;
      hash.update(chunk);
    });
    file.once('limit', () => fail(fileTooLarge(maxBytes)));
    file.once('error', fail);
    out.on('error', fail);
    out.once('finish', () => resolve({ path: target, size, sha256: hash.digest('hex') }));
    file.pipe(out);
  });
}

/**
 * Our own refusals stand; the parser's limits are 413 (its file-size limit naming the route's limit, the others
 * too many parts); anything else it throws is a malformed body.
 */
function asClientError(err: unknown, maxFile: number): unknown {
  if (err instanceof AppError) return err;
  const { statusCode, code } = err as { statusCode?: unknown; code?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE' && maxFile > 0) return fileTooLarge(maxFile);
  if (statusCode === 413) return new AppError(413, 'payloadTooLarge');
  return new AppError(400, 'badMultipart');
}
