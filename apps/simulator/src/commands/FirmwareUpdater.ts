import { createHash, type Hash, type KeyObject } from 'node:crypto';
import type {
  CommandMessage,
  CommandReply,
  UpgradeCancelArgs,
  UpgradeChunkArgs,
  UpgradeInstallArgs,
  UpgradeProgress,
  UpgradeStartArgs,
} from '@solarops/contracts';
import { signedByTrustedMaker } from './firmwareSignature.ts';

/** Failures a test or a fleet injects into a device's upgrades. */
export interface UpgradeFailures {
  /** The image is stored with one byte flipped: its checksum will not match (the device never installs it). */
  badChecksum?: boolean;
  /** The device loses power once its download passes this share [%], and boots again after `rebootMs`. */
  rebootAtPct?: number;
  /** Installing fails after a good download and verification (the old version keeps running). */
  installFailure?: boolean;
  /** After the reboot it runs this version instead of the one it was sent. */
  wrongVersion?: string;
}

/** The link as the device sees it: lost chunks and its speed. */
export interface LinkQuality {
  /** Share of chunks lost on the way (0..1). */
  lossRate?: number;
  /** Bytes per second the link carries; chunks arrive no faster. */
  bandwidthBps?: number;
}

export interface FirmwareUpdaterOptions {
  /** The version running at first. */
  version: string;
  /** The makers' public keys the device trusts (its boot loader's); an image not signed by one is refused. */
  trustedKeys: readonly KeyObject[];
  failures?: UpgradeFailures;
  link?: LinkQuality;
  /** Chunks asked for at once. */
  window?: number;
  /** A chunk not arrived this long after the request is asked for again [ms]. */
  retryMs?: number;
  /** How long each of verifying, installing and rebooting takes [ms]. */
  stepMs?: number;
  /** Power off for this long when `rebootAtPct` strikes [ms]. */
  rebootMs?: number;
  /** Called when the device is back from an install's reboot, running `version` (its collector says so again). */
  onBooted?: (version: string) => void;
  random?: () => number;
}

/**
 * What survives a power cycle, as a logger keeps it in flash: the upgrade being downloaded, how many chunks of it
 * are verified, and the running hash of those chunks (so that the image need not be read back to check it).
 */
interface Flash {
  cmdId: string;
  expiresAt: number | undefined;
  args: UpgradeStartArgs;
  verified: number;
  bytes: number;
  hash: Hash;
  /** The image's digest, once the download is complete. */
  digest?: Buffer;
  /** The server let a held download install (its maintenance window is open). */
  released?: boolean;
  /** Verifying and installing has begun (it runs once per power-on). */
  installing?: boolean;
  /** Set once the upgrade ended: a repeat of its command gets this answer again. */
  end?: Omit<CommandReply, 'cmdId'>;
}

/**
 * A device's side of a firmware upgrade (docs/device-protocol.md "Firmware upgrade"): it asks for the chunks it
 * lacks, checks each one's hash before keeping it, asks again for what did not come, resumes from its last
 * verified chunk after a power cycle, checks the whole image's hash and the maker's signature before installing,
 * and after the reboot reports the version it runs. Injectable failures and link quality exercise the server.
 */
export class FirmwareUpdater {
  /** The version running now. */
  version: string;
  /** Image bytes received, repeats and lost ones excluded (tests compare it with the image's size). */
  bytesReceived = 0;
  /** Versions installed, in order (a bad image must never appear here). */
  readonly installed: string[] = [];
  private flash: Flash | undefined;
  private powered = true;
  private retry: NodeJS.Timeout | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private rebootDone = false;
  /** The chunk after the last one asked for: reaching it asks for the next window. */
  private windowEnd = 0;

  constructor(
    private readonly reply: (r: CommandReply) => void,
    private readonly options: FirmwareUpdaterOptions,
  ) {
    this.version = options.version;
  }

  /** Whether an upgrade is under way: downloading, holding its image for the go-ahead, or installing. */
  get upgrading(): boolean {
    return this.flash !== undefined && this.flash.end === undefined;
  }

  /** Downloaded share of the current upgrade [%], 0 when none runs. */
  get progress(): number {
    const f = this.flash;
    return f && !f.end ? Math.floor((100 * f.bytes) / f.args.size) : 0;
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.powered) fn();
    }, ms);
    timer.unref?.();
    this.timers.add(timer);
  }

  private send(cmdId: string, r: Omit<CommandReply, 'cmdId'>): void {
    if (this.powered) this.reply({ cmdId, ...r });
  }

  private stage(f: Flash, stage: UpgradeProgress['stage'], extra: Partial<UpgradeProgress> = {}): void {
    const result: UpgradeProgress = { stage, ...extra };
    this.send(f.cmdId, { state: 'progress', progress: this.progress, result });
  }

  private end(f: Flash, r: Omit<CommandReply, 'cmdId'>): void {
    clearTimeout(this.retry);
    f.end = r;
    this.send(f.cmdId, r);
  }

  /** A `firmwareUpgrade` message: the start of an upgrade (or its repeat), or one chunk of it. */
  handle(msg: CommandMessage): void {
    if (!this.powered) return;
    const args = msg.args as unknown as
      UpgradeStartArgs | UpgradeChunkArgs | UpgradeInstallArgs | UpgradeCancelArgs;
    if (args.op === 'chunk') return this.chunk(msg.cmdId, args);
    if (args.op === 'install') return this.release(msg.cmdId);
    if (args.op === 'cancel') return this.cancel(msg.cmdId);
    const f = this.flash;
    if (f?.cmdId === msg.cmdId) {
      // A repeat: the same answer, or the download goes on from the last verified chunk.
      if (f.end) return this.send(f.cmdId, f.end);
      this.send(f.cmdId, { state: 'accepted' });
      return this.ask();
    }
    if (msg.expiresAt !== undefined && msg.expiresAt < Date.now())
      return this.send(msg.cmdId, { state: 'failed', reason: 'expired' });
    this.flash = {
      cmdId: msg.cmdId,
      expiresAt: msg.expiresAt,
      args,
      verified: 0,
      bytes: 0,
      hash: createHash('sha256'),
    };
    this.rebootDone = false;
    this.send(msg.cmdId, { state: 'accepted' });
    this.ask();
  }

  /** Asks for the chunks from the first one missing, and again if they do not come. */
  private ask(): void {
    const f = this.flash;
    if (!f || f.end || f.verified >= f.args.chunks) return;
    clearTimeout(this.retry);
    const window = this.options.window ?? 8;
    this.windowEnd = f.verified + window;
    this.stage(f, 'downloading', { next: f.verified, window });
    this.retry = setTimeout(() => this.powered && this.ask(), this.options.retryMs ?? 2000);
    this.retry.unref?.();
  }

  private chunk(cmdId: string, c: UpgradeChunkArgs): void {
    const f = this.flash;
    if (!f || f.end || !cmdId.startsWith(`${f.cmdId}.c`)) return;
    const random = this.options.random ?? Math.random;
    if (random() < (this.options.link?.lossRate ?? 0)) return;
    const data = Buffer.from(c.data, 'base64');
    const bps = this.options.link?.bandwidthBps;
    if (bps) this.later((1000 * data.length) / bps, () => this.keep(f, c, data));
    else this.keep(f, c, data);
  }

  /** Keeps the next chunk in order once its hash matches; anything else is dropped and asked for again. */
  private keep(f: Flash, c: UpgradeChunkArgs, data: Buffer): void {
    if (this.flash !== f || f.end || c.index !== f.verified) return;
    if (createHash('sha256').update(data).digest('hex') !== c.sha256) return;
    const failures = this.options.failures ?? {};
    const stored =
      failures.badChecksum && c.index === 0 ? Buffer.from(data.map((b, i) => (i === 0 ? b ^ 1 : b))) : data;
    f.hash.update(stored);
    f.verified++;
    f.bytes += data.length;
    this.bytesReceived += data.length;
    if (
      failures.rebootAtPct !== undefined &&
      !this.rebootDone &&
      this.progress >= failures.rebootAtPct &&
      f.verified < f.args.chunks
    ) {
      this.rebootDone = true;
      this.powerOff();
      setTimeout(() => this.powerOn(), this.options.rebootMs ?? 200).unref?.();
      return;
    }
    if (f.verified >= f.args.chunks) return this.install(f);
    // The window is complete: ask for the next one at once.
    if (f.verified >= this.windowEnd) this.ask();
  }

  /** The go-ahead for a held download (repeats are ignored). */
  private release(cmdId: string): void {
    const f = this.flash;
    if (!f || f.end || f.released || cmdId !== `${f.cmdId}.i`) return;
    f.released = true;
    if (f.verified >= f.args.chunks) this.install(f);
  }

  /**
   * The server cancelled a held download (its rollout was cancelled): the image is dropped and the old version
   * keeps running. One already installing cannot stop and finishes.
   */
  private cancel(cmdId: string): void {
    const f = this.flash;
    if (!f || f.end || f.installing || cmdId !== `${f.cmdId}.x`) return;
    this.end(f, { state: 'failed', reason: 'cancelled: image dropped' });
  }

  private install(f: Flash): void {
    clearTimeout(this.retry);
    if (f.installing) return;
    if (f.args.holdInstall && !f.released) {
      // Downloaded at any time; installed only when the server says the plant's window is open. A go-ahead or a
      // cancel missed while offline: the image is dropped when the upgrade's time-to-live ends.
      this.stage(f, 'downloaded');
      if (f.expiresAt !== undefined)
        this.later(Math.max(0, f.expiresAt - Date.now()), () => {
          if (this.flash === f && !f.end && !f.released) this.end(f, { state: 'failed', reason: 'expired' });
        });
      return;
    }
    f.installing = true;
    const step = this.options.stepMs ?? 20;
    const failures = this.options.failures ?? {};
    this.stage(f, 'downloaded');
    this.later(step, () => {
      this.stage(f, 'verifying');
      const digest = (f.digest ??= f.hash.digest());
      if (digest.toString('hex') !== f.args.sha256)
        return this.end(f, { state: 'failed', reason: 'checksum mismatch: image not installed' });
      if (!signedByTrustedMaker(digest, f.args.signature, this.options.trustedKeys))
        return this.end(f, { state: 'failed', reason: 'signature not trusted: image not installed' });
      this.later(step, () => {
        this.stage(f, 'installing');
        if (failures.installFailure) return this.end(f, { state: 'failed', reason: 'install failed' });
        this.later(step, () => {
          this.stage(f, 'rebooting');
          this.later(step, () => {
            this.version = failures.wrongVersion ?? f.args.version;
            this.installed.push(this.version);
            this.options.onBooted?.(this.version);
            this.end(f, { state: 'succeeded', result: { version: this.version } });
          });
        });
      });
    });
  }

  /** Power off: what is in RAM (timers, requests in flight) is lost; the flash keeps the verified chunks. */
  powerOff(): void {
    this.powered = false;
    clearTimeout(this.retry);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Power on: an unfinished download goes on from its last verified chunk. */
  powerOn(): void {
    this.powered = true;
    const f = this.flash;
    if (!f || f.end) return;
    f.installing = false;
    if (f.verified >= f.args.chunks) {
      // Downloaded before the power went: the check starts again from the image in flash.
      return this.install(f);
    }
    this.ask();
  }
}
