import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './AppError.ts';
import { checkFileLink, FILES_PREFIX, fileLinkKey, withSignedLinks } from './fileLinks.ts';

/** The files this server stores (`storeImage`): a folder, a generated name and an image extension. */
const STORED_NAME = /^\/(avatars|plants|branding|workorders)\/[\w-]+\.(png|jpg|webp)$/;
/** The one public folder: the logo shows on the sign-in page, before anyone is signed in. */
const PUBLIC_FOLDER = `${FILES_PREFIX}branding/`;

/** The requested path, decoded and normalised as the static server will read it (`%2e%2e`, `a/../b`...). */
function requestedPath(request: FastifyRequest): string {
  const raw = request.url.split('?', 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new AppError(400, 'badRequest');
  }
  return path.posix.normalize(decoded);
}

/**
 * Uploaded files under /prod-api/files/: the logo to anyone, avatars and plant pictures only on a signed link
 * (`fileLinks.ts`; 401 without one or once it has expired, 403 for a forged one), only the names the server
 * stores (404 for anything else), each as an inline image under its own name, never sniffed into another type.
 * Every answer that carries a private file's path carries a signed link instead (`withSignedLinks`).
 */
export async function registerFiles(app: FastifyInstance, filesDir: string, serverSecret: Uint8Array) {
  const key = fileLinkKey(serverSecret);
  app.addHook('preSerialization', async (_request, _reply, payload) => withSignedLinks(payload, key));

  fs.mkdirSync(filesDir, { recursive: true });
  await app.register(async (files) => {
    files.addHook('onRequest', async (request, reply) => {
      const requested = requestedPath(request);
      if (requested.startsWith(PUBLIC_FOLDER)) {
        reply.header('cache-control', 'public, max-age=3600');
        return;
      }
      const check = checkFileLink(key, requested, request.query as Record<string, unknown>);
      if (check === 'forged') throw new AppError(403, 'forbidden');
      if (check !== 'ok') throw new AppError(401, 'unauthorized');
      // Kept by the browser no longer than the link is good for, and by no shared cache.
      const expires = Number((request.query as { expires: string }).expires);
      reply.header(
        'cache-control',
        `private, max-age=${Math.max(0, expires - Math.floor(Date.now() / 1000))}`,
      );
    });
    await files.register(fastifyStatic, {
      root: filesDir,
      prefix: FILES_PREFIX,
      decorateReply: false,
      index: false,
      cacheControl: false,
      dotfiles: 'deny',
      allowedPath: (pathName) => STORED_NAME.test(pathName),
      setHeaders: (res, filePath) => {
        res.header('content-disposition', `inline; filename="${path.basename(filePath)}"`);
        res.header('x-content-type-options', 'nosniff');
      },
    });
  });
}
