/**
 * The memory the ingest writes its reading lines into (readingLines.ts): large buffers ("slabs") that batches
 * take their room from one after the other, and that are used again once every batch in them is committed.
 *
 * A buffer per batch would be as fast to fill, but V8 counts every new buffer against the memory outside its
 * heap and starts a full collection every few dozen megabytes of them: at the ingest's rate that was several
 * full collections a second. Slabs that come back are allocated once.
 */
export interface Slab {
  buffer: Buffer;
  /** Bytes handed out so far. */
  used: number;
  /** Batches whose lines are in it and not yet settled. */
  holders: number;
  /** No more room is taken from it: it goes back to the free list when its last holder leaves. */
  retired: boolean;
}

export class LineSlabs {
  private current: Slab | undefined;
  private readonly free: Slab[] = [];

  /**
   * @param slabBytes size of a slab; a batch needing more gets a buffer of its own.
   * @param maxFree slabs kept for reuse beyond those in use (the rest are left to the garbage collector).
   */
  constructor(
    private readonly slabBytes = 1024 * 1024,
    private readonly maxFree = 32,
  ) {}

  /**
   * Room for up to `bytes` bytes of lines. Call `keep` with the bytes written before taking room again (the ingest
   * writes a batch's lines without a pause), and `release` on the slab once the batch is settled.
   */
  take(bytes: number): { slab: Slab; room: Buffer } {
    if (bytes > this.slabBytes) {
      const slab: Slab = { buffer: Buffer.allocUnsafeSlow(bytes), used: 0, holders: 0, retired: true };
      return { slab, room: slab.buffer };
    }
    let slab = this.current;
    if (!slab || slab.buffer.length - slab.used < bytes) {
      if (slab) this.retire(slab);
      slab = this.free.pop() ?? {
        buffer: Buffer.allocUnsafeSlow(this.slabBytes),
        used: 0,
        holders: 0,
        retired: false,
      };
      slab.retired = false;
      this.current = slab;
    }
    return { slab, room: slab.buffer.subarray(slab.used) };
  }

  /** Keeps the first `bytes` bytes of the room just taken: answers them, and the slab now has a holder more. */
  keep(slab: Slab, bytes: number): Buffer {
    const kept = slab.buffer.subarray(slab.used, slab.used + bytes);
    slab.used += bytes;
    slab.holders++;
    return kept;
  }

  /** A holder leaves; the slab is used again when it was the last one of a retired slab. */
  release(slab: Slab): void {
    slab.holders--;
    if (slab.holders === 0 && slab.retired) this.recycle(slab);
  }

  private retire(slab: Slab): void {
    slab.retired = true;
    if (slab.holders === 0) this.recycle(slab);
  }

  private recycle(slab: Slab): void {
    if (slab.buffer.length !== this.slabBytes || this.free.length >= this.maxFree) return;
    slab.used = 0;
    this.free.push(slab);
  }
}
