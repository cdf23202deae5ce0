import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in addresses: a display link's token is its wall's address (`/display/<token>`, decision
 * 0013), and a signed file link carries its signature (`sig`, `fileLinks.ts`). Whoever reads the server's log must
 * not be able to open a wall or a private file with what it shows.
 */
const SECRETS_IN_ADDRESSES: [RegExp, string][] = [
  [/(\/display\/)[^/?#]+/gi, '$1[redacted]'],
  [/([?&](?:sig|token)=)[^&#]*/gi, '$1[redacted]'],
];

/** An address as the log writes it: its secrets replaced by `[redacted]`. */
export function loggedUrl(url: string): string {
  return SECRETS_IN_ADDRESSES.reduce((u, [pattern, by]) => u.replace(pattern, by), url);
}

/**
 * What the log keeps of a request (the serializer of `req` in every request's log line): Fastify's own fields,
 * with the address's secrets redacted.
 */
export function requestLogValue(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
