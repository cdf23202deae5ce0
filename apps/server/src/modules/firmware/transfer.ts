import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import {
  TERMINAL_STATES,
  upgradeProgress,
  type CommandReply,
  type UpgradeChunkArgs,
  type UpgradeStage,
} from '@solarops/contracts';
import type { CommandCenter } from '../commands/CommandCenter.ts';
import type { CommandRecord } from '../commands/stateMachine.ts';
import type { UpgradeParams } from '../commands/wire.ts';
import { imagePath } from './packages.ts';

/** A transfer's progress is stored (and pushed) when its stage changes or its percentage moves this far. */
const STORE_EVERY_PCT = 5;

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
}

/** The suffix of a chunk's `cmdId` before its index: `<upgrade id>.c<index>`. */
export const CHUNK = '.c';

/**
 * Serves upgrades' images over the command channel (docs/device-protocol.md "Firmware upgrade"): a device asks
 * for the chunks it lacks (`progress` replies with `next` and `window`) and gets each one as a message of its
 * upgrade command, read from disk by range — never the whole image, never one copy per device. It asks again
 * for what did not arrive, and after a power cycle from its last verified chunk, so the server keeps no
 * per-chunk state: only each upgrade's bytes sent and last stored stage.
 */
export class FirmwareTransfer {
  private readonly running = new Map<string, UpgradeResult>();
  /** Per upgrade, the reply being taken now (the next waits for it). */
  private readonly taking = new Map<string, Promise<void>>();
  private readonly forget: (changes: { push: { id: string; state: string } }[]) => void;

  constructor(
    private readonly center: CommandCenter,
    private readonly filesDir: string,
  ) {
    this.forget = (changes) => {
      for (const { push } of changes)
        if (TERMINAL_STATES.includes(push.state as CommandRecord['state'])) this.running.delete(push.id);
    };
    center.events.on('changed', this.forget);
  }

  close(): void {
    this.center.events.off('changed', this.forget);
  }

  /**
   * A device's `progress` reply: chunks it asks for go out, its stage and percentage are stored when they moved.
   * One upgrade's replies are taken in the order they came: a chunk request still reading the image must not
   * store its `downloading` after the `downloaded` that followed it (a held install would wait for ever).
   */
  take(collectorSerial: string, reply: CommandReply): Promise<void> {
    const before = this.taking.get(reply.cmdId);
    const run = (before ?? Promise.resolve()).then(() => this.takeInTurn(collectorSerial, reply));
    const settled = run.catch(() => undefined);
    this.taking.set(reply.cmdId, settled);
    void settled.then(() => {
      if (this.taking.get(reply.cmdId) === settled) this.taking.delete(reply.cmdId);
    });
    return run;
  }

  private async takeInTurn(collectorSerial: string, reply: CommandReply): Promise<void> {
    const parsed = upgradeProgress.safeParse(reply.result);
    if (!parsed.success) return;
    const c = await this.center.openCommand(reply.cmdId);
    if (!c || c.kind !== 'upgrade' || c.collectorSerial !== collectorSerial) return;
    if (c.state !== 'sent' && c.state !== 'acked') return;
    const { stage, next, window } = parsed.data;
    const now = this.resultOf(c);
    if (stage === 'downloading' && next !== undefined)
      now.bytesSent += await this.sendChunks(c, next, window ?? 1);
    const progress = Math.round(reply.progress ?? (stage === 'downloading' ? now.progress : 100));
    const stored = c.result as Partial<UpgradeResult> | null;
    if (stage !== stored?.stage || Math.abs(progress - (stored.progress ?? 0)) >= STORE_EVERY_PCT) {
      now.stage = stage;
      now.progress = progress;
      await this.center.storeResult(c.id, { ...now });
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

  /** Sends chunks `next` .. `next + window − 1` (those that exist), read from the image by range; answers bytes sent. */
  private async sendChunks(c: CommandRecord, next: number, window: number): Promise<number> {
    const p = c.params as UpgradeParams;
    const last = Math.min(next + window, p.chunks);
    if (next >= last) return 0;
    const file = await open(imagePath(this.filesDir, p.fileId), 'r');
    let bytes = 0;
    try {
      for (let index = next; index < last; index++) {
        const buffer = Buffer.alloc(Math.min(p.chunkBytes, p.size - index * p.chunkBytes));
        const { bytesRead } = await file.read(buffer, 0, buffer.length, index * p.chunkBytes);
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
      }
    } finally {
      await file.close();
    }
    return bytes;
  }
}
