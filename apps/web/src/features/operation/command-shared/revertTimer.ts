/**
 * A setting with a revert timer (SunSpec `*_RvrtTms`) falls back to its old value when the timer runs out: the
 * console shows the time left, counted from when the device applied the value.
 */

/** When the value reverts [ms since the epoch], or undefined for a value that stays. */
export function revertAt(appliedAt: string | number | Date, revertSeconds: number | null | undefined) {
  if (!revertSeconds || revertSeconds <= 0) return undefined;
  const start = new Date(appliedAt).getTime();
  return Number.isNaN(start) ? undefined : start + revertSeconds * 1000;
}

/** Whole seconds left until `until` [ms since the epoch], never below 0. */
export const secondsLeft = (until: number, now: number = Date.now()) =>
  Math.max(0, Math.ceil((until - now) / 1000));

/** "m:ss", or "h:mm:ss" from an hour up: the time left of a revert timer. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
