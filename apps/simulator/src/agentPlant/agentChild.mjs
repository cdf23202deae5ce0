#!/usr/bin/env node
// The edge agent as the demo's supervisor starts it (its packaged version, `supervisorChild.mjs`): the agent's own
// command (`solarops-agent run --config …`, its arguments passed through), which also stops when the server does.
// The supervisor hands this process the server's pipe as its stdin: when the server ends, even killed without a
// chance to stop its children, the pipe closes and the agent stops as on SIGTERM (its last batch kept on disk),
// instead of polling and reconnecting forever as an orphan.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.on('error', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
const agentDir = dirname(createRequire(import.meta.url).resolve('@solarops/agent/package.json'));
await import(pathToFileURL(join(agentDir, 'bin', 'solarops-agent.mjs')).href);
// The agent has ended (stopped, or restarting into an update it installed): the pipe watched above must not keep
// this process alive, or its supervisor would wait for it for ever.
process.stdin.destroy();
