import { parseArgs } from 'node:util';
import { formatScan, scan } from './scan.ts';
import { loadConfig } from './run/config.ts';
import { readOnce, runAgent } from './run/runAgent.ts';
import { UpgradeReceiver } from './update/UpgradeReceiver.ts';
import { AGENT_VERSION } from './version.ts';

const USAGE = `usage:
  solarops-agent scan --host H [--port 502] [--unit N] [--json]
      discovers and reads one SunSpec device once and prints what it found
  solarops-agent run --config agent.yaml [--once --print]
      the service: reads every device of agent.yaml at its interval and sends the readings to the console;
      with --once --print it reads every device once and prints the batch it would send, sending nothing
`;

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[], out = process.stdout, err = process.stderr): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'scan') {
    let values;
    try {
      ({ values } = parseArgs({
        args: rest,
        options: {
          host: { type: 'string' },
          port: { type: 'string', default: '502' },
          unit: { type: 'string' },
          json: { type: 'boolean', default: false },
          timeout: { type: 'string', default: '2000' },
        },
      }));
    } catch (e) {
      err.write(`${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    const port = Number(values.port);
    const unitId = values.unit === undefined ? undefined : Number(values.unit);
    if (!values.host || !Number.isInteger(port) || port < 1 || port > 65535) {
      err.write(`scan needs --host and a --port of 1 to 65535\n${USAGE}`);
      return 2;
    }
    if (unitId !== undefined && !(Number.isInteger(unitId) && unitId >= 0 && unitId <= 247)) {
      err.write(`--unit must be a unit id of 0 to 247, not ${values.unit}\n`);
      return 2;
    }
    try {
      const devices = await scan({
        endpoint: { kind: 'tcp', host: values.host, port },
        unitId,
        timeoutMs: Number(values.timeout),
      });
      out.write(values.json ? `${JSON.stringify({ devices })}\n` : `${formatScan(devices)}\n`);
      return 0;
    } catch (e) {
      err.write(`scan: ${(e as Error).message}\n`);
      return 1;
    }
  }
  if (command === 'run') {
    let values;
    try {
      ({ values } = parseArgs({
        args: rest,
        options: {
          config: { type: 'string', default: 'agent.yaml' },
          once: { type: 'boolean', default: false },
          print: { type: 'boolean', default: false },
        },
      }));
    } catch (e) {
      err.write(`${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    if (values.once !== values.print) {
      err.write(`--once and --print go together (read once, print, send nothing)\n`);
      return 2;
    }
    let config;
    try {
      config = loadConfig(values.config);
    } catch (e) {
      err.write(`${(e as Error).message}\n`);
      return 2;
    }
    const log = (line: string): void => void err.write(`${new Date().toISOString()} ${line}\n`);
    if (values.once) {
      const readings = await readOnce(config, log);
      out.write(`${JSON.stringify({ sentAt: Date.now(), readings })}\n`);
      return readings.length > 0 ? 0 : 1;
    }
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    // Self-update (src/update/): the supervisor that starts the agent names the install folder; an installed
    // update ends this process, and the supervisor starts the new version.
    const updates = new UpgradeReceiver({
      installDir: process.env.SOLAROPS_AGENT_INSTALL_DIR,
      trustedKeys: config.update.trustedKeys,
      runningVersion: AGENT_VERSION,
      restart: end,
      log,
    });
    const agent = await runAgent(config, log, {
      upgrade: (message, reply) => updates.handle(message, reply),
      onServerReached: (reply) => updates.serverReached(reply),
    });
    log(
      `running: ${config.links.length} link(s), ${config.links.reduce((n, l) => n + l.devices.length, 0)} device(s) (version ${AGENT_VERSION})`,
    );
    await ended;
    updates.stop();
    await agent.stop();
    return 0;
  }
  err.write(USAGE);
  return command === undefined || command === '--help' ? 0 : 2;
}
