/**
 * When this server was not listening to its devices: the stretches in which its event loop was blocked (a message
 * that arrived then sat unread) and those in which the ingest held batches it could not store (the database was
 * busy or stalled). Offline detection subtracts them from a collector's silence, so that a collector is offline
 * only when it was silent while the server was listening: a stall longer than three reporting intervals no
 * longer turns the whole fleet offline and raises an alarm per collector when it ends.
 */

/** A stretch not listened [ms since the epoch]. */
export interface Stall {
  from: number;
  to: number;
}

/** The ingest's part: since when its oldest batch not yet stored has waited, if any [ms since the epoch]. */
export type PendingSince = () => number | undefined;

export interface ListeningClockOptions {
  /** How often the event loop is sampled [ms]. */
  tickMs?: number;
  /** Delays shorter than this are ordinary scheduling, not stalls [ms]. */
  minStallMs?: number;
  /** Stalls older than this are forgotten (longer than any collector's offline threshold) [ms]. */
  keepMs?: number;
  now?: () => number;
}

export class ListeningClock {
  private readonly stalls: Stall[] = [];
  private readonly tickMs: number;
  private readonly minStallMs: number;
  private readonly keepMs: number;
  private readonly now: () => number;
  private lastTick: number;
  private timer: NodeJS.Timeout | undefined;
  private pendingSince: PendingSince = () => undefined;

  constructor(options: ListeningClockOptions = {}) {
    this.tickMs = options.tickMs ?? 250;
    this.minStallMs = options.minStallMs ?? 2_000;
    this.keepMs = options.keepMs ?? 24 * 3_600_000;
    this.now = options.now ?? Date.now;
    this.lastTick = this.now();
  }

  /** Starts sampling the event loop (a timer that does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.lastTick = this.now();
    this.timer = setInterval(() => this.tick(), this.tickMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Tells the clock where to ask for the ingest's waiting batches. */
  watchIngest(pendingSince: PendingSince): void {
    this.pendingSince = pendingSince;
  }

  /** Records that the server could not listen from `from` to `to` (a batch stored that long after it came). */
  stalled(from: number, to: number): void {
    if (to - from < this.minStallMs) return;
    // Kept sorted and merged: the two sources may report overlapping stretches, and out of order.
    const all = [...this.stalls, { from, to }].sort((a, b) => a.from - b.from);
    this.stalls.length = 0;
    for (const s of all) {
      const last = this.stalls.at(-1);
      if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
      else this.stalls.push({ ...s });
    }
    const horizon = this.now() - this.keepMs;
    while (this.stalls.length > 0 && this.stalls[0]!.to < horizon) this.stalls.shift();
  }

  /**
   * The stalls up to now, the one in progress included: the event loop late now (this very call may be the first
   * thing to run after a block, before the sampler's timer) and the ingest's batches waiting since long enough.
   */
  stallsUntilNow(): Stall[] {
    const now = this.now();
    if (this.timer) this.tick(now);
    const out = this.stalls.map((s) => ({ ...s }));
    const waiting = this.pendingSince();
    if (waiting !== undefined && now - waiting >= this.minStallMs) out.push({ from: waiting, to: now });
    return out;
  }

  private tick(now = this.now()): void {
    // The sampler was due `tickMs` after the last; anything later was the loop blocked.
    if (now - this.lastTick - this.tickMs >= this.minStallMs) this.stalled(this.lastTick + this.tickMs, now);
    this.lastTick = now;
  }
}
