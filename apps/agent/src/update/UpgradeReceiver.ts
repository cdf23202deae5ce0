import { createHash, type Hash } from 'node:crypto';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CommandMessage,
  CommandReply,
  UpgradeChunkArgs,
  UpgradeProgress,
  UpgradeStartArgs,
} from '@solarops/contracts';
import { applyUpdate } from './applyUpdate.ts';
import { InstallDir } from './installDir.ts';
import { confirmUpdate, markUpdateReported, replyOf, updateReply } from './probation.ts';

export interface UpgradeReceiverOptions {
  /** The install folder the supervisor gave (SOLAROPS_AGENT_INSTALL_DIR); without it the agent cannot update. */
  installDir: string | undefined;
  /** The makers' public keys this agent trusts (agent.yaml `update.trustedKeys`). */
  trustedKeys: readonly string[];
  runningVersion: string;
  /** Ends the agent so that the supervisor starts the version just switched to. */
  restart: () => void;
  /** Chunks asked for at once (at most 16, docs/device-protocol.md). */
  window?: number;
  /** A window not complete this long after it was asked for is asked for again [ms]. */
  retryMs?: number;
  log?: (line: string) => void;
}

interface Download {
  cmdId: string;
  expiresAt: number | undefined;
  args: UpgradeStartArgs;
  file: string;
  hash: Hash;
  verified: number;
  bytes: number;
  released: boolean;
  installing: boolean;
  reply: (r: CommandReply) => void;
}

/**
 * The agent's side of a firmware upgrade of itself (docs/device-protocol.md "Firmware upgrade"), as the simulated
 * collectors' `FirmwareUpdater` is theirs: it asks for the chunks it lacks, keeps each in order once its hash
 * matches (on disk, in the install folder), asks again when a window does not come, waits for the go-ahead of a
 * held install, and then hands the image to `applyUpdate`, which checks it against the trusted makers and switches
 * to it; the agent then exits and the supervisor starts the new version. The version that runs afterwards answers
 * the upgrade once it has reached the server (`serverReached`): `succeeded` with its version, or `failed` after
 * going back. A download does not survive a restart of the agent: the server's repeated start begins it again.
 */
export class UpgradeReceiver {
  private download: Download | undefined;
  private retry: NodeJS.Timeout | undefined;
  private windowEnd = 0;
  private readonly log: (line: string) => void;

  constructor(private readonly options: UpgradeReceiverOptions) {
    this.log = options.log ?? (() => undefined);
  }

  /** One `firmwareUpgrade` message to the agent itself: a start (or its repeat), a chunk, a go-ahead or a cancel. */
  handle(msg: CommandMessage, reply: (r: CommandReply) => void): void {
    const args = msg.args as { op?: string };
    if (args.op === 'chunk') return this.chunk(msg.cmdId, msg.args as unknown as UpgradeChunkArgs);
    if (args.op === 'install') return this.release(msg.cmdId);
    if (args.op === 'cancel') return this.cancel(msg.cmdId);
    if (args.op !== 'start')
      return reply({ cmdId: msg.cmdId, state: 'failed', reason: 'unknown upgrade step' });
    this.start(msg, msg.args as unknown as UpgradeStartArgs, reply);
  }

  /**
   * The server has heard this version (its status acknowledged): a version on probation confirms itself, and the
   * end of the last update, if not told yet, is told now.
   */
  serverReached(reply: (r: CommandReply) => void): void {
    const dir = this.options.installDir;
    if (!dir) return;
    const confirmed = confirmUpdate(dir, this.options.runningVersion);
    if (confirmed) this.log(`update: ${confirmed.tried} reached the server; it is kept`);
    const end = updateReply(dir, this.options.runningVersion);
    if (!end) return;
    reply(end);
    markUpdateReported(dir);
  }

  stop(): void {
    clearTimeout(this.retry);
  }

  private start(msg: CommandMessage, args: UpgradeStartArgs, reply: (r: CommandReply) => void): void {
    const fail = (reason: string) => reply({ cmdId: msg.cmdId, state: 'failed', reason });
    const dirPath = this.options.installDir;
    if (!dirPath) return fail('this agent runs without its supervisor: it cannot update itself');
    const dir = new InstallDir(dirPath);
    // A repeat of an upgrade that has ended: the same answer again. One whose version is on probation: its
    // answer comes once that version has reached the server, or the old one is back.
    const last = dir.lastUpdate();
    if (last?.cmdId === msg.cmdId)
      return reply(replyOf({ ...last, cmdId: msg.cmdId }, this.options.runningVersion));
    if (dir.pending()?.cmdId === msg.cmdId) return;
    const d = this.download;
    if (d?.cmdId === msg.cmdId) {
      d.reply = reply;
      reply({ cmdId: msg.cmdId, state: 'accepted' });
      return this.ask();
    }
    if (msg.expiresAt !== undefined && msg.expiresAt < Date.now()) return fail('expired');
    if (this.options.trustedKeys.length === 0)
      return fail('no maker is trusted (update.trustedKeys in agent.yaml): package not installed');
    if (d) this.drop(d);
    const downloads = join(dirPath, 'download');
    mkdirSync(downloads, { recursive: true });
    const file = join(downloads, 'image.part');
    writeFileSync(file, '');
    this.download = {
      cmdId: msg.cmdId,
      expiresAt: msg.expiresAt,
      args,
      file,
      hash: createHash('sha256'),
      verified: 0,
      bytes: 0,
      released: false,
      installing: false,
      reply,
    };
    this.log(`update: downloading ${args.version} (${args.size} bytes in ${args.chunks} chunks)`);
    reply({ cmdId: msg.cmdId, state: 'accepted' });
    this.ask();
  }

  private progress(d: Download, stage: UpgradeProgress['stage'], extra: Partial<UpgradeProgress> = {}): void {
    const pct = Math.floor((100 * d.bytes) / Math.max(1, d.args.size));
    d.reply({ cmdId: d.cmdId, state: 'progress', progress: pct, result: { stage, ...extra } });
  }

  /** Asks for the chunks from the first one missing, and again if they do not come. */
  private ask(): void {
    const d = this.download;
    if (!d || d.installing || d.verified >= d.args.chunks) return;
    clearTimeout(this.retry);
    const window = Math.min(16, this.options.window ?? 8);
    this.windowEnd = d.verified + window;
    this.progress(d, 'downloading', { next: d.verified, window });
    this.retry = setTimeout(() => this.ask(), this.options.retryMs ?? 5000);
    this.retry.unref?.();
  }

  private chunk(cmdId: string, c: UpgradeChunkArgs): void {
    const d = this.download;
    if (!d || d.installing || cmdId !== `${d.cmdId}.c${c.index}` || c.index !== d.verified) return;
    const data = Buffer.from(c.data, 'base64');
    if (createHash('sha256').update(data).digest('hex') !== c.sha256) return;
    appendFileSync(d.file, data);
    d.hash.update(data);
    d.verified++;
    d.bytes += data.length;
    if (d.verified >= d.args.chunks) return this.downloaded(d);
    // The window is complete: ask for the next one at once.
    if (d.verified >= this.windowEnd) this.ask();
  }

  private downloaded(d: Download): void {
    clearTimeout(this.retry);
    this.progress(d, 'downloaded');
    // A rollout's maintenance window: held until the server's go-ahead.
    if (d.args.holdInstall && !d.released) return;
    this.install(d);
  }

  private release(cmdId: string): void {
    const d = this.download;
    if (!d || d.released || cmdId !== `${d.cmdId}.i`) return;
    d.released = true;
    if (d.verified >= d.args.chunks) this.install(d);
  }

  private cancel(cmdId: string): void {
    const d = this.download;
    if (!d || d.installing || cmdId !== `${d.cmdId}.x`) return;
    this.drop(d);
    d.reply({ cmdId: d.cmdId, state: 'failed', reason: 'cancelled: image dropped' });
  }

  private drop(d: Download): void {
    clearTimeout(this.retry);
    rmSync(d.file, { force: true });
    if (this.download === d) this.download = undefined;
  }

  private install(d: Download): void {
    if (d.installing) return;
    d.installing = true;
    this.progress(d, 'verifying');
    if (d.hash.digest('hex') !== d.args.sha256.toLowerCase()) {
      this.drop(d);
      return d.reply({ cmdId: d.cmdId, state: 'failed', reason: 'checksum mismatch: package not installed' });
    }
    let switched = false;
    const result = applyUpdate(
      { version: d.args.version, imageFile: d.file, sha256: d.args.sha256, signature: d.args.signature },
      {
        installDir: this.options.installDir!,
        trustedKeys: this.options.trustedKeys,
        runningVersion: this.options.runningVersion,
        cmdId: d.cmdId,
        // The restart waits for the "rebooting" answer below.
        restart: () => void (switched = true),
      },
    );
    this.drop(d);
    if (result.state === 'refused') {
      this.log(`update: ${d.args.version} refused: ${result.reason}`);
      return d.reply({ cmdId: d.cmdId, state: 'failed', reason: result.reason });
    }
    this.progress(d, 'rebooting');
    this.log(`update: switched to ${result.version}; restarting into it`);
    if (switched) this.options.restart();
  }
}
