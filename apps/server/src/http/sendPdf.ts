import type { FastifyReply } from 'fastify';

/**
 * Answers a PDF as a download named `filename` (every PDF call goes through here). The name is sent both plain
 * and RFC 5987-encoded, so that a Chinese file name survives every browser.
 */
export function sendPdf(reply: FastifyReply, filename: string, file: Buffer | Uint8Array) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return reply
    .header('content-type', 'application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .send(file);
}
