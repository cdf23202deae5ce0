import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandMessage, CommandReply } from '@solarops/contracts';
import { packPackage } from '../src/update/agentPackage.ts';
import { UpgradeReceiver } from '../src/update/UpgradeReceiver.ts';

const CHUNK = 64;
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const spki = publicKey.export({ format: 'der', type: 'spki' });
const trusted = spki.subarray(spki.length - 32).toString('base64');

const image = packPackage({ version: '2.0.0', entry: 'agent.mjs' }, [
  { path: 'agent.mjs', kind: 'file', mode: 0o755, data: Buffer.from('#!/usr/bin/env node\n'.repeat(20)) },
]);
const digest = createHash('sha256').update(image).digest();
const chunks = Math.ceil(image.length / CHUNK);

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * The server's side of an upgrade as `modules/firmware/transfer.ts` plays it: the start message, then every chunk
 * the agent asks for, read from the image; the agent's answers are collected.
 */
function upgradeOf(o: { installDir?: string; keys?: string[]; holdInstall?: boolean }) {
  const replies: CommandReply[] = [];
  let restarts = 0;
  const receiver = new UpgradeReceiver({
    installDir: o.installDir,
    trustedKeys: o.keys ?? [trusted],
    runningVersion: '1.0.0',
    restart: () => restarts++,
    retryMs: 60_000,
  });
  const send = (cmdId: string, args: Record<string, unknown>) =>
    receiver.handle({ cmdId, type: 'firmwareUpgrade', target: 'AGENT1', args } as CommandMessage, reply);
  const reply = (r: CommandReply): void => {
    replies.push(r);
    const asked = r.result as { stage?: string; next?: number; window?: number } | undefined;
    if (r.state !== 'progress' || asked?.stage !== 'downloading') return;
    for (let i = asked.next!; i < Math.min(chunks, asked.next! + asked.window!); i++) {
      const data = image.subarray(i * CHUNK, (i + 1) * CHUNK);
      const sha256 = createHash('sha256').update(data).digest('hex');
      send(`up-1.c${i}`, { op: 'chunk', index: i, data: data.toString('base64'), sha256 });
    }
  };
  const start = () =>
    send('up-1', {
      op: 'start',
      packageId: 1,
      version: '2.0.0',
      size: image.length,
      sha256: digest.toString('hex'),
      signature: sign(null, digest, privateKey).toString('base64'),
      chunkBytes: CHUNK,
      chunks,
      holdInstall: o.holdInstall ?? false,
    });
  const stages = () =>
    replies.map((r) => (r.state === 'progress' ? (r.result as { stage: string }).stage : r.state));
  return { replies, stages, start, send, restarts: () => restarts, receiver };
}

function installDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-upgrade-'));
  dirs.push(dir);
  return join(dir, 'install');
}

describe("the agent's side of an upgrade of itself", () => {
  it('downloads the chunks it asks for, installs the checked image and restarts into it', () => {
    const dir = installDir();
    const u = upgradeOf({ installDir: dir });
    u.start();
    expect(u.stages().at(0)).toBe('accepted');
    expect(u.stages().slice(-3)).toEqual(['downloaded', 'verifying', 'rebooting']);
    expect(u.restarts()).toBe(1);
    expect(readlinkSync(join(dir, 'current'))).toBe('versions/2.0.0');
    // The download itself is gone once installed.
    expect(existsSync(join(dir, 'download', 'image.part'))).toBe(false);
  });

  it("holds a rollout's download until the go-ahead, and drops it on a cancel", () => {
    const dir = installDir();
    const held = upgradeOf({ installDir: dir, holdInstall: true });
    held.start();
    expect(held.stages().at(-1)).toBe('downloaded');
    expect(held.restarts()).toBe(0);
    held.send('up-1.i', { op: 'install' });
    expect(held.stages().slice(-2)).toEqual(['verifying', 'rebooting']);
    expect(held.restarts()).toBe(1);

    const other = installDir();
    const cancelled = upgradeOf({ installDir: other, holdInstall: true });
    cancelled.start();
    cancelled.send('up-1.x', { op: 'cancel' });
    expect(cancelled.replies.at(-1)).toEqual({
      cmdId: 'up-1',
      state: 'failed',
      reason: 'cancelled: image dropped',
    });
    expect(existsSync(join(other, 'download', 'image.part'))).toBe(false);
    expect(existsSync(join(other, 'current'))).toBe(false);
  });

  it('refuses with its reason when it runs without a supervisor or trusts no maker', () => {
    const alone = upgradeOf({});
    alone.start();
    expect(alone.replies).toEqual([
      {
        cmdId: 'up-1',
        state: 'failed',
        reason: 'this agent runs without its supervisor: it cannot update itself',
      },
    ]);
    const dir = installDir();
    const trusting = upgradeOf({ installDir: dir, keys: [] });
    trusting.start();
    expect(trusting.replies.at(-1)?.reason).toBe(
      'no maker is trusted (update.trustedKeys in agent.yaml): package not installed',
    );
    expect(existsSync(join(dir, 'current'))).toBe(false);
  });
});
