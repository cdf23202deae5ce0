#!/usr/bin/env node
// `npm start`: the server (`npm run start:server`), and beside it the console's build when apps/web/dist is not the
// build of the sources there (a fresh clone, a change to the console; apps/web/sourceStamp.mjs). The API, the device
// link and the demo fleet do not wait for the console: the server serves it as soon as its build is there and
// says it is being built until then (WEB_BUILDING). A failed build stops the server, as before; a stop (Ctrl-C,
// SIGTERM) is passed on to both.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_DIR, builtStamp, sourceStamp } from '../apps/web/sourceStamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};

/**
 * How much nicer than the server the console's build runs (a lower priority), counted from this process's own
 * niceness so that a start already run under `nice` still gives the server the higher priority; 19 is the lowest.
 */
const BUILD_NICER_BY = 10;

const stale = builtStamp() !== sourceStamp();
/** @type {import('node:child_process').ChildProcess | undefined} */
let build;
if (stale) {
  console.log('console: building it beside the server (served when built)');
  mkdirSync(DIST_DIR, { recursive: true });
  build = spawn(process.execPath, [path.join(root, 'apps/web/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  // The build yields the cores to the server: the first thing a new user waits for is the demo fleet listed, which
  // the server's own work holds up (its code, the database, the history's plan), and the console is of no use
  // before it. Set at once, before the build starts its compiler's processes, which inherit it.
  try {
    if (build.pid) setPriority(build.pid, Math.min(19, getPriority() + BUILD_NICER_BY));
  } catch {
    // Not allowed here: the build runs at the server's priority, as before.
  }
}
// `start:server` is one command and its options, without quotes: run as it is, no shell between (signals reach it).
const [command = 'tsx', ...args] = String(scripts['start:server']).split(/\s+/);
const server = spawn(command, args, {
  cwd: root,
  stdio: 'inherit',
  env: stale ? { ...env, WEB_BUILDING: 'true' } : env,
});

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    build?.kill(signal);
    server.kill(signal);
  });
}
build?.on('exit', (code) => {
  if (code === 0) return;
  console.error(`console: the build failed (${code ?? 'stopped'}); stopping the server`);
  server.kill('SIGTERM');
  process.exitCode = 1;
});
server.on('exit', (code, signal) => {
  build?.kill('SIGTERM');
  process.exitCode ||= code ?? (signal ? 1 : 0);
});
