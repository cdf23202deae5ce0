import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AgentPlant } from './agentPlant.ts';

/** Options of {@link startAgentProcess}. */
export interface AgentProcessOptions {
  plant: AgentPlant;
  /** The collector's device secret, as the console issued it. */
  secret: string;
  /** The console's broker, e.g. mqtt://127.0.0.1:1883. */
  mqttUrl: string;
  /** Where the devices answer Modbus TCP. */
  modbusHost: string;
  modbusPort: number;
  /** The plant's time zone (energy today counts from its local midnight). */
  timeZone: string;
  /** Poll and report interval [s] (5 at least). */
  intervalS: number;
  /** The makers' public keys (32 bytes, base64) whose update packages the agent installs (none: it refuses all). */
  trustedKeys: readonly string[];
  /**
   * The agent's own folder: its agent.yaml, its buffer on disk, its day counters, and `install/`, where its
   * supervisor keeps the versions it updated itself to.
   */
  dir: string;
  /** Each line the agent logs. */
  log: (line: string) => void;
}

/** A running agent process. */
export interface AgentProcess {
  pid: number | undefined;
  /** Resolves when the process has ended, with its exit code (null after a signal). */
  exited: Promise<number | null>;
  /**
   * Asks the supervisor to stop (SIGTERM: it stops the agent, which sends what it has and closes) and waits; kills
   * it if it has not within 10 s.
   */
  stop(): Promise<void>;
}

/** The agent's configuration for the plant (JSON, which is YAML too). */
export function agentConfig(options: Omit<AgentProcessOptions, 'dir' | 'log'> & { dataDir: string }): object {
  return {
    server: { mqttUrl: options.mqttUrl },
    collector: { serial: options.plant.collectorSerial, secret: options.secret },
    timeZone: options.timeZone,
    intervalS: Math.max(5, Math.round(options.intervalS)),
    dataDir: options.dataDir,
    update: { trustedKeys: [...options.trustedKeys] },
    links: [
      {
        name: 'plant',
        tcp: { host: options.modbusHost, port: options.modbusPort },
        // The simulator answers at once: no gap needed between requests, as on a fast gateway.
        gapMs: 0,
        devices: options.plant.devices.map((d) => ({ sn: d.sn, unitId: d.unitId, profile: d.profile })),
      },
    ],
  };
}

/**
 * A program of this folder, found from the simulator package's place rather than this module's: the server's
 * production bundle holds this code in its own `dist/`.
 */
function programPath(name: 'agentChild.mjs' | 'supervisorChild.mjs'): string {
  const simulatorDir = dirname(createRequire(import.meta.url).resolve('@solarops/simulator/package.json'));
  return join(simulatorDir, 'src', 'agentPlant', name);
}

/**
 * Starts the edge agent (`solarops-agent run`) under its supervisor, processes of their own, as the service runs
 * them beside a real plant: the agent reads the simulated devices over Modbus TCP and publishes to the console
 * with the plant's collector serial and secret, and updates itself through the console's firmware rollouts (the
 * supervisor starts the version it installed, and goes back by itself when that one does not reach the server).
 * Their log lines go to `log`.
 */
export function startAgentProcess(options: AgentProcessOptions): AgentProcess {
  const dataDir = join(options.dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const configPath = join(options.dir, 'agent.yaml');
  writeFileSync(configPath, JSON.stringify(agentConfig({ ...options, dataDir }), null, 2), { mode: 0o600 });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      programPath('supervisorChild.mjs'),
      '--install-dir',
      join(options.dir, 'install'),
      '--packaged',
      programPath('agentChild.mjs'),
      '--',
      'run',
      '--config',
      configPath,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  if (child.stderr) createInterface({ input: child.stderr }).on('line', options.log);
  let stopping = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      // An agent that ends by itself (a bad configuration, a crash) says so: the plant goes quiet otherwise.
      if (!stopping) options.log(`ended by itself (${signal ?? `exit code ${code}`})`);
      resolve(code);
    });
    child.once('error', (err) => {
      options.log(`could not start: ${err.message}`);
      resolve(null);
    });
  });
  return {
    pid: child.pid,
    exited,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      // Longer than the supervisor gives its agent to stop (20 s): killed sooner, it would leave the agent running
      // without it, beside the next one on the same journal.
      const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
