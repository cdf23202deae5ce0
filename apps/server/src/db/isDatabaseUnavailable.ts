/** Connection-level failures: the server is down, restarting, refusing connections, or the link broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// SQLSTATE: 08… connection exception; 57P01–57P03 shutdown, crash shutdown, cannot connect now; 53300 too many
// connections.
const SQLSTATE_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
const MESSAGES =
  /connection terminated|connection error|timeout exceeded when trying to connect|pglite is closed/i;

/**
 * True when an error (or one it wraps, as Drizzle does) says the database cannot be reached, rather than that a
 * statement was wrong: such a request may succeed later, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
