import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed, short-lived links to private uploaded files (decision 0012). The console shows avatars and plant pictures
 * with plain `<img>` tags, which cannot send the bearer token; so an API answer that carries such a picture to a
 * caller allowed to see it carries a link signed for it instead: the path, an expiry and an HMAC of both under a key
 * derived from the server secret. The files route serves a private file only on a link whose signature holds and
 * whose expiry has not passed. What is stored (in `users.avatar`, `plants.picture`) stays the bare path.
 */

export const FILES_PREFIX = '/prod-api/files/';

/** Folders of the files directory whose files are served only on a signed link; the rest (the logo) is public. */
const PRIVATE_FOLDERS = ['avatars', 'plants', 'workorders'] as const;

/** A link is good for at least this long [s]... */
export const LINK_SECONDS = 60 * 60;
/** ...and at most this much longer: expiries are rounded up to it, so that a link stays the same (and cached by
 * the browser) for a while rather than changing with every answer [s]. */
const LINK_ROUNDING_SECONDS = 15 * 60;

/** Fields of an answer that carry a picture's path. */
const LINK_FIELDS = new Set(['avatar', 'picture']);

const PRIVATE_PATH = new RegExp(`^${FILES_PREFIX}(?:${PRIVATE_FOLDERS.join('|')})/[\\w.-]+$`);

/** The key of file links, derived from the server secret so that it never doubles as the token key. */
export const fileLinkKey = (serverSecret: Uint8Array) =>
  createHmac('sha256', serverSecret).update('file links').digest();

const signatureOf = (key: Uint8Array, path: string, expires: number) =>
  createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');

/** Whether a path under the files prefix is private (served on a signed link only). */
export const isPrivateFile = (path: string) => PRIVATE_PATH.test(path);

/** The link a caller gets for a stored path: signed when the file is private, the path itself otherwise. */
export function signFileLink(key: Uint8Array, path: string, now = Date.now()): string {
  if (!isPrivateFile(path)) return path;
  const expires = Math.ceil((now / 1000 + LINK_SECONDS) / LINK_ROUNDING_SECONDS) * LINK_ROUNDING_SECONDS;
  return `${path}?expires=${expires}&sig=${signatureOf(key, path, expires)}`;
}

/** The stored path of a link this server issued (its query dropped). */
export const bareFilePath = (link: string) => link.split('?', 1)[0]!;

export type LinkCheck = 'ok' | 'unsigned' | 'expired' | 'forged';

/** Checks the signature and expiry of a request for a private file. */
export function checkFileLink(
  key: Uint8Array,
  path: string,
  query: { expires?: unknown; sig?: unknown },
  now = Date.now(),
): LinkCheck {
  const { expires, sig } = query;
  if (typeof expires !== 'string' || typeof sig !== 'string') return 'unsigned';
  if (!/^\d{1,12}$/.test(expires)) return 'forged';
  const expected = Buffer.from(signatureOf(key, path, Number(expires)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return Number(expires) * 1000 > now ? 'ok' : 'expired';
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * An answer about to be serialised with every `avatar` and `picture` field that holds a private file's path
 * replaced by a signed link. The answer is only ever given to a caller allowed to see what it holds (every query
 * is scoped), so whoever receives the link may see the file. Copies what it changes, never the objects it was
 * given (they may be kept in memory elsewhere); answers the value itself when nothing is to be signed.
 */
export function withSignedLinks<T>(value: T, key: Uint8Array, now = Date.now()): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      if (item === null || typeof item !== 'object') return;
      const signed = withSignedLinks(item, key, now);
      if (signed !== item) (copy ??= [...(value as unknown[])])[i] = signed;
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [field, v] of Object.entries(value)) {
    const signed =
      typeof v === 'string'
        ? LINK_FIELDS.has(field)
          ? signFileLink(key, v, now)
          : v
        : withSignedLinks(v, key, now);
    if (signed !== v) (copy ??= { ...value })[field] = signed;
  }
  return (copy ?? value) as T;
}
