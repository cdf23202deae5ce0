// Type-checks every workspace with its own tsconfig (sources are consumed as TypeScript, so nothing is emitted).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
let failed = false;
for (const ws of workspaces) {
  const r = spawnSync('npx', ['tsc', '--noEmit', '-p', `${ws}/tsconfig.json`], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`typecheck failed in ${ws}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
