/**
 * The console's OAuth client (ARCHITECTURE §2). It ships in the browser bundle, so it is public by nature; the
 * server accepts the same pair from `CONSOLE_CLIENT_ID` / `CONSOLE_CLIENT_SECRET` (defaults below).
 */
export const CONSOLE_CLIENT = {
  id: import.meta.env.VITE_CONSOLE_CLIENT_ID ?? 'console',
  secret: import.meta.env.VITE_CONSOLE_CLIENT_SECRET ?? 'console-secret',
} as const;

/** `Authorization: Basic base64(id:secret)` for sign-in, token refresh and the email-code calls. */
export const basicClientHeader = (): string =>
  `Basic ${btoa(`${CONSOLE_CLIENT.id}:${CONSOLE_CLIENT.secret}`)}`;
