import type { FastifyRequest } from 'fastify';
import { fieldError } from './AppError.ts';

/** The path of the first string holding a NUL character in `value`, or undefined. */
function nulAt(value: unknown, at: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (depth > 8 || value === null || typeof value !== 'object' || value instanceof Uint8Array)
    return undefined;
  for (const [key, v] of Object.entries(value)) {
    const found = nulAt(v, at ? `${at}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * preValidation, on every route: a NUL character in any string of the path, query or body is a 400. PostgreSQL
 * cannot store it in text, and no field of the product has a use for it.
 */
export async function refuseNul(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const field = nulAt(part, '');
    if (field !== undefined) throw fieldError(field || 'body', 'validation.nul');
  }
}
