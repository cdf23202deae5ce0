import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU time a process used so far [s] (user + system, from /proc; clock ticks are 1/100 s on Linux). */
export const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const dataDirectories = new Map<string, Promise<string>>();
/** The data directory of the server at `url`, asked once: a connection per reading would count its own start. */
const dataDirectoryOf = (url: string) => {
  let dir = dataDirectories.get(url);
  if (!dir) {
    dir = (async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query<{ d: string }>('select current_setting($1) as d', ['data_directory'])).rows[0]!
          .d;
      } finally {
        await c.end();
      }
    })();
    dataDirectories.set(url, dir);
  }
  return dir;
};

/** CPU time of the PostgreSQL cluster of `url` [s]: the postmaster's children alive now plus those that exited. */
export const pgCpuSeconds = async (url: string) => {
  const dir = await dataDirectoryOf(url);
  const postmaster = Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]);
  const stat = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = stat(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const f = stat(pid);
      if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
};

/** A process in `/proc/<pid>/stat`: its parent, command name, CPU ticks with those of its waited-for children. */
interface ProcessRow {
  ppid: number;
  comm: string;
  ticks: number;
}

/** Every process alive now, by id. */
const processTable = () => {
  const procs = new Map<number, ProcessRow>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
      const f = raw.slice(raw.lastIndexOf(') ') + 2).split(' ');
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      procs.set(Number(pid), { ppid: Number(f[1]), comm, ticks });
    } catch {
      // the process ended meanwhile
    }
  }
  return procs;
};

/** Whether `pid` descends from `root` in `procs`. */
const descendsFrom = (procs: Map<number, ProcessRow>, pid: number, root: number): boolean => {
  for (let p = procs.get(pid)?.ppid; p !== undefined && p > 1; p = procs.get(p)?.ppid)
    if (p === root) return true;
  return false;
};

/**
 * CPU time of the processes below `root` whose command name matches `name` [s], e.g. the Chromium that
 * Playwright started (its browser, renderer and GPU processes), plus their children that already exited.
 */
export const descendantsCpuSeconds = (root: number, name: RegExp) => {
  const procs = processTable();
  let ticks = 0;
  for (const [pid, p] of procs) if (name.test(p.comm) && descendsFrom(procs, pid, root)) ticks += p.ticks;
  return ticks / 100;
};

/** A process's kind as Chromium names it on its command line: browser, renderer, gpu-process, utility:<service>. */
const chromiumKind = (pid: number) => {
  try {
    // Chromium rewrites its command line as one line of words (its process title), so NULs or spaces part them.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = args.find((a) => a.startsWith('--type='))?.slice(7);
    if (!type) return 'browser';
    const sub = args.find((a) => a.startsWith('--utility-sub-type='))?.slice(19);
    return sub
      ? `${type}:${sub
          .replace(/\.mojom\./, '.')
          .split('.')
          .pop()}`
      : type;
  } catch {
    return 'gone';
  }
};

/** A thread's CPU time so far, with what to call it: `<process kind> <thread name>` [s]. */
export type ThreadTimes = Map<string, { label: string; seconds: number }>;

/**
 * CPU time of each thread of the processes below `root` whose command name matches `name`, keyed by process and
 * thread id. Processes come and go (Chromium swaps renderers between navigations): `threadTimesBetween` makes two
 * readings one account.
 */
export const descendantsThreadTimes = (root: number, name: RegExp): ThreadTimes => {
  const procs = processTable();
  const times: ThreadTimes = new Map();
  for (const [pid, p] of procs) {
    if (!name.test(p.comm) || !descendsFrom(procs, pid, root)) continue;
    const kind = chromiumKind(pid);
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          const raw = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          const f = raw.slice(raw.lastIndexOf(') ') + 2).split(' ');
          const thread = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')).replace(/\d+$/, '');
          times.set(`${pid}/${tid}`, {
            label: `${kind} ${thread}`,
            seconds: (Number(f[11]) + Number(f[12])) / 100,
          });
        } catch {
          // the thread ended meanwhile
        }
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return times;
};

/**
 * What each kind of thread took between two readings [s], by label: threads alive at the second reading by their
 * own count (from zero if they began meanwhile); the rest of `totalSeconds` (the same stretch's
 * `descendantsCpuSeconds`), spent by threads and processes that ended meanwhile, as "ended meanwhile".
 */
export const threadTimesBetween = (before: ThreadTimes, after: ThreadTimes, totalSeconds: number) => {
  const byLabel = new Map<string, number>();
  let counted = 0;
  for (const [key, { label, seconds }] of after) {
    const took = seconds - (before.get(key)?.seconds ?? 0);
    byLabel.set(label, (byLabel.get(label) ?? 0) + took);
    counted += took;
  }
  byLabel.set('ended meanwhile', totalSeconds - counted);
  return byLabel;
};
