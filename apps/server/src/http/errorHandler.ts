import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, t, type Lang, type MessageKey } from '../i18n/messages.ts';
import { isDatabaseUnavailable } from '../db/isDatabaseUnavailable.ts';
import { AppError } from './AppError.ts';
import { requestLanguage } from './language.ts';
import { loggedUrl } from './requestLogValue.ts';

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/** One zod issue as a message a person can act on, in their language. */
export function issueMessage(lang: Lang, issue: Issue): string {
  const p = issue.params;
  if (issue.message && isMessageKey(issue.message)) return t(lang, issue.message);
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '')
        ? t(lang, 'validation.required')
        : t(lang, 'validation.type', { expected: String(p.expected) });
    case 'too_small':
      if (p.origin === 'string' && Number(p.minimum) === 1) return t(lang, 'validation.required');
      return p.origin === 'string'
        ? t(lang, 'validation.tooShort', { min: String(p.minimum) })
        : t(lang, 'validation.tooSmall', { min: String(p.minimum) });
    case 'too_big':
      return p.origin === 'string'
        ? t(lang, 'validation.tooLong', { max: String(p.maximum) })
        : t(lang, 'validation.tooBig', { max: String(p.maximum) });
    case 'invalid_format':
      return p.format === 'email' ? t(lang, 'validation.email') : t(lang, 'validation.format');
    case 'invalid_value':
      return t(lang, 'validation.enum', { options: (p.values as unknown[] | undefined)?.join(', ') ?? '' });
    case 'unrecognized_keys':
      return t(lang, 'validation.unknownKey');
    default:
      return t(lang, 'validation.format');
  }
}

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/**
 * The one error handler: every failure answers with the envelope, in the caller's language; 400s list each bad
 * field; an unreachable database is a 503 (try again); 5xx details are logged, never sent.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(request);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(error.validationContext ?? ''),
        message: issueMessage(lang, v as unknown as Issue),
      }));
      return reply.status(400).send({
        code: 400,
        msg: errors[0] ? `${errors[0].field}: ${errors[0].message}` : t(lang, 'validationFailed'),
        data: null,
        errors,
      });
    }
    if (error instanceof AppError) {
      const errors = error.fieldErrors?.map((f) => ({ field: f.field, message: t(lang, f.key, f.params) }));
      return reply.status(error.statusCode).send({
        code: error.code,
        msg: errors?.[0] ? `${errors[0].field}: ${errors[0].message}` : t(lang, error.key, error.params),
        data: null,
        ...(errors ? { errors } : {}),
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: 503, msg: t(lang, 'serviceUnavailable'), data: null });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      // The route beside the error: at the production log level (warn) no request line names it otherwise.
      request.log.error(
        { err: error, route: `${request.method} ${request.routeOptions.url ?? loggedUrl(request.url)}` },
        'request failed',
      );
      return reply.status(500).send({ code: 500, msg: t(lang, 'internalError'), data: null });
    }
    const key = STATUS_KEYS[status] ?? 'badRequest';
    return reply.status(status).send({ code: status, msg: t(lang, key), data: null });
  });
}
