import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses API answers (brotli or gzip, as the browser accepts) from about 1 KB up. The console's own files are
 * compressed once at build time and sent as they are (`preCompressed` in app.ts); an answer that already carries a
 * `content-encoding` is left alone, and so are the hijacked event streams, which flush every event themselves.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
  });
}
