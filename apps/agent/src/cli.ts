import { parseArgs } from 'node:util';
import { formatScan, scan } from './scan.ts';

const USAGE = `usage:
  solarops-agent scan --host H [--port 502] [--unit N] [--json]
      discovers and reads one SunSpec device once and prints what it found
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
  err.write(USAGE);
  return command === undefined || command === '--help' ? 0 : 2;
}
