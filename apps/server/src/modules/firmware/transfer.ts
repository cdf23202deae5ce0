import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import {
  TERMINAL_STATES,
  upgradeProgress,
  type CommandReply,
  type UpgradeChunkArgs,
  type UpgradeStage,
} from '@solarops/contracts';
import type { CommandCenter, CommandRecord, UpgradeParams } from '../commands/index.ts';
import { ByteBudget } from './ByteBudget.ts';
import { imagePath } from './packages.ts';

/** A transfer's progress is stored (and pushed) when its stage changes or its percentage moves this far. */
const STORE_EVERY_PCT = 5;

/**
 * When the device was last heard is stored at least this often while it speaks [ms]: what the stalled-transfer
 * job (`stalledTransfers.ts`) reads, on any instance, to tell a device that stopped asking from a slow one.
 */
export const HEARD_EVERY_MS = 60_000;

/** What an upgrade command keeps in `result` while it runs. */
export interface UpgradeResult {
  stage: UpgradeStage;
  /** Downloaded share of the image [%]. */
  progress: number;
  /** Image bytes sent to the device so far, repeats included. */
  bytesSent: number;
  /**
   * A held download's go-ahead to install was sent (set by the rollout job, kept when progress is stored): the
   * install is under way and a cancel of its rollout no longer ends it.
   */
  released?: boolean;
  /** When the device was last heard (stored every `HEARD_EVERY_MS` at most) [ISO time]. */
  heardAt?: string;
  /** Starts sent again since the device was last heard, and when the last one went (`stalledTransfers.ts`). */
  restarts?: number;
  restartedAt?: string;
}

/** The suffix of a chunk's `cmdId` before its index: `<upgrade id>.c<index>`. */
export const CHUNK = '.c';

/**
 * Image bytes of chunks handed to the broker and not yet written to their device's connection, across every
 * transfer (docs/scaling.md "Firmware rollouts"): each chunk held costs about five times its size on the heap
 * (its base64 text, the message's JSON, the packet's buffer).
 */
export const CHUNK_BYTES_IN_FLIGHT = 4 * 1024 * 1024;

/** The reply of an upgrade waiting for its turn, and those who wait for it to be taken. */
interface Waiting {
  reply: CommandReply;
  done: Promise<void>;
  settle: (err?: unknown) => void;
}

/** One upgrade's replies: whether one is being taken, and the newest of those that came meanwhile. */
interface Turns {
  busy: boolean;
  waiting?: Waiting;
}

/**
 * Serves upgrades' images over the command channel (docs/device-protocol.md "Firmware upgrade"): a device asks
 * for the chunks it lacks (`progress` replies with `next` and `window`) and gets each one as a message of its
 * upgrade command, read from disk by range — never the whole image, never one copy per device. It asks again
 * for what did not arrive, and after a power cycle from its last verified chunk, so the server keeps no
 * per-chunk state: only each upgrade's bytes sent and last stored stage.
 *
 * What it holds is bounded whatever the fleet's size: per upgrade, one reply being taken and the newest one
 * waiting (a newer reply replaces the waiting one, since the device asks from its first missing chunk and reports
 * its latest stage: a slow server no longer queues every retry and sends each window again), and across all
 * upgrades `CHUNK_BYTES_IN_FLIGHT` of chunks between the disk and the devices' connections (the broker's publish
 * resolves once the chunk is written, after the connection drained if it was full).
 */
export class FirmwareTransfer {
  private readonly running = new Map<string, UpgradeResult>();
  /** Per collector and upgrade, its replies' turns. */
  private readonly turns = new Map<string, Turns>();
  private readonly budget: ByteBudget;
  private readonly forget: (changes: { push: { id: string; state: string } }[]) => void;

  constructor(
    private readonly center: CommandCenter,
    private readonly filesDir: string,
    chunkBytesInFlight = CHUNK_BYTES_IN_FLIGHT,
  ) {
    this.budget = new ByteBudget(chunkBytesInFlight);
    this.forget = (changes) => {
      for (const { push } of changes)
        if (TERMINAL_STATES.includes(push.state as CommandRecord['state'])) this.running.delete(push.id);
    };
    center.events.on('changed', this.forget);
  }

  close(): void {
    this.center.events.off('changed', this.forget);
  }

  /** Chunk bytes between the disk and the devices now, and chunks waiting for their share (for tests). */
  get inFlight(): { bytes: number; waiting: number } {
    return { bytes: this.budget.inUse, waiting: this.budget.queued };
  }

  /**
   * A device's `progress` reply: chunks it asks for go out, its stage and percentage are stored when they moved.
   * One upgrade's replies are taken one at a time, in the order they came: a chunk request still reading the
   * image must not store its `downloading` after the `downloaded` that followed it (a held install would wait for
   * ever). Resolves once this reply, or the newer one that replaced it, is taken.
   */
  take(collectorSerial: string, reply: CommandReply): Promise<void> {
    const key = `${collectorSerial}\u0000${reply.cmdId}`;
    let turns = this.turns.get(key);
    if (!turns) this.turns.set(key, (turns = { busy: false }));
    if (turns.waiting) {
      turns.waiting.reply = reply;
      return turns.waiting.done;
    }
    let settle!: Waiting['settle'];
    const done = new Promise<void>((resolve, reject) => {
      settle = (err) => (err === undefined ? resolve() : reject(err as Error));
    });
    turns.waiting = { reply, done, settle };
    if (!turns.busy) void this.takeAll(key, turns, collectorSerial);
    return done;
  }

  private async takeAll(key: string, turns: Turns, collectorSerial: string): Promise<void> {
    turns.busy = true;
    while (turns.waiting) {
      const w = turns.waiting;
      turns.waiting = undefined;
      try {
        await this.takeInTurn(collectorSerial, w.reply, turns);
        w.settle();
      } catch (err) {
        w.settle(err ?? new Error('progress not taken'));
      }
    }
    turns.busy = false;
    this.turns.delete(key);
  }

  private async takeInTurn(collectorSerial: string, reply: CommandReply, turns: Turns): Promise<void> {
    const parsed = upgradeProgress.safeParse(reply.result);
    if (!parsed.success) return;
    const c = await this.center.openCommand(reply.cmdId);
    if (!c || c.kind !== 'upgrade' || c.collectorSerial !== collectorSerial) return;
    if (c.state !== 'sent' && c.state !== 'acked') return;
    const { stage, next, window } = parsed.data;
    const now = this.resultOf(c);
    if (stage === 'downloading' && next !== undefined)
      now.bytesSent += await this.sendChunks(c, next, window ?? 1, turns);
    const progress = Math.round(reply.progress ?? (stage === 'downloading' ? now.progress : 100));
    const stored = c.result as Partial<UpgradeResult> | null;
    const heard = Date.now();
    if (
      stage !== stored?.stage ||
      Math.abs(progress - (stored.progress ?? 0)) >= STORE_EVERY_PCT ||
      !stored.heardAt ||
      heard - Date.parse(stored.heardAt) >= HEARD_EVERY_MS
    ) {
      now.stage = stage;
      now.progress = progress;
      // Heard: the starts sent again to a silent device are counted afresh.
      await this.center.storeResult(c.id, { ...now, heardAt: new Date(heard).toISOString(), restarts: 0 });
    }
  }

  private resultOf(c: CommandRecord): UpgradeResult {
    let r = this.running.get(c.id);
    if (!r) {
      // After a restart the count goes on from what was stored.
      const stored = c.result as Partial<UpgradeResult> | null;
      r = {
        stage: stored?.stage ?? 'downloading',
        progress: stored?.progress ?? 0,
        bytesSent: stored?.bytesSent ?? 0,
      };
      this.running.set(c.id, r);
    }
    return r;
  }

  /**
   * Sends chunks `next` .. `next + window − 1` (those that exist), read from the image by range, each once its
   * bytes fit in the budget; stops early when a newer reply of the device came meanwhile (it says what the device
   * lacks now), but never before the first chunk: a device asking again faster than the server, busy, takes one
   * request would otherwise get nothing at all, each request replaced by the next. Answers the bytes sent.
   */
  private async sendChunks(c: CommandRecord, next: number, window: number, turns: Turns): Promise<number> {
    const p = c.params as UpgradeParams;
    const last = Math.min(next + window, p.chunks);
    if (next >= last) return 0;
    const file = await open(imagePath(this.filesDir, p.fileId), 'r');
    let bytes = 0;
    try {
      for (let index = next; index < last; index++) {
        if (index > next && turns.waiting) break;
        const size = Math.min(p.chunkBytes, p.size - index * p.chunkBytes);
        const granted = await this.budget.take(size);
        try {
          if (index > next && turns.waiting) break;
          const buffer = Buffer.alloc(size);
          const { bytesRead } = await file.read(buffer, 0, size, index * p.chunkBytes);
          const data = buffer.subarray(0, bytesRead);
          const args: UpgradeChunkArgs = {
            op: 'chunk',
            index,
            data: data.toString('base64'),
            sha256: createHash('sha256').update(data).digest('hex'),
          };
          const sent = await this.center.publishFor(c, {
            cmdId: `${c.id}${CHUNK}${index}`,
            type: 'firmwareUpgrade',
            target: c.deviceSerial,
            args: { ...args },
            expiresAt: c.expiresAt?.getTime(),
          });
          if (sent) bytes += data.length;
        } finally {
          this.budget.give(granted);
        }
      }
    } finally {
      await file.close();
    }
    return bytes;
  }
}
