// @ts-check
// `npm run build` of the console: `vite build`, then the source stamp written into the build (sourceStamp.mjs).
// `--if-stale` builds only when the build's stamp differs from the sources' (a start or a test run after no change
// to the console reuses its build).
import { writeFileSync } from 'node:fs';
import { WEB_DIR, STAMP_FILE, builtStamp, sourceStamp } from './sourceStamp.mjs';

// Taken before the build reads the sources: a change made while it runs leaves the stamp behind, and the next
// start builds again.
const stamp = sourceStamp();
if (process.argv.includes('--if-stale') && builtStamp() === stamp) {
  console.log('console: the build is up to date with its sources');
} else {
  // Vite is loaded only to build: an up-to-date check stays a few milliseconds.
  const { build } = await import('vite');
  await build({ root: WEB_DIR });
  writeFileSync(STAMP_FILE, `${stamp}\n`);
}
