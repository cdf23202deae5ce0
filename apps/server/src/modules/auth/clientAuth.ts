import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/AppError.ts';
import { guard } from '../../http/guardsFirst.ts';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Guard (run before the body is read): the console's OAuth client credentials in `Authorization: Basic` (sign-in, refresh, email codes).
 * Public by nature (the console ships them), they still keep other clients from calling these routes by accident.
 */
export const requireClient = guard(async function requireClient(request: FastifyRequest): Promise<void> {
  const { consoleClientId, consoleClientSecret } = request.server.deps.config;
  const match = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new AppError(401, 'badClient');
  const ok =
    same(decoded.slice(0, colon), consoleClientId) && same(decoded.slice(colon + 1), consoleClientSecret);
  if (!ok) throw new AppError(401, 'badClient');
});
