/**
 * The failed sign-ins of this instance over the last minute, across every account and address: a spray of guesses
 * over many names or from many addresses (which neither the per-account back-off nor the per-address rate limit
 * stops) meets this limit, and further sign-ins get 429 without a password being hashed until the minute has
 * passed. Kept in memory: each instance guards its own CPU.
 */
export class FailedSignIns {
  /** Failure counts per second of the window, oldest first. */
  private readonly seconds = new Map<number, number>();

  constructor(
    private readonly maxPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  failed(): void {
    const s = Math.floor(this.now() / 1000);
    this.seconds.set(s, (this.seconds.get(s) ?? 0) + 1);
  }

  exhausted(): boolean {
    const from = Math.floor(this.now() / 1000) - 59;
    let total = 0;
    for (const [s, n] of this.seconds) {
      if (s < from) this.seconds.delete(s);
      else total += n;
    }
    return total >= this.maxPerMinute;
  }
}
