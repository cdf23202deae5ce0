import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The server workspace, where `src/main.ts` runs. */
export const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

/** A port that was free a moment ago. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The real server as a child process on `databaseUrl` (or PGlite), with its resident memory sampled. */
export interface BenchServer {
  child: ChildProcess;
  httpPort: number;
  mqttPort: number;
  /** Highest resident set size seen since the last reset [MB]. */
  maxRssMb(): number;
  resetRss(): void;
  stop(): Promise<void>;
}

const rssMb = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

export async function startBenchServer(
  /** PostgreSQL's address, or undefined for the embedded database in `env.DATA_DIR`. */
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  /** A file that keeps the server's whole log (its standard output, one JSON line per entry). */
  logFile?: string,
  /** The server's folder: another tree's (`baselineServerDir`) to measure that tree in the same run. */
  serverDir = SERVER_DIR,
): Promise<BenchServer> {
  const httpPort = await freePort();
  const mqttPort = await freePort();
  // SERVER_NODE_ARGS: flags Node refuses in NODE_OPTIONS, e.g. `--cpu-prof --cpu-prof-dir=prof` to profile the server.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SIMULATOR: 'off',
      PORT: String(httpPort),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The heap flags `npm start` sets (docs/scaling.md): V8 otherwise grows its heap lazily far past need, and a
      // larger young generation lets short-lived readings die there instead of being copied to the old one.
      NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS ?? '--max-old-space-size=256 --max-semi-space-size=32',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  /** Settles when the log file has all the server wrote (after it exited). */
  let logWritten = Promise.resolve();
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const check = async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${httpPort}/prod-api/health`);
        if (r.ok) return resolve();
      } catch {
        // not yet
      }
      if (child.exitCode !== null) return reject(new Error(`server exited: ${out}`));
      // check settles the promise itself and never throws: nothing of it is left to handle.
      setTimeout(() => void check(), 200);
    };
    child.stdout!.on('data', (d: Buffer) => {
      // Only the start is kept in memory (for the error above); the file keeps the rest.
      if (out.length < 100_000) out += d.toString();
    });
    if (logFile) {
      const file = createWriteStream(logFile);
      logWritten = new Promise((r) => file.once('close', () => r()));
      child.stdout!.pipe(file);
    }
    void check();
  });
  let max = 0;
  const timer = setInterval(() => (max = Math.max(max, rssMb(child.pid!))), 250);
  return {
    child,
    httpPort,
    mqttPort,
    maxRssMb: () => Math.max(max, rssMb(child.pid!)),
    resetRss: () => (max = 0),
    async stop() {
      clearInterval(timer);
      // The log's last lines, but never a hang for them (a stream held open elsewhere): 5 s at most.
      const logged = () => Promise.race([logWritten, new Promise<void>((r) => setTimeout(r, 5000).unref())]);
      if (child.exitCode !== null || child.signalCode !== null) return logged();
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      // A server that does not stop (a request or job that never ends) is said so and killed: the bench still prints.
      const late = setTimeout(() => {
        console.error('the server did not stop within 30 s of SIGTERM: killed');
        child.kill('SIGKILL');
      }, 30_000);
      await exited;
      clearTimeout(late);
      await logged();
    },
  };
}

/** Percentile of sorted-or-not samples [same unit]. */
export function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

/**
 * Signs `userCode` in through the console's sign-in form at `base` (the server's `/prod-api`) and answers the
 * request headers that carry its access token; throws when the server refuses.
 */
export async function signInHeaders(
  base: string,
  userCode: string,
  password: string,
): Promise<{ authorization: string }> {
  const form = new FormData();
  form.set('username', userCode);
  form.set('password', password);
  const res = await fetch(`${base}/authentication/form`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('console:console-secret').toString('base64')}` },
    body: form,
  });
  if (!res.ok) throw new Error(`sign-in of ${userCode}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { token: { token_type: string; access_token: string } } };
  return { authorization: `${body.data.token.token_type} ${body.data.token.access_token}` };
}
