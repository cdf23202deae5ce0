import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This repository's root, whose install a baseline tree borrows. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Another tree of this repository (say `git worktree add --detach /tmp/base <commit>`), made runnable by a bench
 * beside this one without an install of its own: its `node_modules` links each third-party package of this
 * install, and its own workspace packages (`@solarops/*`) to its own folders, so that its server runs its own code
 * throughout (contracts, simulator and pv included) on the same third-party packages. For a tree whose
 * package-lock.json lists other versions than this one's, run `npm ci` in it instead: a tree that has its own
 * `node_modules` is used as it is. Answers the tree's server folder (`apps/server/`).
 */
export function baselineServerDir(root: string): string {
  const tree = path.resolve(root);
  const serverDir = path.join(tree, 'apps', 'server');
  if (!existsSync(path.join(serverDir, 'src', 'main.ts')))
    throw new Error(`${tree} is not a tree of this repository (no apps/server/src/main.ts)`);
  const modules = path.join(tree, 'node_modules');
  if (existsSync(modules)) return serverDir;
  const workspaces = (
    JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as { workspaces: string[] }
  ).workspaces;
  mkdirSync(path.join(modules, '@solarops'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@solarops' || entry === '.bin' || entry.startsWith('.')) continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const ws of workspaces) {
    const { name } = JSON.parse(readFileSync(path.join(tree, ws, 'package.json'), 'utf8')) as {
      name: string;
    };
    symlinkSync(path.join(tree, ws), path.join(modules, name));
    // A package a workspace needs in another version than the hoisted one sits in the workspace's own folder.
    const own = path.join(ROOT, ws, 'node_modules');
    if (existsSync(own) && !existsSync(path.join(tree, ws, 'node_modules')))
      symlinkSync(own, path.join(tree, ws, 'node_modules'));
  }
  return serverDir;
}
