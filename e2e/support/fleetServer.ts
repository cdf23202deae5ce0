import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedEnv } from './embeddedEnv.ts';
import { recordServerDefects } from './serverDefects.ts';
import { newDataDir } from './templateDataDir.ts';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = `Basic ${Buffer.from('console:console-secret').toString('base64')}`;

/** A second real server with the simulated fleet running (the shared one runs with SIMULATOR=off). */
export interface FleetServer {
  baseUrl: string;
  /** The server's DATA_DIR (the demo fleet's collector secrets are in `demo-fleet.json` there). */
  dataDir: string;
  /** The fleet's seed: the same seed gives the same plants, devices and fates of their writes. */
  seed: number;
  adminPassword: string;
  /** Calls the API as `token` (or without one) and answers the parsed envelope; throws on an HTTP error. */
  api<T>(path: string, init?: RequestInit & { token?: string }): Promise<T>;
  /** Signs in through the API and answers the bearer header. */
  login(userCode: string, password: string): Promise<string>;
  /** Gives a user a known password (as an administrator) and clears its first-login flag. */
  setPassword(userCode: string, password: string): Promise<void>;
  /**
   * Posts what a collector of the demo fleet sends over HTTP (`telemetry` readings or `event`s, as in
   * docs/device-protocol.md), signed with its secret; answers the HTTP status.
   */
  sendAsCollector(
    collectorSerial: string,
    kind: 'telemetry' | 'event',
    body: { readings: object[] } | { events: object[] },
  ): Promise<number>;
  /** The server's last output lines since it was ready (the last 5 000), those matching `pattern` if given. */
  logLines(pattern?: RegExp): string[];
  close(): Promise<void>;
}

const KEPT_LOG_LINES = 5_000;

/**
 * Starts the server on free ports with a small simulated fleet (a day of history, live readings over the embedded
 * MQTT broker) and resolves once the fleet is seeded and, unless told otherwise, its history written.
 */
export async function startFleetServer({
  plants = 4,
  speedup = 60,
  devices,
  backfillDays = 1,
  dropRate = 0,
  seed = 20240601,
  mail = false,
  firmwareKeys = [],
  historyPauseMs = 0,
  waitForHistory = true,
  agent = false,
  inDaylight = false,
  unplugged = [],
}: {
  plants?: number;
  speedup?: number;
  /** Devices spread over the plants (default 5 per plant). */
  devices?: number;
  /** Days of history written at first start while the fleet runs (0: none, the quickest start). */
  backfillDays?: number;
  /** Pause after each transaction of that history (SIMULATOR_BACKFILL_PAUSE_MS) [ms]. */
  historyPauseMs?: number;
  /** Resolve only once the history is complete (default), or as soon as the fleet is seeded. */
  waitForHistory?: boolean;
  /** Share of accepted writes the devices acknowledge and drop (read-back ends them `failed: not applied`). */
  dropRate?: number;
  seed?: number;
  /** Mail through the suite's SMTP server (`mailsTo` reads what arrived) rather than into the outbox. */
  mail?: boolean;
  /** Makers' public keys (32 bytes, base64) the collectors trust: with any, they take firmware upgrades. */
  firmwareKeys?: readonly string[];
  /**
   * One plant behind a real edge agent process (SIMULATOR_AGENT, on in `npm start`). Off unless asked: the agent
   * does not carry out commands, firmware upgrades or IV scans yet, which the other specs send to any device.
   */
  agent?: boolean;
  /**
   * Plants placed where the sun is up at the start (SIMULATOR_SITES=daylight), whatever the hour the test runs; their
   * devices are the demo fleet's of the same seed and sizes.
   */
  inDaylight?: boolean;
  /** Collectors left without power (SIMULATOR_UNPLUGGED): their devices stay offline. */
  unplugged?: readonly string[];
} = {}): Promise<FleetServer> {
  const dataDir = newDataDir('solarops-e2e-fleet-');
  const adminPassword = 'Admin#Fleet2026';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...embeddedEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: '0',
      SIMULATOR: 'on',
      SIMULATOR_PLANTS: String(plants),
      SIMULATOR_SEED: String(seed),
      SIMULATOR_BACKFILL_DAYS: String(backfillDays),
      SIMULATOR_BACKFILL_PAUSE_MS: String(historyPauseMs),
      SIMULATOR_DROP_RATE: String(dropRate),
      SIMULATOR_FIRMWARE_KEYS: firmwareKeys.join(','),
      SIMULATOR_AGENT: agent ? 'on' : 'off',
      SIMULATOR_SITES: inDaylight ? 'daylight' : 'demo',
      SIMULATOR_UNPLUGGED: unplugged.join(','),
      ...(devices === undefined ? {} : { SIMULATOR_DEVICES: String(devices) }),
      ...(mail ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
      // At 60, collectors report every 5 s: a collector bound to a new plant brings it readings within seconds (a
      // plant has the readings from the move on, not the collector's past).
      SIMULATOR_SPEEDUP: String(speedup),
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      LOGIN_FAILURES_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its unhandled rejections fail the test running then, and the run (serverDefects.ts).
  recordServerDefects(child, `fleet server ${String(child.pid)}`);
  // A test that times out may leave its worker without running `close()`: the server must not outlive the worker.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    let found: number | undefined;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      found ??= Number(/http:\/\/localhost:(\d+)\//.exec(output)?.[1]) || undefined;
      const ready =
        output.includes('demo fleet seeded') &&
        (!waitForHistory || backfillDays === 0 || output.includes('demo history complete'));
      if (found && ready) {
        child.stdout?.off('data', onData);
        resolve(found);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => reject(new Error(`fleet server exited with ${String(code)}:\n${output}`)));
  });
  // Keep reading so that the child never blocks on a full pipe, and keep its last lines: a test that fails can say
  // what the server said meanwhile.
  const lastLines: string[] = [];
  let partial = '';
  const keepLines = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    lastLines.push(...lines.filter((line) => line !== ''));
    lastLines.splice(0, Math.max(0, lastLines.length - KEPT_LOG_LINES));
  };
  child.stdout?.on('data', keepLines);
  const baseUrl = `http://127.0.0.1:${port}`;

  async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
    const { token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('Authorization', token);
    const res = await fetch(`${baseUrl}/prod-api${path}`, { ...rest, headers });
    const body = (await res.json()) as T;
    if (!res.ok) throw new Error(`${rest.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  }
  async function login(userCode: string, password: string): Promise<string> {
    const form = new FormData();
    form.append('username', userCode);
    form.append('password', password);
    const body = await api<{ data: { token: { access_token: string; token_type: string } } }>(
      '/authentication/form',
      { method: 'POST', headers: { Authorization: CLIENT }, body: form },
    );
    return `${body.data.token.token_type} ${body.data.token.access_token}`;
  }
  const admin = await login('admin', adminPassword);
  async function setPassword(userCode: string, password: string): Promise<void> {
    const interim = `${password}x1`;
    await api('/user/manager/update/encrypted', {
      method: 'POST',
      token: admin,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ userCode, password: interim }).toString(),
    });
    await api('/user/manager/update/first', {
      method: 'POST',
      token: await login(userCode, interim),
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oldPassword: interim, newPassword: password }),
    });
  }
  async function sendAsCollector(
    collectorSerial: string,
    kind: 'telemetry' | 'event',
    body: { readings: object[] } | { events: object[] },
  ): Promise<number> {
    const { secrets } = JSON.parse(readFileSync(join(dataDir, 'demo-fleet.json'), 'utf8')) as {
      secrets: Record<string, string>;
    };
    const basic = Buffer.from(`${collectorSerial}:${secrets[collectorSerial] ?? ''}`).toString('base64');
    const res = await fetch(`${baseUrl}/prod-api/device/v1/${kind}`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ seq: Date.now() % 1e9, ...body }),
    });
    return res.status;
  }
  return {
    baseUrl,
    dataDir,
    seed,
    adminPassword,
    api,
    login,
    setPassword,
    sendAsCollector,
    logLines: (pattern) => lastLines.filter((line) => !pattern || pattern.test(line)),
    async close() {
      process.off('exit', killOnExit);
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
