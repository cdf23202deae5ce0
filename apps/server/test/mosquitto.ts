import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './serverProcess.ts';

/** Where Debian's `mosquitto` package puts the dynamic-security plugin, by architecture. */
const PLUGIN_PATHS = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
];

const onPath = (name: string) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .concat('/usr/sbin', '/usr/local/sbin')
    .some((dir) => existsSync(path.join(dir, name)));
const plugin = () => PLUGIN_PATHS.find((p) => existsSync(p));

/** Why Mosquitto 2 with dynamic security cannot run here (tests skip with it), or undefined when it can. */
export function mosquittoMissing(): string | undefined {
  if (!onPath('mosquitto') || !onPath('mosquitto_ctrl'))
    return 'mosquitto is not installed (apt-get install mosquitto)';
  if (!plugin()) return 'mosquitto has no dynamic-security plugin';
  return undefined;
}

export interface Account {
  username: string;
  password: string;
}

export interface Mosquitto {
  port: number;
  /** The dynamic-security administrator. */
  admin: Account;
  /** The servers' account: the shared subscription of collectors' messages, publishing down to them. */
  server: Account;
  /** `mqtt://user:password@127.0.0.1:port`, or without credentials. */
  url(account?: Account): string;
  stop(): Promise<void>;
}

/**
 * Mosquitto 2 on a free port with its dynamic-security plugin, as an operator sets it up: an administrator (made
 * by `mosquitto_ctrl dynsec init`), no anonymous access, and an account for the servers. Collectors' accounts are
 * the server's to give.
 */
export async function startMosquitto(): Promise<Mosquitto> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solarops-mosquitto-'));
  const port = await freePort();
  const admin = { username: 'admin', password: `admin-${process.pid}-${port}` };
  const server = { username: 'solarops-server', password: `server-${process.pid}-${port}` };
  const dynsec = path.join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, admin.username, admin.password], {
    stdio: 'ignore',
  });
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${plugin()}`,
      `plugin_opt_config_file ${dynsec}`,
      // Run as whoever runs the tests (as root Mosquitto would otherwise switch to a user that cannot read dir).
      `user ${os.userInfo().username}`,
      'persistence false',
      'retain_available false',
      'max_queued_messages 100000',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      'log_type notice',
      'log_type information', // its "running" line tells that the listener is open
    ].join('\n') + '\n',
  );
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const read = (d: Buffer) => {
      log += d.toString();
      if (!log.includes(' running')) return;
      // From here on it logs every connection: read and forget.
      child.stderr!.off('data', read);
      child.stderr!.resume();
      resolve();
    };
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${log}`)));
  });
  const ctrl = (...args: string[]) =>
    execFileSync(
      'mosquitto_ctrl',
      ['-h', '127.0.0.1', '-p', String(port), '-u', admin.username, '-P', admin.password, 'dynsec', ...args],
      { stdio: 'pipe' },
    );
  ctrl('createRole', 'solarops-server');
  for (const [type, topic] of [
    ['subscribePattern', '$share/solarops/dev/+/up/#'],
    ['subscribePattern', 'dev/+/up/#'],
    ['publishClientReceive', 'dev/+/up/#'],
    ['publishClientSend', 'dev/+/down/#'],
  ] as const) {
    ctrl('addRoleACL', 'solarops-server', type, topic, 'allow');
  }
  ctrl('createClient', server.username, '-p', server.password);
  ctrl('addClientRole', server.username, 'solarops-server');
  return {
    port,
    admin,
    server,
    url: (account) =>
      account
        ? `mqtt://${encodeURIComponent(account.username)}:${encodeURIComponent(account.password)}@127.0.0.1:${port}`
        : `mqtt://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
