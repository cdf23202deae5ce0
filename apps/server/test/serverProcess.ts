import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** A port that was free a moment ago (a server that restarts must reuse it). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * Builds the server as `npm run build` does into `outDir` (a directory name beside src/, removed by the caller),
 * for tests that start several servers: a bundle starts in a fraction of the time tsx takes to compile the
 * sources on a clean machine.
 */
export function buildServer(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', BUILD_OUT_DIR: outDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build failed (${code}): ${out}`)),
    );
  });
}

export interface ServerOptions {
  /** A directory `buildServer` made: run its `main.js` with node; otherwise the sources through tsx. */
  built?: string;
  /** Everything the server writes to stdout and stderr, as it comes. */
  onOutput?: (text: string) => void;
}

/**
 * Starts the real server (`main.ts`) as a child process on `env` (an embedded database unless it names
 * DATABASE_URL) and resolves once its MQTT broker listens, or with MQTT_URL once it has joined the external
 * broker's shared subscription. For the crash tests: SIGKILL ends it at once.
 */
export function startServer(env: Record<string, string>, options: ServerOptions = {}): Promise<ChildProcess> {
  // Node itself with the tsx loader (not the tsx CLI, whose child process would survive a SIGKILL of the CLI).
  const args = options.built ? [`${options.built}/main.js`] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', SIMULATOR: 'off', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => options.onOutput?.(d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
    options.onOutput?.(d.toString());
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
