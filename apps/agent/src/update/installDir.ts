/**
 * The install folder of a self-updating agent (docs/decisions/0030-agent-self-update.md):
 *
 * ```
 * <installDir>/versions/<version>/   one folder per installed version, unpacked from its package
 * <installDir>/current               link to the version the supervisor starts (absent: the packaged one)
 * <installDir>/pending.json          a version on probation: switched to, not yet heard by the server
 * <installDir>/decision.json         the one verdict on the probation, created exclusively by whoever is first
 * <installDir>/last-update.json      how the last update ended, for the agent to report to the server
 * ```
 *
 * Every change is a rename or an exclusive create, so that a power cut at any point leaves a state the supervisor
 * settles at its next start: the new version confirmed, or the old one back.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { agentManifest, MANIFEST, type AgentManifest } from './agentPackage.ts';

const pendingState = z.object({
  /** The version on probation (the `current` link's). */
  version: z.string(),
  /** The version it replaced, null for the packaged one. */
  previous: z.string().nullable(),
  /** The upgrade command that installed it, answered when the update ends. */
  cmdId: z.string().optional(),
  /** Times the supervisor started it while on probation (a version that cannot start is given up after a few). */
  starts: z.number().int().min(0),
});
export type PendingState = z.infer<typeof pendingState>;

const decision = z.object({
  verdict: z.enum(['confirmed', 'rolledBack']),
  reason: z.string().optional(),
});
export type Decision = z.infer<typeof decision>;

const lastUpdate = z.object({
  cmdId: z.string().optional(),
  /** `installed`: the new version reached the server; `rolledBack`: the old one runs again. */
  outcome: z.enum(['installed', 'rolledBack']),
  /** The version that was tried (the one running after it says its own version). */
  tried: z.string(),
  reason: z.string().optional(),
  /** The server has been told (its reply was published). */
  reported: z.boolean().default(false),
});
export type LastUpdate = z.infer<typeof lastUpdate>;

/** Writes a file whole or not at all: a temporary file, flushed to disk, renamed over the old one. */
export function writeAtomically(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

function readJson<T>(path: string, schema: z.ZodType<T>): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Removes a file that may already be gone. */
const unlinkIfThere = (path: string): void => rmSync(path, { force: true });

/** One install folder and its state. */
export class InstallDir {
  readonly versions: string;
  private readonly currentLink: string;
  private readonly pendingFile: string;
  private readonly decisionFile: string;
  private readonly lastFile: string;

  constructor(readonly dir: string) {
    this.versions = join(dir, 'versions');
    this.currentLink = join(dir, 'current');
    this.pendingFile = join(dir, 'pending.json');
    this.decisionFile = join(dir, 'decision.json');
    this.lastFile = join(dir, 'last-update.json');
    mkdirSync(this.versions, { recursive: true });
  }

  versionDir(version: string): string {
    return join(this.versions, version);
  }

  /** The version the `current` link names, null when there is none (the packaged version runs). */
  current(): string | null {
    try {
      return basename(readlinkSync(this.currentLink));
    } catch {
      return null;
    }
  }

  /**
   * Points `current` at a version (null: removes it, so the packaged version runs) in one rename: the supervisor
   * finds either the old link or the new one, never none.
   */
  switchTo(version: string | null): void {
    if (version === null) return unlinkIfThere(this.currentLink);
    const tmp = `${this.currentLink}.${process.pid}.new`;
    unlinkIfThere(tmp);
    symlinkSync(join('versions', version), tmp);
    renameSync(tmp, this.currentLink);
  }

  /** The manifest of an installed version. */
  manifest(version: string): AgentManifest {
    return agentManifest.parse(JSON.parse(readFileSync(join(this.versionDir(version), MANIFEST), 'utf8')));
  }

  /** The program of the `current` version, undefined when the packaged version runs. */
  currentEntry(): string | undefined {
    const version = this.current();
    return version === null ? undefined : join(this.versionDir(version), this.manifest(version).entry);
  }

  pending(): PendingState | undefined {
    return readJson(this.pendingFile, pendingState);
  }

  setPending(state: PendingState): void {
    writeAtomically(this.pendingFile, JSON.stringify(state));
  }

  /**
   * Records the verdict on the version on probation unless one is already recorded: the new version confirming
   * and the supervisor giving up on it may race, and exactly one of them wins (an exclusive create).
   *
   * @returns the verdict that stands: this one, or the one recorded first
   */
  decide(verdict: Decision): Decision {
    let fd: number;
    try {
      fd = openSync(this.decisionFile, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      return this.decision() ?? { verdict: 'rolledBack', reason: 'the verdict was lost' };
    }
    try {
      writeSync(fd, JSON.stringify(verdict));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return verdict;
  }

  /**
   * The recorded verdict. A verdict file left empty by a power cut counts as a rollback: the old version is known
   * to reach the server, the new one is not.
   */
  decision(): Decision | undefined {
    if (!existsSync(this.decisionFile)) return undefined;
    return readJson(this.decisionFile, decision) ?? { verdict: 'rolledBack', reason: 'the verdict was lost' };
  }

  lastUpdate(): LastUpdate | undefined {
    return readJson(this.lastFile, lastUpdate);
  }

  setLastUpdate(state: LastUpdate): void {
    writeAtomically(this.lastFile, JSON.stringify(state));
  }

  /**
   * Carries out a recorded verdict, step by step so that it can be done again after a power cut at any point:
   * a rollback points `current` back at the previous version; then how the update ended is written for the agent
   * to report, and the probation and its verdict are removed, in that order.
   *
   * @returns the update's end, or undefined when nothing was on probation or no verdict is recorded
   */
  settle(): LastUpdate | undefined {
    const verdict = this.decision();
    if (!verdict) return undefined;
    const pending = this.pending();
    if (!pending) {
      // Settled before a power cut took the last step.
      unlinkIfThere(this.decisionFile);
      return undefined;
    }
    const confirmed = verdict.verdict === 'confirmed';
    if (!confirmed) this.switchTo(pending.previous);
    const end: LastUpdate = {
      ...(pending.cmdId === undefined ? {} : { cmdId: pending.cmdId }),
      outcome: confirmed ? 'installed' : 'rolledBack',
      tried: pending.version,
      ...(verdict.reason === undefined ? {} : { reason: verdict.reason }),
      reported: false,
    };
    this.setLastUpdate(end);
    unlinkIfThere(this.pendingFile);
    unlinkIfThere(this.decisionFile);
    if (confirmed) this.prune(pending.version, pending.previous);
    return end;
  }

  /** Removes installed versions other than the running one and the one before it (kept to go back to). */
  private prune(keep: string, previous: string | null): void {
    let names: string[];
    try {
      names = readdirSync(this.versions);
    } catch {
      return;
    }
    for (const name of names) {
      if (name !== keep && name !== previous)
        rmSync(join(this.versions, name), { recursive: true, force: true });
    }
  }
}
