/**
 * bench/first-start: what a new user waits for after `npm start` on a fresh clone. Clones this repository's
 * committed HEAD into a temporary folder, installs it (`npm ci --prefer-offline`, not timed), runs `npm start` there
 * (the server with the 30-plant demo fleet on PGlite, the console's build beside it) and prints the seconds from the
 * start to
 *  0. the console's page served (its build there; at first the page says it is being built),
 *  1. `/health` answering,
 *  2. every demo plant listed through the API, and reporting (a plant online),
 *  3. a plant's day curve of today complete (today's history written, the curve no longer "history loading"),
 *  4. the whole history complete (every plant's total energy chart no longer "history loading"),
 * each with the CPU seconds the started processes used by then, and the server's part of them (the rest is the
 * console's build beside it). Then stops the server. With AGENT_PLANT=both (the
 * default) it does so twice in the same clone, with the demo's agent plant (`SIMULATOR_AGENT=on`, the default of
 * `npm start`: one plant read by a real edge agent process) and without it, each from nothing: no database, no
 * console build, an empty compile cache (its own TMPDIR, as on a machine that never ran the tree); `on` or `off`
 * runs one of them. Then removes the folder.
 * Run: `npm run bench:first-start -w bench` (heavy: take the machine's lock). Options: PORT (default 47710; the
 * broker on PORT+1), SOURCE_DIR (the repository to clone, default this one), SOURCE_REF (a commit of it to check
 * out, e.g. one before the history was written after going live, to compare), AGENT_PLANT (both, on, off),
 * HISTORY=0 (stop at today's curve, not waiting for the whole history), KEEP=1 (keep the folder), TIMEOUT_S
 * (default 900). Last lines: the figures of each run; the target is the plants listed within 20 s on a quiet
 * machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const source = process.env.SOURCE_DIR ?? fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.PORT ?? 47710);
const timeoutMs = Number(process.env.TIMEOUT_S ?? 900) * 1000;
const adminPassword = 'Admin#FirstStart2026';
const CLIENT = `Basic ${Buffer.from('console:console-secret').toString('base64')}`;
const base = `http://127.0.0.1:${port}/prod-api`;
const agentPlant = process.env.AGENT_PLANT ?? 'both';
if (!['both', 'on', 'off'].includes(agentPlant))
  throw new Error(`AGENT_PLANT=${agentPlant}: both, on or off`);
const withHistory = process.env.HISTORY !== '0';

const folder = mkdtempSync(path.join(os.tmpdir(), 'solarops-first-start-'));
const tree = path.join(folder, 'solarops');
const run = (cmd: string, args: string[], cwd: string) => {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${String(r.status)})`);
};
console.log(`cloning ${source} into ${tree} and installing (not timed)`);
run('git', ['clone', '-q', source, tree], folder);
if (process.env.SOURCE_REF) run('git', ['checkout', '-q', process.env.SOURCE_REF], tree);
run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], tree);

/**
 * CPU time of `root` and every process below it, alive or already waited for [s], and of the server's part of it
 * (the server's process and those below it: the edge agent), apart from the console's build that runs beside it.
 */
function treeCpuSeconds(root: number): { all: number; server: number } {
  const procs = new Map<number, { ppid: number; ticks: number; server: boolean }>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = raw.slice(raw.lastIndexOf(') ') + 2).split(' ');
      // utime, stime, and the children's that were waited for (the console's build steps).
      procs.set(Number(pid), {
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
        server: /apps\/server\/(src\/main\.ts|dist\/main\.js)/.test(
          readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
        ),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  let all = 0;
  let server = 0;
  for (const [pid, p] of procs) {
    let inServer = false;
    for (let at: number | undefined = pid; at; at = procs.get(at)?.ppid) {
      inServer ||= procs.get(at)?.server === true;
      if (at === root) {
        all += p.ticks;
        if (inServer) server += p.ticks;
        break;
      }
    }
  }
  return { all: all / 100, server: server / 100 };
}

/** One first start in the clone, from nothing; resolves to its figures' line. */
async function firstStart(agent: boolean): Promise<string> {
  // Nothing from a run before: the database (./data), the console's build, tsx's compile cache (under TMPDIR).
  rmSync(path.join(tree, 'data'), { recursive: true, force: true });
  rmSync(path.join(tree, 'apps/web/dist'), { recursive: true, force: true });
  const tmp = path.join(folder, `tmp-agent-${agent ? 'on' : 'off'}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  // The defaults of a fresh clone: the embedded database in the clone's ./data, the demo fleet on.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    MQTT_PORT: String(port + 1),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    TMPDIR: tmp,
  };
  for (const name of Object.keys(env))
    if (/^(DATABASE_URL|DATA_DIR|SIMULATOR.*)$/.test(name)) delete env[name];
  if (!agent) env.SIMULATOR_AGENT = 'off';
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: tree,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => (errors = (errors + c.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let stopped = false;
  void exited.then(() => {
    if (!stopped) {
      console.error(`npm start exited early:\n${errors}`);
      process.exit(1);
    }
  });

  /** Seconds from the start and the CPU seconds by then, once `reached` says so (asked every `everyMs`). */
  async function until(name: string, reached: () => Promise<boolean>, everyMs = 250) {
    for (;;) {
      if (await reached()) {
        const cpu = treeCpuSeconds(child.pid!);
        const figure = { s: (performance.now() - t0) / 1000, cpu: cpu.all, serverCpu: cpu.server };
        console.log(
          `${name}: ${figure.s.toFixed(1)} s (CPU ${figure.cpu.toFixed(1)} s, the server's ${figure.serverCpu.toFixed(1)} s)`,
        );
        return figure;
      }
      if (performance.now() - t0 > timeoutMs) throw new Error(`${name}: not within ${timeoutMs / 1000} s`);
      await sleep(everyMs);
    }
  }

  // The console's page, looked at beside the API's steps: its build runs beside the server.
  const consoleServed = until(
    'console served',
    async () => {
      const res = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
      return res?.ok === true && (await res.text()).includes('<script');
    },
    500,
  );
  consoleServed.catch(() => undefined);

  let token = '';
  const api = <T>(p: string) => json<{ data: T }>(`${base}${p}`, { headers: { Authorization: token } });
  let rows: Row[] = [];
  try {
    console.log(`first start with the agent plant ${agent ? 'on' : 'off'}`);
    const health = await until(
      'health',
      async () => (await fetch(`${base}/health`).catch(() => null))?.ok === true,
    );
    const signIn = async () => {
      const form = new FormData();
      form.append('username', 'admin');
      form.append('password', adminPassword);
      const body = await json<{ data: { token: { access_token: string; token_type: string } } }>(
        `${base}/authentication/form`,
        { method: 'POST', headers: { Authorization: CLIENT }, body: form },
      );
      if (body) token = `${body.data.token.token_type} ${body.data.token.access_token}`;
      return body !== undefined;
    };
    await until('signed in', signIn);
    const listed = await until('demo plants listed and reporting', async () => {
      const page = await json<{ total: number; rows: Row[] }>(`${base}/plant/list?pageSize=100`, {
        headers: { Authorization: token },
      });
      rows = page?.rows ?? [];
      return (page?.total ?? 0) >= 30 && rows.some((r) => r.status !== 'offline');
    });
    const today = await until('a plant’s day curve of today complete', async () => {
      const curve = await api<{ historyLoading: boolean; points: { powerW: number | null }[] }>(
        `/plant/${rows[0]!.id}/power`,
      );
      // A build before `historyLoading` wrote its history before going live: its curve is complete when there.
      return (
        curve !== undefined &&
        curve.data.historyLoading !== true &&
        curve.data.points.some((p) => p.powerW !== null)
      );
    });
    const complete = withHistory
      ? await until(
          'history complete',
          async () => {
            for (const r of rows) {
              const total = await api<{ historyLoading: boolean }>(`/plant/${r.id}/energy?period=total`);
              if (total === undefined || total.data.historyLoading === true) return false;
            }
            return true;
          },
          2000,
        )
      : undefined;
    const page = await consoleServed;
    const history = complete
      ? `, history complete ${complete.s.toFixed(1)} s (CPU ${complete.cpu.toFixed(1)} s)`
      : '';
    return `first start, agent plant ${agent ? 'on' : 'off'}: console ${page.s.toFixed(1)} s, /health ${health.s.toFixed(1)} s, demo plants listed ${listed.s.toFixed(1)} s (CPU ${listed.cpu.toFixed(1)} s, the server's ${listed.serverCpu.toFixed(1)} s; target 20 s), today's curve ${today.s.toFixed(1)} s${history}, load ${os.loadavg()[0]!.toFixed(2)}`;
  } finally {
    stopped = true;
    await stopServer(child.pid!, exited);
  }
}

/**
 * Stops the started processes (their group) and returns once they are gone, so that the next run finds its port
 * free: SIGTERM, then SIGKILL past the server's own stop deadline; a run after a server still holding the port
 * would have measured nothing of its own.
 */
async function stopServer(pid: number, exited: Promise<number | null>) {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  let deadline: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([
    exited.then(() => true),
    new Promise<false>((resolve) => (deadline = setTimeout(() => resolve(false), 60_000))),
  ]);
  // Cleared, or the bench would linger up to a minute after printing its figures.
  clearTimeout(deadline);
  if (!stopped) {
    console.error('npm start did not stop within 60 s of SIGTERM: killed');
    signal('SIGKILL');
    await exited;
  }
  // The group's other processes (the console's build, the agent) may outlive `npm start` by a moment.
  for (let i = 0; i < 120 && groupAlive(pid); i++) await sleep(250);
  if (groupAlive(pid)) {
    signal('SIGKILL');
    for (let i = 0; i < 40 && groupAlive(pid); i++) await sleep(250);
  }
}

/** Whether any process of the group `pid` leads is still there. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function json<T>(url: string, init: RequestInit = {}): Promise<T | undefined> {
  try {
    const res = await fetch(url, init);
    return res.ok ? ((await res.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

interface Row {
  id: number;
  status: string;
  timeZone: string;
}

const lines: string[] = [];
try {
  for (const agent of agentPlant === 'both' ? [true, false] : [agentPlant === 'on']) {
    lines.push(await firstStart(agent));
  }
  // Together at the end, in the order run.
  for (const line of lines) console.log(line);
} finally {
  if (process.env.KEEP !== '1') rmSync(folder, { recursive: true, force: true });
  else console.log(`kept ${folder}`);
}
