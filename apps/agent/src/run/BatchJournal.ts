import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

/** A batch waiting for its ack: its sequence number, kind and the exact JSON body that goes out. */
export interface StoredBatch {
  seq: number;
  kind: 'telemetry' | 'event';
  payload: string;
  /** Readings (or events) in it: what the bound counts. */
  items: number;
}

type Entry =
  | { t: 'b'; seq: number; kind: StoredBatch['kind']; items: number; payload: string }
  | { t: 'a'; seq: number }
  /** The readings dropped from a full buffer in all, kept across restarts (the status reports it). */
  | { t: 'd'; n: number };

/** 7 days of 5-minute readings of 32 devices. */
export const DEFAULT_MAX_ITEMS = 7 * 288 * 32;

/**
 * The agent's store-and-forward buffer on disk: every batch is written (and fsynced) before it is sent, its ack
 * is written when it comes, and after a restart, a reboot or a power cut the batches without ack go again,
 * oldest first, with their sequence numbers. It is a journal of lines, each with its CRC-32: a line cut off by
 * a power cut (or torn) fails its check, and it and anything after it are dropped when the journal is opened —
 * only a batch not yet sent can be on such a line, since a batch goes out after its line is on disk.
 * Bounded: beyond `maxItems` readings waiting, the oldest batches are dropped and counted (`dropped`, and the
 * readings in them in `droppedReadings`, which the journal keeps across restarts); the journal is rewritten (to a new file, renamed over the old) when it holds mostly acknowledged batches.
 */
export class BatchJournal {
  private readonly path: string;
  private fd: number;
  private readonly pending = new Map<number, StoredBatch>();
  private items = 0;
  private lines = 0;
  /** The next sequence number (kept across restarts, so that an ack never names a batch of an earlier life). */
  nextSeq = 1;
  /** Batches dropped because the buffer was full, since this journal was opened. */
  dropped = 0;
  /**
   * Readings (and events) dropped because the buffer was full, in all: since the buffer was first made, across
   * restarts, so that the server, which keeps the latest count it was told, never sees it go back.
   */
  droppedReadings = 0;
  /** Lines found cut off or corrupt when the journal was opened. */
  readonly tornLines: number;

  constructor(
    dir: string,
    private readonly maxItems = DEFAULT_MAX_ITEMS,
  ) {
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, 'batches.journal');
    this.tornLines = this.load();
    this.rewrite();
    this.fd = openSync(this.path, 'a');
  }

  private load(): number {
    if (!existsSync(this.path)) return 0;
    const lines = readFileSync(this.path, 'utf8').split('\n');
    let torn = 0;
    for (const [i, line] of lines.entries()) {
      if (line === '' && i === lines.length - 1) break;
      const tab = line.lastIndexOf('\t');
      const body = line.slice(0, tab);
      if (tab < 0 || crc32(body).toString(16) !== line.slice(tab + 1)) {
        // A cut-off write: this line and any after it never completed.
        torn = lines.length - i - (lines.at(-1) === '' ? 1 : 0);
        break;
      }
      this.apply(JSON.parse(body) as Entry);
    }
    return torn;
  }

  private apply(entry: Entry): void {
    if (entry.t === 'd') {
      this.droppedReadings = entry.n;
    } else if (entry.t === 'b') {
      this.pending.set(entry.seq, {
        seq: entry.seq,
        kind: entry.kind,
        payload: entry.payload,
        items: entry.items,
      });
      this.items += entry.items;
      this.nextSeq = Math.max(this.nextSeq, entry.seq + 1);
    } else {
      const batch = this.pending.get(entry.seq);
      if (batch) {
        this.pending.delete(entry.seq);
        this.items -= batch.items;
      }
    }
  }

  private static line(entry: Entry): string {
    const body = JSON.stringify(entry);
    return `${body}\t${crc32(body).toString(16)}\n`;
  }

  private append(entry: Entry): void {
    writeSync(this.fd, BatchJournal.line(entry));
    fsyncSync(this.fd);
    this.lines++;
  }

  /** Writes the batches still waiting to a fresh journal and puts it in place of the old one. */
  private rewrite(): void {
    const tmp = `${this.path}.new`;
    const fd = openSync(tmp, 'w');
    let text = this.droppedReadings > 0 ? BatchJournal.line({ t: 'd', n: this.droppedReadings }) : '';
    for (const b of this.pending.values()) text += BatchJournal.line({ t: 'b', ...b });
    // Keeps the sequence going even when nothing waits.
    if (this.pending.size === 0 && this.nextSeq > 1) {
      text += BatchJournal.line({ t: 'b', seq: this.nextSeq - 1, kind: 'telemetry', items: 0, payload: '' });
      text += BatchJournal.line({ t: 'a', seq: this.nextSeq - 1 });
    }
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.path);
    this.lines = this.pending.size;
  }

  /** Batches waiting for their ack, oldest first. */
  waiting(): StoredBatch[] {
    return [...this.pending.values()].filter((b) => b.items > 0);
  }

  /** Readings (or events) waiting. */
  get waitingItems(): number {
    return this.items;
  }

  /**
   * Stores a new batch (on disk before this returns) and gives it its sequence number; `body` is the batch
   * without `seq`. Returns the stored batch and the sequence numbers dropped to make room.
   */
  add(kind: StoredBatch['kind'], body: object, items: number): { batch: StoredBatch; dropped: number[] } {
    const seq = this.nextSeq++;
    const batch: StoredBatch = { seq, kind, items, payload: JSON.stringify({ seq, ...body }) };
    const dropped: number[] = [];
    while (this.items + items > this.maxItems && this.pending.size > 0) {
      const oldest = this.pending.values().next().value!;
      this.ack(oldest.seq);
      dropped.push(oldest.seq);
      this.dropped++;
      this.droppedReadings += oldest.items;
    }
    if (dropped.length > 0) this.append({ t: 'd', n: this.droppedReadings });
    this.append({ t: 'b', ...batch });
    this.apply({ t: 'b', ...batch });
    return { batch, dropped };
  }

  /** Records a batch's ack; true when it was waiting. */
  ack(seq: number): boolean {
    if (!this.pending.has(seq)) return false;
    this.append({ t: 'a', seq });
    this.apply({ t: 'a', seq });
    if (this.lines > 1000 && this.lines > 4 * this.pending.size) {
      closeSync(this.fd);
      this.rewrite();
      this.fd = openSync(this.path, 'a');
    }
    return true;
  }

  close(): void {
    closeSync(this.fd);
  }
}
