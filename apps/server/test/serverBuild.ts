import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's production build of the server: a directory beside src/ holding `main.js`. */
    serverBuild: string;
  }
}

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the server as `npm run build` does, into `outDir` (a directory name beside src/, like dist/), and resolves
 * with the function that removes it. The API suite's global setup builds once per run for every test that starts
 * server processes (`serverProcess.ts`): the bundle starts in a fraction of the time tsx takes to compile the
 * sources, at each of the tests' starts and restarts.
 */
export function buildServer(outDir: string): Promise<() => void> {
  const remove = () => rmSync(path.join(serverDir, outDir), { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', BUILD_OUT_DIR: outDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      if (code === 0) return resolve(remove);
      remove();
      reject(new Error(`server build failed (${code}): ${out}`));
    });
  });
}
