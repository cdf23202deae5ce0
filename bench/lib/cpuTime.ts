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

/**
 * CPU time of the processes below `root` whose command name matches `name` [s], e.g. the Chromium that
 * Playwright started (its browser, renderer and GPU processes), plus their children that already exited.
 */
export const descendantsCpuSeconds = (root: number, name: RegExp) => {
  const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
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
  const below = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid; p !== undefined && p > 1; p = procs.get(p)?.ppid)
      if (p === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, p] of procs) if (name.test(p.comm) && below(pid)) ticks += p.ticks;
  return ticks / 100;
};
