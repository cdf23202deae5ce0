import { CODE } from '@solarops/contracts';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * An expected failure with its HTTP status, envelope code and message key. The error handler turns it into the
 * envelope in the caller's language; anything else is a 500 whose details stay in the log.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: number;
  readonly params: Record<string, string | number>;
  readonly fieldErrors:
    { field: string; key: MessageKey; params?: Record<string, string | number> }[] | undefined;

  constructor(
    statusCode: number,
    readonly key: MessageKey,
    options: {
      code?: number;
      params?: Record<string, string | number>;
      fieldErrors?: { field: string; key: MessageKey; params?: Record<string, string | number> }[];
    } = {},
  ) {
    super(key);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = options.code ?? statusCode;
    this.params = options.params ?? {};
    this.fieldErrors = options.fieldErrors;
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(400, key, params ? { params } : {});

/** A 400 naming the field at fault, shaped like a validation error. */
export const fieldError = (field: string, key: MessageKey) =>
  new AppError(400, 'validationFailed', { fieldErrors: [{ field, key }] });
export const unauthorized = () => new AppError(401, 'unauthorized');
export const sessionRevoked = () => new AppError(401, 'sessionRevoked', { code: CODE.sessionRevoked });
export const forbidden = (key: MessageKey = 'forbidden', params?: Record<string, string | number>) =>
  new AppError(403, key, params ? { params } : {});
/** Also for another tenant's object: never reveal that it exists (ARCHITECTURE §3). */
export const notFound = () => new AppError(404, 'notFound');
export const conflict = (key: MessageKey) => new AppError(409, key);
export const tooManyRequests = (key: MessageKey = 'tooManyRequests') => new AppError(429, key);
