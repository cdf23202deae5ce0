import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { makerPublicKey, signedByTrustedMaker } from '@solarops/simulator/firmwareSignature';
import { agentVersion, readPackage, type PackageEntry } from './agentPackage.ts';
import { InstallDir } from './installDir.ts';

/** An agent package as an upgrade command delivers it: its image on disk and what the start message says of it. */
export interface AgentUpdatePackage {
  /** The version the upgrade installs (the firmware package's). */
  version: string;
  /** The downloaded image (a gzip-compressed tar, `agentPackage.ts`). */
  imageFile: string;
  /** The image's SHA-256 (hex), as the console sent it. */
  sha256: string;
  /** The maker's Ed25519 signature over the image's digest (base64). */
  signature: string;
}

export interface ApplyUpdateOptions {
  /** The install folder (`installDir.ts`): versions, the `current` link, the probation's state. */
  installDir: string;
  /** The makers' public keys this agent trusts (32 raw bytes in base64, as the console's trusted keys). */
  trustedKeys: readonly string[];
  /** The version running now: installing it again is refused. */
  runningVersion: string;
  /** The upgrade command, answered when the new version reaches the server or the old one is back. */
  cmdId?: string;
  /**
   * Starts the new version: in the service the agent stops and exits, and the supervisor starts what `current`
   * names. Called once the switch is made.
   */
  restart: () => void;
}

export type UpdateResult =
  { state: 'switched'; version: string; previous: string | null } | { state: 'refused'; reason: string };

const refused = (reason: string): UpdateResult => ({ state: 'refused', reason });

/** Writes a package's entries under a folder (their paths are checked by `readPackage`). */
function unpack(entries: readonly PackageEntry[], into: string): void {
  mkdirSync(into, { recursive: true });
  for (const e of entries) {
    const path = join(into, e.path);
    if (e.kind === 'dir') {
      mkdirSync(path, { recursive: true });
      chmodSync(path, e.mode);
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    if (e.kind === 'symlink') symlinkSync(e.target!, path);
    else {
      writeFileSync(path, e.data ?? Buffer.alloc(0));
      // Set after writing: the process's umask must not take the program's execute bit away.
      chmodSync(path, e.mode);
    }
  }
}

/**
 * Installs an agent package beside the running version and switches to it, as a collector's boot loader would:
 * the image is checked against its hash and against the makers' keys this agent trusts before anything is written
 * (a package of an unknown maker, a bad signature or a damaged image is refused and nothing changes); then it is
 * unpacked into `versions/<version>`, put on probation (`pending.json`), `current` is switched to it in one
 * rename, and `restart` starts it. The previous version stays where it is: the supervisor goes back to it if the
 * new one does not reach the server in time (`supervisor.ts`).
 *
 * @returns `switched`, or `refused` with the reason the upgrade command fails with
 */
export function applyUpdate(pkg: AgentUpdatePackage, options: ApplyUpdateOptions): UpdateResult {
  let image: Buffer;
  try {
    image = readFileSync(pkg.imageFile);
  } catch (err) {
    return refused(`image not readable: ${(err as Error).message}`);
  }
  const digest = createHash('sha256').update(image).digest();
  if (digest.toString('hex') !== pkg.sha256.toLowerCase())
    return refused('checksum mismatch: package not installed');
  const keys = options.trustedKeys.flatMap((raw) => {
    try {
      return [makerPublicKey(raw)];
    } catch {
      return [];
    }
  });
  if (!signedByTrustedMaker(digest, pkg.signature, keys))
    return refused('signature not trusted: package not installed');
  if (!agentVersion.safeParse(pkg.version).success)
    return refused(`version ${JSON.stringify(pkg.version)} is not a version this agent installs`);
  if (pkg.version === options.runningVersion) return refused(`version ${pkg.version} is already running`);
  let contents: ReturnType<typeof readPackage>;
  try {
    contents = readPackage(image);
  } catch (err) {
    return refused(`not an agent package: ${(err as Error).message}`);
  }
  if (contents.manifest.version !== pkg.version)
    return refused(`the package holds version ${contents.manifest.version}, not ${pkg.version}`);

  const dir = new InstallDir(options.installDir);
  dir.settle();
  const onProbation = dir.pending();
  if (onProbation) return refused(`version ${onProbation.version} is still on probation`);
  const target = dir.versionDir(pkg.version);
  const incoming = join(dir.versions, `.incoming-${pkg.version}-${process.pid}`);
  rmSync(incoming, { recursive: true, force: true });
  try {
    unpack(contents.entries, incoming);
  } catch (err) {
    rmSync(incoming, { recursive: true, force: true });
    return refused(`could not unpack: ${(err as Error).message}`);
  }
  const previous = dir.current();
  // A version of that name left from an earlier try is replaced; the running one never is (refused above).
  if (existsSync(target)) rmSync(target, { recursive: true, force: true });
  renameSync(incoming, target);
  // On probation before the switch: a power cut between the two leaves the old version running on probation,
  // which the supervisor ends by going back to it; the other way round, the new one would run unwatched.
  dir.setPending({
    version: pkg.version,
    previous,
    ...(options.cmdId === undefined ? {} : { cmdId: options.cmdId }),
    starts: 0,
  });
  dir.switchTo(pkg.version);
  options.restart();
  return { state: 'switched', version: pkg.version, previous };
}
