/**
 * The scheme of the Authorization header a wall opened by a display link sends: `Display <token>`.
 *
 * It sits in a file of its own, without zod, because the console's request module (part of the sign-in page's
 * first download) needs it: importing it from `exhibit.ts` pulled the exhibit schemas, and with them zod, into
 * that download.
 */
export const DISPLAY_AUTH_SCHEME = 'Display';
