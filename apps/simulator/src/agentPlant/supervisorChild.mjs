// The demo fleet's child process: the edge agent's supervisor (`solarops-agent-supervisor --install-dir … --packaged
// agentChild.mjs -- run --config …`, its arguments passed through), as the service runs it on a gateway, so that
// the demo's agent updates itself as a real one does. It stops when the server does: the server holds its stdin,
// and when that pipe closes, even with the server killed, it stops the agent and ends as on SIGTERM.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.on('error', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
const agentDir = dirname(createRequire(import.meta.url).resolve('@solarops/agent/package.json'));
await import(pathToFileURL(join(agentDir, 'bin', 'solarops-agent-supervisor.mjs')).href);
