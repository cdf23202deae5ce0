import type { FastifyRequest } from 'fastify';

/**
 * The origin the outside world reaches this server at, for addresses handed to others (QR codes, a payment
 * provider's return and notify addresses): PUBLIC_URL, else the address this request came to.
 */
export const publicOrigin = (request: FastifyRequest, publicUrl: string | undefined): string =>
  publicUrl ?? `${request.protocol}://${request.host}`;
