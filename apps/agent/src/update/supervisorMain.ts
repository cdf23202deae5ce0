// The supervisor's command (dist/solarops-agent-supervisor.mjs, the systemd unit's ExecStart):
//   solarops-agent-supervisor --install-dir DIR --packaged PROGRAM [--probation-s 300] -- run --config agent.yaml
// It loads nothing of the agent itself (no MQTT, no Modbus), so that it stays small beside it and is the same
// program whichever version of the agent it runs (docs/decisions/0030-agent-self-update.md).
import { parseArgs } from 'node:util';
import { supervise } from './supervisor.ts';

const USAGE =
  'usage: solarops-agent-supervisor --install-dir DIR --packaged PROGRAM [--probation-s 300] -- <agent arguments>\n';

let parsed;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      'install-dir': { type: 'string' },
      packaged: { type: 'string' },
      'probation-s': { type: 'string', default: '300' },
    },
  });
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
const probationS = Number(values['probation-s']);
if (!values['install-dir'] || !values.packaged || !(Number.isInteger(probationS) && probationS >= 10)) {
  process.stderr.write(`--install-dir, --packaged and a --probation-s of 10 s or more are needed\n${USAGE}`);
  process.exit(2);
}
const supervisor = supervise({
  installDir: values['install-dir'],
  packagedEntry: values.packaged,
  args: positionals,
  probationMs: probationS * 1000,
});
const stop = (): void => void supervisor.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
