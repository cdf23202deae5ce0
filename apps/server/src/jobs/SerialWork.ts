/**
 * Work run one piece at a time, in the order it was added (a fault raised then cleared must not be applied the
 * other way round). A failed piece is reported to `onError` and the next one runs.
 */
export class SerialWork {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly onError: (err: unknown) => void) {}

  add(work: () => Promise<unknown>): void {
    this.tail = this.tail.then(work).then(() => undefined, this.onError);
  }

  /** Resolves when everything added so far has run, including what was added while waiting. */
  async flush(): Promise<void> {
    let t;
    do {
      t = this.tail;
      await t;
    } while (t !== this.tail);
  }
}
