import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAuth } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { UNHANDLED_REJECTION_LINE } from './defects.ts';
import { SHUTDOWN_DEADLINE_LINE } from './shutdown.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = path.join(serverDir, '../../node_modules/.bin/tsx');

/** Starts `main.ts` as `npm start` does, on the embedded database, and collects its log lines. */
function start(env: Record<string, string>) {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    // Always the embedded PGlite: this checks the out-of-the-box start, whatever backend the suite runs on.
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: '',
      SIMULATOR: 'off',
      MQTT_PORT: '0',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; port?: number; level: number; err?: { message: string } });
  const waitFor = (predicate: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (predicate()) resolve();
        else if (child.exitCode !== null) reject(new Error(`server exited: ${out}${err}`));
        else setTimeout(check, 50);
      };
      check();
    });
  return { child, exited, lines, waitFor, stderr: () => err };
}

describe('main', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('stops at start naming each bad variable', async () => {
    const s = start({ PORT: 'http', LOG_LEVEL: 'loud' });
    expect(await s.exited, JSON.stringify(s.lines().slice(-5)) + s.stderr()).toBe(1);
    expect(s.stderr()).toContain('PORT');
    expect(s.stderr()).toContain('LOG_LEVEL');
  });

  it('on first start creates admin with a random password logged once; it signs in; SIGTERM stops cleanly', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-main-'));
    dirs.push(dataDir);
    const first = start({ DATA_DIR: dataDir });
    await first.waitFor(() => first.lines().some((l) => l.msg.startsWith('SolarOps Console on')));
    const password = first
      .lines()
      .map((l) => /password (\S+) /.exec(l.msg)?.[1])
      .find(Boolean);
    expect(password).toBeDefined();
    const port = first.lines().find((l) => l.port)?.port;
    const base = `http://127.0.0.1:${port}`;

    const docs = await fetch(`${base}/prod-api/docs/json`);
    expect(docs.status).toBe(200);
    expect(Object.keys(((await docs.json()) as { paths: object }).paths)).toContain(
      '/prod-api/authentication/form',
    );

    const form = multipart({ username: 'admin', password: password! });
    const res = await fetch(`${base}/prod-api/authentication/form`, {
      method: 'POST',
      headers: {
        ...form.headers,
        authorization: clientAuth({ consoleClientId: 'console', consoleClientSecret: 'console-secret' }),
      },
      body: form.payload,
    });
    const body = (await res.json()) as { data: { roleId: number; firstLogin: boolean } };
    expect(body.data).toMatchObject({ roleId: 1, firstLogin: true });

    first.child.kill('SIGTERM');
    expect(await first.exited, JSON.stringify(first.lines().slice(-5)) + first.stderr()).toBe(0);
    expect(first.lines().some((l) => l.msg === 'stopped')).toBe(true);

    // Second start on the same data: no new password is printed, the old one still works.
    const second = start({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Ignored-now-1' });
    await second.waitFor(() => second.lines().some((l) => l.msg.startsWith('SolarOps Console on')));
    expect(second.lines().some((l) => /password/.test(l.msg))).toBe(false);
    second.child.kill('SIGTERM');
    expect(await second.exited, JSON.stringify(second.lines().slice(-5)) + second.stderr()).toBe(0);
  });

  it('stops within SHUTDOWN_TIMEOUT_SECONDS when a request never ends, naming it, and exits with 1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-main-'));
    dirs.push(dataDir);
    const s = start({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_SECONDS: '1' });
    await s.waitFor(() => s.lines().some((l) => l.msg.startsWith('SolarOps Console on')));
    const port = s.lines().find((l) => l.port)?.port;
    // A client that announces a sign-in form and never sends the rest of it: its request stays in flight, and
    // closing the server waits for it (before, for ever).
    const socket = net.connect(port!, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      [
        'POST /prod-api/authentication/form HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: ${clientAuth({ consoleClientId: 'console', consoleClientSecret: 'console-secret' })}`,
        'Content-Type: application/x-www-form-urlencoded',
        'Content-Length: 1000',
        '',
        'username=adm',
      ].join('\r\n'),
    );
    await s.waitFor(() => s.lines().some((l) => l.msg === 'incoming request'));
    s.child.kill('SIGTERM');
    expect(await s.exited, JSON.stringify(s.lines().slice(-5)) + s.stderr()).toBe(1);
    socket.destroy();
    const line = s.lines().find((l) => l.msg === SHUTDOWN_DEADLINE_LINE) as
      { step?: string; openRequests?: string[] } | undefined;
    expect(line).toMatchObject({
      step: 'requests in flight',
      openRequests: ['POST /prod-api/authentication/form'],
    });
    expect(s.lines().some((l) => l.msg === 'stopped')).toBe(false);
  }, 180_000);

  it('a start hook that fails (its broker refuses) stops what started and exits with 1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-main-'));
    dirs.push(dataDir);
    // A port nothing listens on: the device link's consumer cannot subscribe, and the start fails.
    const probe = net.createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port: closedPort } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const s = start({ DATA_DIR: dataDir, MQTT_URL: `mqtt://127.0.0.1:${closedPort}` });
    expect(await s.exited, JSON.stringify(s.lines().slice(-5)) + s.stderr()).toBe(1);
    expect(s.lines().find((l) => l.msg === 'start failed')).toMatchObject({ level: 60 });
    expect(s.lines().some((l) => l.msg === 'start failed: stopping')).toBe(true);
    expect(s.lines().some((l) => l.msg === SHUTDOWN_DEADLINE_LINE)).toBe(false);
  }, 180_000);

  it('stopped while a start hook still waits (for a broker that never answers), it exits within the deadline, naming the step', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-main-'));
    dirs.push(dataDir);
    // A broker that takes the connection and never answers it: the device link's consumer waits for ever.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port: silentPort } = silent.address() as net.AddressInfo;
    try {
      const s = start({
        DATA_DIR: dataDir,
        MQTT_URL: `mqtt://127.0.0.1:${silentPort}`,
        SHUTDOWN_TIMEOUT_SECONDS: '1',
      });
      await s.waitFor(() => s.lines().some((l) => l.msg.startsWith('SolarOps Console on')));
      s.child.kill('SIGTERM');
      expect(await s.exited, JSON.stringify(s.lines().slice(-5)) + s.stderr()).toBe(1);
      expect(s.lines().find((l) => l.msg === SHUTDOWN_DEADLINE_LINE)).toMatchObject({ step: 'start hooks' });
      expect(s.lines().some((l) => l.msg === 'stopped')).toBe(false);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      silent.close();
    }
  }, 180_000);

  it('serves a console address from outside, compressed, without an event listener warning', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-main-'));
    dirs.push(dataDir);
    // A console build as the build writes it: index.html with its brotli and gzip copies beside it.
    const webDist = path.join(dataDir, 'web');
    mkdirSync(webDist);
    const html = '<!doctype html><title>SolarOps</title><div id="root"></div>';
    writeFileSync(path.join(webDist, 'index.html'), html);
    writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(path.join(webDist, 'index.html.gz'), gzipSync(html));
    const s = start({ DATA_DIR: dataDir, WEB_DIST_DIR: webDist });
    await s.waitFor(() => s.lines().some((l) => l.msg.startsWith('SolarOps Console on')));
    const port = s.lines().find((l) => l.port)?.port;
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`http://127.0.0.1:${port}/station/list`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toBe(html);
    }
    s.child.kill('SIGTERM');
    expect(await s.exited, JSON.stringify(s.lines().slice(-5)) + s.stderr()).toBe(0);
    expect(s.stderr()).not.toContain('MaxListenersExceededWarning');
  }, 180_000);

  it('logs a rejection nobody handled as a defect and goes on answering', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-main-'));
    dirs.push(dataDir);
    const probe = path.join(dataDir, 'reject-now');
    const s = start({
      DATA_DIR: dataDir,
      PROBE_REJECTION_FILE: probe,
      NODE_OPTIONS: `--import=${path.join(serverDir, 'test/probeRejection.mjs')}`,
    });
    await s.waitFor(() => s.lines().some((l) => l.msg.startsWith('SolarOps Console on')));
    const port = s.lines().find((l) => l.port)?.port;
    writeFileSync(probe, '');
    await s.waitFor(() => s.lines().some((l) => l.msg === UNHANDLED_REJECTION_LINE));
    const defect = s.lines().find((l) => l.msg === UNHANDLED_REJECTION_LINE)!;
    expect(defect).toMatchObject({ level: 50, err: { message: 'probe rejection' } });
    // The server still answers: one faulty promise does not stop ingest, commands and every other caller.
    expect((await fetch(`http://127.0.0.1:${port}/prod-api/health`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited, JSON.stringify(s.lines().slice(-5)) + s.stderr()).toBe(0);
  }, 180_000);
});
