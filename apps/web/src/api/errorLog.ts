import { SYSTEM_CALLS } from '@solarops/contracts';
import { hasToken } from './session.ts';
import { callEndpoint } from './callEndpoint.ts';

/** One unhandled error as the server keeps it (`POST /system/errorlog`, docs/api-accounts.md). */
export interface ErrorLogEntry {
  message: string;
  stack?: string;
  url: string;
  info?: string;
}

/** The same error reported many times in a loop would flood the log; each message is sent once per page load. */
const sent = new Set<string>();

/** Sends an unhandled error to the server's error log (read by administrators on the system screen). */
export function reportError(error: unknown, info?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  if (!hasToken() || sent.has(message)) return;
  sent.add(message);
  const entry: ErrorLogEntry = {
    message: message.slice(0, 1000),
    stack: error instanceof Error ? error.stack?.slice(0, 4000) : undefined,
    url: window.location.href,
    info,
  };
  callEndpoint(SYSTEM_CALLS.reportError, { body: entry, quiet: true }).catch(() => undefined);
}

/** Unhandled errors and rejections anywhere in the console end up in the error log (spec §8). */
export function installErrorLog(): void {
  window.addEventListener('error', (e) => reportError(e.error ?? e.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (e) => reportError(e.reason, 'unhandledrejection'));
}
