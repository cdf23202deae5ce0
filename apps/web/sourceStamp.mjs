// @ts-check
// The console build's source stamp: a hash of everything `vite build` reads, written into the build when it ends
// (build.mjs), so that a start finds out in a few milliseconds whether apps/web/dist is the build of the sources
// it has, and builds again only when it is not.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_DIR = path.join(ROOT, 'apps/web');
export const DIST_DIR = path.join(WEB_DIR, 'dist');
/** Inside the build: emptied with it when a build starts, so an unfinished build has no stamp. */
export const STAMP_FILE = path.join(DIST_DIR, '.sources-stamp');

/**
 * What the build reads: the console's folder (its sources, page, config and .env files), the contracts it imports,
 * the lockfile (the versions of Vite, React, Ant Design…), the shared TypeScript options, and the VITE_ variables
 * of the environment. Dependencies' folders and builds are left out: the lockfile stands for the first.
 */
const INPUTS = ['apps/web', 'packages/contracts', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', '.cache']);

/** Files under `rel` (a file or a folder of ROOT), sorted, relative to ROOT. */
function filesUnder(rel) {
  const full = path.join(ROOT, rel);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code === 'ENOTDIR') return [rel];
    if (/** @type {NodeJS.ErrnoException} */ (err).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => !SKIPPED.has(e.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(rel, e.name)) : [path.join(rel, e.name)]));
}

/** The stamp of the sources as they are now: a SHA-256 of each input file's name and content. */
export function sourceStamp() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(process.env)
    .filter((n) => n.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${process.env[name]}\0`);
  return hash.digest('hex');
}

/** The stamp the last finished build wrote, or undefined (no build, or one stopped before its end). */
export function builtStamp() {
  try {
    return readFileSync(STAMP_FILE, 'utf8').trim();
  } catch {
    return undefined;
  }
}
