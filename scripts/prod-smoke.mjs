#!/usr/bin/env node
// The production build's check: builds the server (and the console when its build is not that of its sources:
// `npm test` runs this after the end-to-end step, which has just built it), starts it with `npm run start:prod` on free ports and a
// throwaway data directory, and asks it what a user and an operator would: the console's page, readiness, a
// sign-in, the metrics. Fails with the server's log when any answer is wrong. Usage: node scripts/prod-smoke.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => {
  const status = spawnSync('npm', args, { cwd: root, stdio: 'inherit' }).status;
  if (status !== 0) process.exit(status ?? 1);
};
const built = spawnSync(process.execPath, ['apps/web/build.mjs', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);
run(['run', 'build:server']);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const [port, mqttPort] = [await freePort(), await freePort()];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solarops-prod-'));
const password = 'Prod-smoke-1';
const metricsToken = 'prod-smoke-metrics-token';
const env = {
  ...process.env,
  DATABASE_URL: '',
  MQTT_URL: '',
  PORT: String(port),
  MQTT_PORT: String(mqttPort),
  DATA_DIR: dataDir,
  SIMULATOR: 'off',
  ADMIN_PASSWORD: password,
  PASSWORD_HASH_COST: '14',
  METRICS_TOKEN: metricsToken,
};
// Its own process group, so that npm, the shell and node are stopped together.
const server = spawn('npm', ['run', '--silent', 'start:prod'], {
  cwd: root,
  env,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
server.stdout.on('data', (d) => (log += d));
server.stderr.on('data', (d) => (log += d));
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};

const base = `http://127.0.0.1:${port}`;
const fail = (message) => {
  stop();
  console.error(`prod-smoke: ${message}\n--- server log ---\n${log.slice(-4000)}`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
};
server.on('exit', (code) => fail(`the server exited (${code}) before the checks ended`));

// A slow machine migrates the fresh database and hashes the administrator's password first: up to 3 minutes.
const deadline = Date.now() + 180_000;
for (;;) {
  const ready = await fetch(`${base}/prod-api/health/ready`).catch(() => undefined);
  if (ready?.status === 200) break;
  if (Date.now() > deadline) fail('not ready within 180 s');
  await new Promise((r) => setTimeout(r, 500));
}

const page = await fetch(`${base}/`);
const html = await page.text();
const builtIndex = readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
if (page.status !== 200 || html !== builtIndex) fail(`GET / answered ${page.status}, not the built console`);

// What a browser is sent: the sign-in page's scripts as the build's brotli copies, a large API answer compressed,
// and HEAD of a console route answered like GET. (fetch would decompress; a raw request sees the bytes sent.)
const rawGet = (url, headers = {}, method = 'GET') =>
  new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
const accept = { 'accept-encoding': 'br, gzip' };
const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
if (scripts.length === 0) fail('the console page names no script');
let wire = 0;
let files = 0;
for (const script of scripts) {
  const answer = await rawGet(script, accept);
  const built = path.join(root, 'apps/web/dist', script);
  files += statSync(built).size;
  wire += answer.body.length;
  if (answer.status !== 200) fail(`GET ${script} answered ${answer.status}`);
  if (statSync(built).size > 1024 && answer.headers['content-encoding'] !== 'br')
    fail(
      `GET ${script} with ${accept['accept-encoding']} was sent as ${answer.headers['content-encoding'] ?? 'identity'}`,
    );
}
const docs = await rawGet('/prod-api/docs/json', accept);
const docsPlain = await rawGet('/prod-api/docs/json');
if (docs.headers['content-encoding'] !== 'br' || docs.body.length * 5 > docsPlain.body.length)
  fail(
    `the OpenAPI document went as ${docs.headers['content-encoding'] ?? 'identity'}, ${docs.body.length} bytes`,
  );
const head = await rawGet('/station/plants', {}, 'HEAD');
if (head.status !== 200 || !String(head.headers['content-type']).startsWith('text/html'))
  fail(`HEAD of a console route answered ${head.status} ${head.headers['content-type']}`);
const wireLine =
  `sign-in page scripts ${(wire / 1024).toFixed(0)} KB on the wire (${(files / 1024).toFixed(0)} KB as files), ` +
  `OpenAPI document ${(docs.body.length / 1024).toFixed(0)} KB (${(docsPlain.body.length / 1024).toFixed(0)} KB plain)`;

const signIn = await fetch(`${base}/prod-api/authentication/form`, {
  method: 'POST',
  headers: { authorization: `Basic ${Buffer.from('console:console-secret').toString('base64')}` },
  body: new URLSearchParams({ username: 'admin', password }),
});
const token = (await signIn.json().catch(() => ({})))?.data?.token?.access_token;
if (signIn.status !== 200 || typeof token !== 'string') fail(`sign-in answered ${signIn.status}`);

// The metrics are the scraper's, with its token: nobody else reads them.
const anonymous = await fetch(`${base}/metrics`);
if (anonymous.status !== 401) fail(`GET /metrics without its token answered ${anonymous.status}, not 401`);
const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
if (metrics.status !== 200 || !/^solarops_ingest_readings_total \d+$/m.test(await metrics.text()))
  fail(`GET /metrics answered ${metrics.status} without the ingest counter`);

server.removeAllListeners('exit');
stop();
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `prod-smoke: the built server (node apps/server/dist/main.js) served the console, readiness, a sign-in and /metrics (with its token only) on port ${port}; ${wireLine}`,
);
