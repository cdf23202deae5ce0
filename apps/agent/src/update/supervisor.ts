import { spawn, type ChildProcess } from 'node:child_process';
import { InstallDir } from './installDir.ts';

export interface SuperviseOptions {
  /** The install folder (`installDir.ts`). */
  installDir: string;
  /** The packaged version's program, started while no `current` link exists. */
  packagedEntry: string;
  /** The program's arguments, e.g. `run --config /etc/solarops-agent/agent.yaml`. */
  args: readonly string[];
  /** How long a new version has to reach the server before the supervisor goes back [ms] (default 5 minutes). */
  probationMs?: number;
  /** Starts of a version on probation that end without its confirming before going back (default 3). */
  maxStarts?: number;
  /** Pause before starting the agent again after it ended [ms] (default 5 s, as the unit's RestartSec). */
  restartDelayMs?: number;
  /** How long a stopped agent has to end before it is killed [ms] (default 20 s). */
  stopGraceMs?: number;
  /** Starts a program (default: run it as the executable it is, so its first line gives Node its flags). */
  start?: (entry: string, args: readonly string[]) => ChildProcess;
  log?: (line: string) => void;
}

export interface Supervisor {
  /** The agent's process now, if one runs. */
  readonly child: ChildProcess | undefined;
  /** Stops the agent and the supervision; resolves once the agent has ended. */
  stop(): Promise<void>;
}

export const DEFAULT_PROBATION_MS = 5 * 60_000;

/**
 * Keeps the agent running and watches a new version's probation from outside it (docs/decisions/
 * 0030-agent-self-update.md). It starts the version `current` names (the packaged one without it) and starts it
 * again whenever it ends, as systemd's `Restart=always` does: an agent that installed an update exits, and the
 * next start is the new version. While a version is on probation (`pending.json`) the supervisor gives it
 * `probationMs` to confirm that it reached the server and `maxStarts` starts; past either it records the verdict
 * `rolledBack` (unless the new version's `confirmed` came first), points `current` back at the previous version
 * and starts that, which then reports the rollback. Being a separate process that loads nothing of the new
 * version, it goes back the same way whether the new version hangs, crashes at once, or is not a program at all.
 */
export function supervise(options: SuperviseOptions): Supervisor {
  const dir = new InstallDir(options.installDir);
  const log = options.log ?? ((line: string) => void process.stderr.write(`supervisor: ${line}\n`));
  const probationMs = options.probationMs ?? DEFAULT_PROBATION_MS;
  const maxStarts = options.maxStarts ?? 3;
  // The agent learns where to install updates from the supervisor that will start them: run without one, it
  // refuses upgrades of itself.
  const env = { ...process.env, SOLAROPS_AGENT_INSTALL_DIR: options.installDir };
  const start =
    options.start ??
    ((entry: string, args: readonly string[]) => spawn(entry, args, { stdio: 'inherit', env }));
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  /** The probation being timed and its timer (one per version for the supervisor's life). */
  let probation: { version: string; timer: NodeJS.Timeout } | undefined;
  /** How the last run of the agent ended, said in the reason of a rollback after repeated failed starts. */
  let lastEnd = '';
  let ended: () => void = () => undefined;

  const goBack = (reason: string): boolean => {
    const verdict = dir.decide({ verdict: 'rolledBack', reason });
    if (verdict.verdict !== 'rolledBack') return false;
    const end = dir.settle();
    log(`going back from ${end?.tried ?? 'the new version'}: ${reason}`);
    return true;
  };

  const endOfProbation = (version: string): void => {
    probation = undefined;
    if (dir.pending()?.version !== version) return;
    const seconds = Math.round(probationMs / 1000);
    if (!goBack(`${version} did not reach the server within ${seconds} s`)) return;
    // The agent running now is the version given up on: stopping it starts the previous one.
    child?.kill('SIGTERM');
  };

  const next = (): void => {
    restartTimer = undefined;
    if (stopping) return;
    dir.settle();
    let pending = dir.pending();
    if (pending && pending.starts >= maxStarts) {
      goBack(`${pending.version} stopped ${pending.starts} times without reaching the server${lastEnd}`);
      pending = undefined;
    }
    let entry: string;
    try {
      entry = dir.currentEntry() ?? options.packagedEntry;
    } catch (err) {
      // The current version's folder is damaged: on probation it is given up at once; otherwise the packaged
      // version is what is left.
      const reason = `${dir.current()} cannot be started (${(err as Error).message})`;
      if (!(pending && goBack(reason))) dir.switchTo(null);
      log(reason);
      return next();
    }
    if (pending) {
      dir.setPending({ ...pending, starts: pending.starts + 1 });
      if (probation?.version !== pending.version) {
        if (probation) clearTimeout(probation.timer);
        const version = pending.version;
        probation = { version, timer: setTimeout(() => endOfProbation(version), probationMs) };
      }
    }
    const proc = start(entry, options.args);
    child = proc;
    let over = false;
    const onEnd = (how: string): void => {
      if (over) return;
      over = true;
      if (child === proc) child = undefined;
      lastEnd = ` (last: ${how})`;
      if (stopping) return ended();
      log(`the agent ended (${how}); starting it again`);
      restartTimer = setTimeout(next, options.restartDelayMs ?? 5000);
    };
    proc.once('exit', (code, signal) => onEnd(signal ? `signal ${signal}` : `exit code ${code}`));
    // A program that cannot even be started (not executable, not found) ends like one that crashed.
    proc.once('error', (err: NodeJS.ErrnoException) => onEnd(`could not start: ${err.code ?? err.message}`));
  };

  next();
  return {
    get child() {
      return child;
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      if (probation) clearTimeout(probation.timer);
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        ended = resolve;
        const kill = setTimeout(() => proc.kill('SIGKILL'), options.stopGraceMs ?? 20_000);
        proc.once('exit', () => clearTimeout(kill));
        proc.kill('SIGTERM');
      });
    },
  };
}
