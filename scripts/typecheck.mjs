// Type-checks every workspace with its own tsconfig (sources are consumed as TypeScript, so nothing is emitted).
// A workspace without TypeScript files yet (TS18003, "no inputs") is reported and skipped, not failed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
let failed = false;
for (const ws of workspaces) {
  const r = spawnSync('npx', ['tsc', '--noEmit', '-p', `${ws}/tsconfig.json`], { encoding: 'utf8' });
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
