import { REJECTION_REASONS, type RejectionReason } from '@solarops/contracts';

/** The smallest logger this needs (pino's and Fastify's fit). */
export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

const LOG_EVERY_MS = 60_000;

/**
 * Counts refused device input by reason (ARCHITECTURE §5) and logs it at most once per device (or collector) and
 * reason per minute, so that one broken device cannot flood the log while the counters stay exact.
 */
export class RejectionLog {
  readonly counts: Record<RejectionReason, number> = Object.fromEntries(
    REJECTION_REASONS.map((r) => [r, 0]),
  ) as Record<RejectionReason, number>;
  private readonly lastLogged = new Map<string, number>();

  constructor(private readonly logger: WarnLogger | undefined) {}

  /** Counts `n` refusals of `reason` from `source` (a device or collector serial) and maybe logs `detail`. */
  note(reason: RejectionReason, source: string, detail: string, n = 1): void {
    this.counts[reason] += n;
    if (!this.logger) return;
    const key = `${reason}|${source}`;
    const now = Date.now();
    const last = this.lastLogged.get(key);
    if (last !== undefined && now - last < LOG_EVERY_MS) return;
    if (this.lastLogged.size > 100_000) this.lastLogged.clear();
    this.lastLogged.set(key, now);
    this.logger.warn({ reason, source, detail, count: this.counts[reason] }, 'device input refused');
  }
}
