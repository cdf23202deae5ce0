/**
 * The agent's update package: a gzip-compressed tar archive (ustar, with GNU long names or pax paths as `tar`
 * writes them) of one version's tree, with `agent-package.json` at its root naming the version and the file the
 * service starts (docs/decisions/0030-agent-self-update.md). It travels as a firmware image of the console, signed
 * by its maker like collector firmware.
 *
 * Reading is written here rather than taken from a library because what an archive may hold is the point: regular
 * files, folders and links that stay inside the version's folder, nothing else; a path that leaves it (`..`, an
 * absolute path, a link pointing out) refuses the whole package before anything is written.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { posix } from 'node:path';
import { z } from 'zod';

/** The manifest's name at the archive's root. */
export const MANIFEST = 'agent-package.json';

/** A version is a folder's name: letters, digits, `.`, `_`, `+`, `-`, and not `.` or `..`. */
export const agentVersion = z
  .string()
  .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/, 'a version of letters, digits, ".", "_", "+" and "-"');

export const agentManifest = z.object({
  /** The version this package installs; the agent's status says it once it runs. */
  version: agentVersion,
  /** The program the service starts, relative to the version's folder, e.g. `apps/agent/dist/solarops-agent.mjs`. */
  entry: z.string().min(1),
});
export type AgentManifest = z.infer<typeof agentManifest>;

export interface PackageEntry {
  /** Relative path inside the version's folder (`/` separated, no `..`). */
  path: string;
  kind: 'file' | 'dir' | 'symlink';
  /** Permission bits (files: 0o755 for programs, else 0o644). */
  mode: number;
  data?: Buffer;
  /** A symlink's target, relative to the link's folder. */
  target?: string;
}

const BLOCK = 512;
/** Most bytes an unpacked package may hold: far above the agent's tree (tens of MB), far below a gateway's disk. */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

/** A path inside the version's folder, or undefined for one that leaves it or names nothing. */
function insidePath(raw: string): string | undefined {
  const trimmed = raw.replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (trimmed === '' || trimmed === '.') return undefined;
  if (trimmed.startsWith('/') || trimmed.includes('\0')) return undefined;
  const normal = posix.normalize(trimmed);
  if (normal === '..' || normal.startsWith('../') || normal !== trimmed) return undefined;
  return normal;
}

const text = (block: Buffer, from: number, length: number): string => {
  const field = block.subarray(from, from + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
};
const octal = (block: Buffer, from: number, length: number): number => {
  const value = text(block, from, length).trim();
  return value === '' ? 0 : parseInt(value, 8);
};

/** The `path` record of a pax extended header, if it has one. */
function paxPath(data: Buffer): string | undefined {
  let at = 0;
  let path: string | undefined;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(data.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (record.slice(0, eq) === 'path') path = record.slice(eq + 1);
    at += length;
  }
  return path;
}

/**
 * Reads a package's entries, checking every path; throws with the reason for anything a package may not hold.
 *
 * @param gzipped - The package's bytes (the firmware image)
 */
export function readPackage(gzipped: Buffer): { manifest: AgentManifest; entries: PackageEntry[] } {
  let tar: Buffer;
  try {
    tar = gunzipSync(gzipped, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (err) {
    throw new Error(`not a gzip-compressed package (${(err as Error).message})`);
  }
  const entries: PackageEntry[] = [];
  let longName: string | undefined;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const sum = header.reduce((s, b, i) => s + (i >= 148 && i < 156 ? 0x20 : b), 0);
    if (sum !== octal(header, 148, 8))
      throw new Error(`not a tar archive (bad header checksum at byte ${at})`);
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 0x30);
    const data = tar.subarray(at + BLOCK, at + BLOCK + size);
    if (data.length < size) throw new Error('the archive is cut short');
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') {
      longName = text(data, 0, data.length);
      continue;
    }
    if (type === 'x') {
      longName = paxPath(data) ?? longName;
      continue;
    }
    if (type === 'g') continue;
    const prefix = text(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = undefined;
    if (name === '.' || name === './') continue;
    const path = insidePath(name);
    if (!path) throw new Error(`the package names a path outside its folder: ${JSON.stringify(name)}`);
    const mode = octal(header, 100, 8) & 0o755;
    if (type === '0' || type === '7') entries.push({ path, kind: 'file', mode, data: Buffer.from(data) });
    else if (type === '5') entries.push({ path, kind: 'dir', mode: mode | 0o700 });
    else if (type === '2') {
      const target = text(header, 157, 100);
      // Up first, then down by plain names (as npm links a workspace: ../../packages/contracts): a `..` after a
      // name could climb out of a folder reached through another link.
      const parts = target.split('/');
      const down = parts.findIndex((part) => part !== '..');
      const plain =
        down >= 0 && parts.slice(down).every((part) => part !== '' && part !== '.' && part !== '..');
      if (!plain || !insidePath(posix.join(posix.dirname(path), target)))
        throw new Error(`the package's link ${path} points outside its folder (${target})`);
      entries.push({ path, kind: 'symlink', mode: 0o777, target });
    } else throw new Error(`the package holds ${path}, which is neither a file, a folder nor a link`);
  }
  const manifestEntry = entries.find((e) => e.path === MANIFEST && e.kind === 'file');
  if (!manifestEntry?.data) throw new Error(`the package has no ${MANIFEST}`);
  let manifest: AgentManifest;
  try {
    manifest = agentManifest.parse(JSON.parse(manifestEntry.data.toString('utf8')));
  } catch (err) {
    throw new Error(`the package's ${MANIFEST} is not valid (${(err as Error).message.split('\n')[0]})`);
  }
  const entry = insidePath(manifest.entry);
  if (!entry || !entries.some((e) => e.path === entry && e.kind === 'file'))
    throw new Error(`the package lacks its program ${manifest.entry}`);
  return { manifest: { ...manifest, entry }, entries };
}

/** One ustar header; a long path goes first in a GNU long-name record, as `tar` writes it. */
function header(name: string, type: string, size: number, mode: number, target = ''): Buffer[] {
  const long = Buffer.byteLength(name) > 99 ? Buffer.from(`${name}\0`) : undefined;
  const h = Buffer.alloc(BLOCK);
  h.write(name.slice(0, 99), 0, 'utf8');
  h.write(mode.toString(8).padStart(7, '0'), 100);
  h.write('0000000', 108);
  h.write('0000000', 116);
  h.write(size.toString(8).padStart(11, '0'), 124);
  h.write('00000000000', 136);
  h.write(type, 156);
  h.write(target, 157);
  h.write('ustar\0', 257);
  h.write('00', 263);
  h.fill(0x20, 148, 156);
  const sum = h.reduce((s, b) => s + b, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return long ? [...header('././@LongLink', 'L', long.length, 0), pad(long), h] : [h];
}

const pad = (data: Buffer): Buffer =>
  data.length % BLOCK === 0 ? data : Buffer.concat([data, Buffer.alloc(BLOCK - (data.length % BLOCK))]);

/**
 * Packs a version's files with its manifest (the package's builders and the tests use it; `tar` makes the same).
 *
 * @param manifest - Version and program
 * @param files - Files, folders and links, relative to the version's folder
 */
export function packPackage(manifest: AgentManifest, files: readonly PackageEntry[]): Buffer {
  const parts: Buffer[] = [];
  const all: PackageEntry[] = [
    {
      path: MANIFEST,
      kind: 'file',
      mode: 0o644,
      data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
    },
    ...files,
  ];
  for (const f of all) {
    if (f.kind === 'dir') parts.push(...header(`${f.path}/`, '5', 0, f.mode || 0o755));
    else if (f.kind === 'symlink') parts.push(...header(f.path, '2', 0, 0o777, f.target));
    else {
      const data = f.data ?? Buffer.alloc(0);
      parts.push(...header(f.path, '0', data.length, f.mode || 0o644), pad(data));
    }
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return gzipSync(Buffer.concat(parts));
}
