/**
 * A number of bytes shared by many senders, handed out first come, first served: `take` resolves once the bytes
 * are free (at once when they are), `give` returns them. A taker larger than the whole budget gets all of it, so
 * that it waits for the others instead of for ever.
 */
export class ByteBudget {
  private free: number;
  /** Takers waiting, oldest first from `head` (a queue without shifting the array on each grant). */
  private waiting: { bytes: number; grant: () => void }[] = [];
  private head = 0;

  constructor(readonly limit: number) {
    this.free = limit;
  }

  /** Bytes taken now. */
  get inUse(): number {
    return this.limit - this.free;
  }

  /** Takers waiting now. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  /** Resolves with the bytes granted (`bytes`, or the whole budget when larger) once they are free. */
  take(bytes: number): Promise<number> {
    const want = Math.min(bytes, this.limit);
    if (this.queued === 0 && want <= this.free) {
      this.free -= want;
      return Promise.resolve(want);
    }
    return new Promise((resolve) => this.waiting.push({ bytes: want, grant: () => resolve(want) }));
  }

  /** Returns bytes granted by `take`; the oldest waiting takers that now fit are granted in order. */
  give(bytes: number): void {
    this.free = Math.min(this.limit, this.free + bytes);
    while (this.head < this.waiting.length && this.waiting[this.head]!.bytes <= this.free) {
      const next = this.waiting[this.head++]!;
      this.free -= next.bytes;
      next.grant();
    }
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
  }
}
