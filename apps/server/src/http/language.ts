import type { FastifyRequest } from 'fastify';
import type { Lang } from '../i18n/messages.ts';

const asLang = (v: unknown): Lang | undefined => {
  if (typeof v !== 'string') return undefined;
  const s = v.toLowerCase();
  if (s.startsWith('zh')) return 'zh';
  if (s.startsWith('en')) return 'en';
  return undefined;
};

/** The caller's language: the `langType` query parameter, else the `language` cookie, else zh. */
export function requestLanguage(request: FastifyRequest): Lang {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = asLang(query?.langType);
  if (fromQuery) return fromQuery;
  const cookie = request.headers.cookie ?? '';
  const match = /(?:^|;\s*)language=([^;]*)/.exec(cookie);
  return asLang(match?.[1] ? decodeURIComponent(match[1]) : undefined) ?? 'zh';
}
