import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

// The agent's command line as an installer runs it (`bin/solarops-agent.mjs` in a process of its own), and what
// the tests of it start or write, undone after each test.

const BIN = new URL('../bin/solarops-agent.mjs', import.meta.url).pathname;

/** Runs `solarops-agent <args>`; resolves to its exit code and what it printed. */
export function agent(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * For the test file that calls it (at its top level): `later(undo)` runs `undo` after the test (a server stopped),
 * and `configFile(text)` writes an `agent.yaml` in a folder of its own, removed after the test.
 */
export function undoneAfterEach() {
  const undo: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const u of undo.splice(0)) await u();
  });
  return {
    later(u: () => Promise<void> | void) {
      undo.push(u);
    },
    configFile(text: string): string {
      const dir = mkdtempSync(join(tmpdir(), 'agent-config-'));
      undo.push(() => rmSync(dir, { recursive: true, force: true }));
      const path = join(dir, 'agent.yaml');
      writeFileSync(path, text);
      return path;
    },
  };
}
