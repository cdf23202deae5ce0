import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { CODE_DIR, RUNS_FROM_SOURCES, SERVER_DIR } from './serverDir.ts';

/**
 * A worker thread running one of the server's own modules: its TypeScript source (`source`, relative to `src/`)
 * when the server runs from the sources (tests, tsx), the thread then registering tsx first; its bundle of the
 * production build (`built`, an entry point of build.mjs) otherwise.
 */
export function codeWorker(entry: { source: string; built: string }, options: WorkerOptions): Worker {
  if (!RUNS_FROM_SOURCES) return new Worker(path.join(CODE_DIR, entry.built), options);
  const source = pathToFileURL(path.join(CODE_DIR, entry.source)).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { ...options, eval: true },
  );
}

/** tsx's module API, by its file address (the worker's code is evaluated, with nothing to resolve names from). */
function tsxApi(): string {
  // Its ES module: `require.resolve` would name the CommonJS one, whose register() fails in a worker.
  const manifest = createRequire(path.join(SERVER_DIR, 'package.json')).resolve('tsx/package.json');
  return pathToFileURL(path.join(path.dirname(manifest), 'dist/esm/api/index.mjs')).href;
}
