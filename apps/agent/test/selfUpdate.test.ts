import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { packPackage, readPackage } from '../src/update/agentPackage.ts';
import { applyUpdate, type AgentUpdatePackage } from '../src/update/applyUpdate.ts';
import { supervise, type Supervisor } from '../src/update/supervisor.ts';

// Each version of the agent here is a small program that does what the update asks of a real agent: on start it
// confirms its version once it has "reached the server" and sends the reply on how the last update ended (the
// real module, loaded through tsx), then runs until stopped. The server it reaches is a file of replies; the
// supervisor and the install folder are the real ones, with real processes and files.
const PROBATION = fileURLToPath(new URL('../src/update/probation.ts', import.meta.url));
// tsx's ES module entry (the CommonJS one that `require.resolve` finds loads its hooks by a path that only works
// from the package's own folder layout).
const TSX_API = createRequire(import.meta.url)
  .resolve('tsx/esm/api')
  .replace(/\.cjs$/, '.mjs');

type Behaviour = 'good' | 'crashes' | 'hangs' | 'garbage';

function program(version: string, behaviour: Behaviour, root: string): string {
  if (behaviour === 'garbage') return `#!${process.execPath}\nthis is not a program\n`;
  const runs = JSON.stringify(join(root, 'runs.log'));
  const replies = JSON.stringify(join(root, 'replies.log'));
  const install = JSON.stringify(join(root, 'install'));
  return `#!${process.execPath}
import { appendFileSync } from 'node:fs';
appendFileSync(${runs}, ${JSON.stringify(version)} + '\\n');
${behaviour === 'crashes' ? 'process.exit(1);' : ''}
const { register } = await import(${JSON.stringify(TSX_API)});
register();
const { confirmUpdate, updateReply, markUpdateReported } = await import(${JSON.stringify(PROBATION)});
${behaviour === 'good' ? `confirmUpdate(${install}, ${JSON.stringify(version)});` : ''}
const reply = updateReply(${install}, ${JSON.stringify(version)});
if (reply) {
  appendFileSync(${replies}, JSON.stringify(reply) + '\\n');
  markUpdateReported(${install});
}
setInterval(() => undefined, 60_000);
process.on('SIGTERM', () => process.exit(0));
`;
}

interface Maker {
  privateKey: KeyObject;
  /** The public key as the agent's configuration and the console keep it: 32 raw bytes, base64. */
  raw: string;
}

function maker(): Maker {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, raw: spki.subarray(spki.length - 32).toString('base64') };
}

const ENTRY = 'bin/agent.mjs';

/** A signed agent package of one version on disk, as an upgrade command leaves it after the download. */
function signedPackage(
  root: string,
  version: string,
  behaviour: Behaviour,
  by: Maker,
  image = packPackage({ version, entry: ENTRY }, [
    { path: 'bin', kind: 'dir', mode: 0o755 },
    { path: ENTRY, kind: 'file', mode: 0o755, data: Buffer.from(program(version, behaviour, root)) },
  ]),
): AgentUpdatePackage {
  const imageFile = join(root, `download-${version}.tar.gz`);
  writeFileSync(imageFile, image);
  const digest = createHash('sha256').update(image).digest();
  return {
    version,
    imageFile,
    sha256: digest.toString('hex'),
    signature: sign(null, digest, by.privateKey).toString('base64'),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Waits for a condition of files written by other processes (no time limit of its own: the test's applies). */
async function until<T>(what: string, check: () => T | undefined | false): Promise<T> {
  for (;;) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const lines = (path: string): string[] =>
  existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];

/** A gateway: its install folder, the packaged version 1.0.0 and the supervisor running it. */
function gateway(probationMs = 10 * 60_000) {
  const root = mkdtempSync(join(tmpdir(), 'agent-update-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const packaged = join(root, 'packaged', 'agent.mjs');
  mkdirSync(join(root, 'packaged'));
  writeFileSync(packaged, program('1.0.0', 'good', root), { mode: 0o755 });
  const installDir = join(root, 'install');
  const supervisor: Supervisor = supervise({
    installDir,
    packagedEntry: packaged,
    args: [],
    probationMs,
    restartDelayMs: 20,
    log: () => undefined,
  });
  cleanups.push(() => supervisor.stop());
  const runs = () => lines(join(root, 'runs.log'));
  const replies = () => lines(join(root, 'replies.log')).map((l) => JSON.parse(l) as Record<string, unknown>);
  /** What the running agent does on an upgrade command: apply it, and exit so that the supervisor restarts it. */
  const upgrade = (pkg: AgentUpdatePackage, cmdId: string, runningVersion: string, trusted: Maker[]) =>
    applyUpdate(pkg, {
      installDir,
      trustedKeys: trusted.map((m) => m.raw),
      runningVersion,
      cmdId,
      restart: () => supervisor.child?.kill('SIGTERM'),
    });
  const current = (): string | null => {
    try {
      return readlinkSync(join(installDir, 'current'));
    } catch {
      return null;
    }
  };
  return { root, installDir, supervisor, runs, replies, upgrade, current };
}

// Real processes on a loaded machine: each start of a version loads tsx (seconds at worst).
describe('the agent updates itself', { timeout: 180_000 }, () => {
  it('installs a signed package beside the running version, restarts into it and reports the new version', async () => {
    const acme = maker();
    const g = gateway();
    await until('the packaged version runs', () => g.runs().includes('1.0.0'));
    const first = g.supervisor.child;

    const result = g.upgrade(signedPackage(g.root, '1.1.0', 'good', acme), 'cmd-1', '1.0.0', [acme]);
    expect(result).toEqual({ state: 'switched', version: '1.1.0', previous: null });
    const reply = await until('the new version reports', () => g.replies()[0]);
    expect(reply).toEqual({ cmdId: 'cmd-1', state: 'succeeded', result: { version: '1.1.0' } });
    expect(g.runs()).toEqual(['1.0.0', '1.1.0']);
    expect(g.supervisor.child).not.toBe(first);
    expect(g.current()).toBe('versions/1.1.0');
    expect(existsSync(join(g.installDir, 'pending.json'))).toBe(false);

    // The next update keeps the version it replaces to go back to, and only that one.
    g.upgrade(signedPackage(g.root, '1.2.0', 'good', acme), 'cmd-2', '1.1.0', [acme]);
    await until('1.2.0 reports', () => g.replies()[1]);
    expect(g.replies()[1]).toEqual({ cmdId: 'cmd-2', state: 'succeeded', result: { version: '1.2.0' } });
    g.upgrade(signedPackage(g.root, '1.3.0', 'good', acme), 'cmd-3', '1.2.0', [acme]);
    await until('1.3.0 reports', () => g.replies()[2]);
    expect(readdirSync(join(g.installDir, 'versions')).sort()).toEqual(['1.2.0', '1.3.0']);
    expect(g.current()).toBe('versions/1.3.0');
  });

  it.each([
    ['crashes at once', 'crashes' as const, 'exit code 1'],
    ['is not a program at all', 'garbage' as const, 'exit code 1'],
  ])('goes back to the old version by itself when the new one %s', async (_, behaviour, how) => {
    const acme = maker();
    const g = gateway();
    await until('the packaged version runs', () => g.runs().includes('1.0.0'));
    g.upgrade(signedPackage(g.root, '2.0.0', behaviour, acme), 'cmd-9', '1.0.0', [acme]);

    const reply = await until('the old version reports the rollback', () => g.replies()[0]);
    expect(reply).toEqual({
      cmdId: 'cmd-9',
      state: 'failed',
      reason: `rolled back to 1.0.0: 2.0.0 stopped 3 times without reaching the server (last: ${how})`,
    });
    // The garbage program never got as far as saying it ran.
    const tries = behaviour === 'crashes' ? ['2.0.0', '2.0.0', '2.0.0'] : [];
    expect(g.runs()).toEqual(['1.0.0', ...tries, '1.0.0']);
    expect(g.current()).toBeNull();
    expect(existsSync(join(g.installDir, 'pending.json'))).toBe(false);
  });

  it('goes back when the new version runs but never reaches the server within its probation', async () => {
    const acme = maker();
    const g = gateway(1000);
    await until('the packaged version runs', () => g.runs().includes('1.0.0'));
    g.upgrade(signedPackage(g.root, '3.0.0', 'hangs', acme), 'cmd-h', '1.0.0', [acme]);

    const reply = await until('the old version reports the rollback', () => g.replies()[0]);
    expect(reply).toEqual({
      cmdId: 'cmd-h',
      state: 'failed',
      reason: 'rolled back to 1.0.0: 3.0.0 did not reach the server within 1 s',
    });
    expect(g.runs()).toEqual(['1.0.0', '3.0.0', '1.0.0']);
    expect(g.current()).toBeNull();
  });

  it('never installs a package signed by an unknown key, nor a damaged one', async () => {
    const acme = maker();
    const stranger = maker();
    const g = gateway();
    await until('the packaged version runs', () => g.runs().includes('1.0.0'));
    const running = g.supervisor.child;

    const unknown = g.upgrade(signedPackage(g.root, '6.6.6', 'good', stranger), 'cmd-x', '1.0.0', [acme]);
    expect(unknown).toEqual({ state: 'refused', reason: 'signature not trusted: package not installed' });
    const damaged = signedPackage(g.root, '6.6.7', 'good', acme);
    writeFileSync(damaged.imageFile, Buffer.concat([readFileSync(damaged.imageFile), Buffer.from([0])]));
    expect(g.upgrade(damaged, 'cmd-y', '1.0.0', [acme])).toEqual({
      state: 'refused',
      reason: 'checksum mismatch: package not installed',
    });

    expect(readdirSync(join(g.installDir, 'versions'))).toEqual([]);
    expect(existsSync(join(g.installDir, 'pending.json'))).toBe(false);
    expect(g.current()).toBeNull();
    expect(g.supervisor.child).toBe(running);
    expect(g.runs()).toEqual(['1.0.0']);
  });

  it('refuses a signed package whose paths leave its folder, before writing anything', () => {
    const acme = maker();
    const root = mkdtempSync(join(tmpdir(), 'agent-update-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const installDir = join(root, 'install');
    const escapes = [
      { path: '../outside.txt', kind: 'file' as const, mode: 0o644, data: Buffer.from('x') },
      { path: 'lib', kind: 'symlink' as const, mode: 0o777, target: '../../..' },
      { path: 'deep/link', kind: 'symlink' as const, mode: 0o777, target: 'x/../../..' },
    ];
    for (const escape of escapes) {
      const image = packPackage({ version: '4.0.0', entry: ENTRY }, [
        { path: ENTRY, kind: 'file', mode: 0o755, data: Buffer.from('#!/bin/sh\n') },
        escape,
      ]);
      const result = applyUpdate(signedPackage(root, '4.0.0', 'good', acme, image), {
        installDir,
        trustedKeys: [acme.raw],
        runningVersion: '1.0.0',
        restart: () => {
          throw new Error('must not restart');
        },
      });
      expect(result.state).toBe('refused');
      expect((result as { reason: string }).reason).toMatch(/outside its folder/);
    }
    expect(existsSync(join(root, 'outside.txt'))).toBe(false);
    expect(existsSync(installDir)).toBe(false);
  });

  it('reads a package made by tar: long paths and the workspace links npm makes', () => {
    const root = mkdtempSync(join(tmpdir(), 'agent-package-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const tree = join(root, 'tree');
    const long = `node_modules/${'a-rather-long-package-name/'.repeat(5)}index.js`;
    mkdirSync(join(tree, long, '..'), { recursive: true });
    writeFileSync(join(tree, long), 'module.exports = 1;\n');
    mkdirSync(join(tree, 'packages/contracts'), { recursive: true });
    writeFileSync(join(tree, 'packages/contracts/package.json'), '{}\n');
    mkdirSync(join(tree, 'node_modules/@solarops'), { recursive: true });
    symlinkSync('../../packages/contracts', join(tree, 'node_modules/@solarops/contracts'));
    mkdirSync(join(tree, 'bin'));
    writeFileSync(join(tree, ENTRY), '#!/usr/bin/env node\n', { mode: 0o755 });
    writeFileSync(join(tree, 'agent-package.json'), JSON.stringify({ version: '5.0.0', entry: ENTRY }));
    const tarball = join(root, 'package.tar.gz');
    execFileSync('tar', ['-czf', tarball, '-C', tree, '.']);

    const { manifest, entries } = readPackage(readFileSync(tarball));
    expect(manifest).toEqual({ version: '5.0.0', entry: ENTRY });
    expect(entries).toContainEqual(expect.objectContaining({ path: long, kind: 'file' }));
    expect(entries).toContainEqual({
      path: 'node_modules/@solarops/contracts',
      kind: 'symlink',
      mode: 0o777,
      target: '../../packages/contracts',
    });
    expect(entries.find((e) => e.path === ENTRY)?.mode).toBe(0o755);
  });
});
