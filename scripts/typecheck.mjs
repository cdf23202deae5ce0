// Type-checks every workspace with its own tsconfig (sources are consumed as TypeScript, so nothing is emitted).
// A workspace without TypeScript files yet (TS18003, "no inputs") is reported and skipped, not failed. Each keeps
// its incremental state in node_modules/.cache, so a second run re-checks only what changed since the first.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
let failed = false;
for (const ws of workspaces) {
  const buildInfo = `node_modules/.cache/typecheck/${ws.replace(/\//g, '-')}.tsbuildinfo`;
  const args = [
    'tsc',
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    buildInfo,
    '-p',
    `${ws}/tsconfig.json`,
  ];
  const r = spawnSync('npx', args, { encoding: 'utf8' });
  const output = `${r.stdout}${r.stderr}`.replace(/^npm warn.*\n?/gm, '');
  if (r.status !== 0 && /error TS18003/.test(output) && !/error TS(?!18003)/.test(output)) {
    console.log(`typecheck: ${ws} has no TypeScript files yet, skipped`);
    continue;
  }
  if (output.trim()) process.stdout.write(output);
  if (r.status !== 0) {
    console.error(`typecheck failed in ${ws}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
