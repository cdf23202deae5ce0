/**
 * A fresh `Idempotency-Key` for one renewal form: 32 random hex digits. `crypto.getRandomValues` works on plain
 * http as well (`randomUUID` needs a secure context, and consoles on a LAN address have none).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
