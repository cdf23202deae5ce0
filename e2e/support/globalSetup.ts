import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { embeddedEnv } from './embeddedEnv.ts';
import { recordServerDefects, serverDefectsSince } from './serverDefects.ts';
import { makeTemplateDataDir, newDataDir } from './templateDataDir.ts';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_PASSWORD = 'Admin#Pass2026';

/** A local SMTP server that keeps every message as a JSON file in `dir`. */
async function startSmtp(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no certificate to trust.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        const to = session.envelope.rcptTo.map((r) => r.address);
        const file = join(dir, `${String(Date.now()).padStart(15, '0')}-${String(n).padStart(5, '0')}.json`);
        writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return { port: address.port, close: () => new Promise((r) => server.close(() => r())) };
}

/** Starts the real server on a free port and resolves with its port once it answers `/prod-api/health`. */
function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  recordServerDefects(child, 'server');
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /http:\/\/localhost:(\d+)\//.exec(output);
      if (m) {
        child.stdout?.off('data', onData);
        const port = Number(m[1]);
        void waitForHealth(port).then(() => resolve({ child, port }), reject);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${String(code)}:\n${output}`)));
  });
}

async function waitForHealth(port: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/prod-api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const template = await makeTemplateDataDir();
  const dataDir = newDataDir('solarops-e2e-data-');
  const mailDir = mkdtempSync(join(tmpdir(), 'solarops-e2e-mail-'));
  const smtp = await startSmtp(mailDir);
  const defectsDir = mkdtempSync(join(tmpdir(), 'solarops-e2e-defects-'));
  // Set before any server starts: the servers' defect lines go there (serverDefects.ts), and the workers inherit it.
  process.env.E2E_SERVER_DEFECTS = join(defectsDir, 'defects.log');
  const { child, port } = await startServer({
    ...embeddedEnv(),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MQTT_PORT: '0',
    SIMULATOR: 'off',
    ADMIN_PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: 'info',
    // Every test signs in from the same address; the per-address and overall limits are tested by the API suite.
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_FAILURES_PER_MINUTE: '10000',
  });
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_MAIL_DIR = mailDir;
  // A fleet server started by a test may mail through the same SMTP server (`startFleetServer({ mail: true })`).
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    // A defect a server logged between tests (or one no test was running to fail for) fails the run here.
    const defects = serverDefectsSince(0);
    rmSync(defectsDir, { recursive: true, force: true });
    if (defects.length > 0)
      throw new Error(
        `the servers logged ${defects.length} defect(s) during the run:\n${defects.join('\n')}`,
      );
  };
}
