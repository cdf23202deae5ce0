/**
 * The failed sign-ins of this instance over the last minute, per client address: an address that keeps guessing
 * meets this limit, and its further sign-ins get 429 without a password being hashed until the minute has passed.
 * The limit is never global: failures from some addresses must not refuse everyone else (a lockout that cannot be
 * turned against others); each account has its own back-off besides (`LOCKOUT`). Kept in memory: each instance
 * guards its own CPU; addresses whose minute has passed are forgotten, so the map holds at most the addresses that
 * failed within the last minute.
 */
export class FailedSignIns {
  /** Per address: the failure times of the last minute [ms], oldest first. */
  private readonly failures = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly maxPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  failed(address: string): void {
    const times = this.recent(address);
    times.push(this.now());
    this.failures.set(address, times);
    this.sweep();
  }

  exhausted(address: string): boolean {
    return this.recent(address).length >= this.maxPerMinute;
  }

  /** The address's failures within the last minute (older ones dropped). */
  private recent(address: string): number[] {
    const from = this.now() - 60_000;
    const times = (this.failures.get(address) ?? []).filter((t) => t > from);
    if (times.length === 0) this.failures.delete(address);
    else this.failures.set(address, times);
    return times;
  }

  /** Forgets, once a minute, the addresses whose failures are all older than a minute. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [address, times] of this.failures)
      if (times[times.length - 1]! <= now - 60_000) this.failures.delete(address);
  }
}
