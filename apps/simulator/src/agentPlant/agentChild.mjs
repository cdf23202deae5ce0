// The edge agent as the demo fleet's child process: the agent's own command (`solarops-agent run --config …`,
// its arguments passed through), which also stops when its parent does. The parent holds this process's stdin:
// when the parent ends, even killed without a chance to stop its children, the pipe closes and the agent stops
// as on SIGTERM (its last batch kept on disk), instead of polling and reconnecting forever as an orphan.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.on('error', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
const agentDir = dirname(createRequire(import.meta.url).resolve('@solarops/agent/package.json'));
await import(pathToFileURL(join(agentDir, 'bin', 'solarops-agent.mjs')).href);
