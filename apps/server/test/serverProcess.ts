import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { UNHANDLED_REJECTION_LINE } from '../src/defects.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** A port that was free a moment ago (a server that restarts must reuse it). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export interface ServerOptions {
  /** Everything the server writes to stdout and stderr, as it comes. */
  onOutput?: (text: string) => void;
}

/**
 * Starts the real server as a child process on `env` (an embedded database unless it names DATABASE_URL) and
 * resolves once its MQTT broker listens, or with MQTT_URL once it has joined the external broker's shared
 * subscription. It runs the run's build (`serverBuild.ts`), as production runs `dist/main.js`. For the crash
 * tests: SIGKILL ends it at once.
 */
export function startServer(env: Record<string, string>, options: ServerOptions = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [`${inject('serverBuild')}/main.js`], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', SIMULATOR: 'off', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  /**
   * A defect the server logged fails the run: thrown here, it is an error of the test process, which vitest reports
   * and counts as a failure. The end of the last chunk is kept: a line may come in two.
   */
  let tail = '';
  const failOnDefect = (text: string) => {
    const seen = tail + text;
    tail = seen.slice(-UNHANDLED_REJECTION_LINE.length);
    if (seen.includes(UNHANDLED_REJECTION_LINE))
      throw new Error(`the server logged a defect (pid ${child.pid}): ${seen.trim()}`);
  };
  child.stdout!.on('data', (d: Buffer) => {
    options.onOutput?.(d.toString());
    failOnDefect(d.toString());
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
    options.onOutput?.(d.toString());
    failOnDefect(d.toString());
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('MQTT broker listening') || out.includes('ingesting from the external MQTT broker'))
        resolve(child);
    });
    child.on('exit', () => reject(new Error(`server exited: ${out}`)));
  });
}

/** Resolves once `child` has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
