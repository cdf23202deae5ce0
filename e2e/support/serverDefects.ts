import type { ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { UNHANDLED_REJECTION_LINE } from '../../apps/server/src/defects.ts';

/**
 * The defects the suite's servers log (a rejection nobody handled: the server logs it and keeps running, so only its
 * log shows it). Every server the suite starts, the shared one of the global setup and the fleet servers tests start,
 * appends each such line to one file named by E2E_SERVER_DEFECTS; the test running when a line comes fails
 * (fixtures.ts), and the global teardown fails the run if the file holds any line at all (one logged between tests).
 */
const file = () => process.env.E2E_SERVER_DEFECTS;

/** Watches a server's output for defect lines and records them, named by `server`. */
export function recordServerDefects(child: ChildProcess, server: string): void {
  for (const stream of [child.stdout, child.stderr]) {
    // The end of the last chunk is kept: a line may come in two.
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const path = file();
        if (path && line.includes(UNHANDLED_REJECTION_LINE)) appendFileSync(path, `${server}: ${line}\n`);
      }
    });
  }
}

/** How much of the defect file exists now: `serverDefectsSince` reads what comes after. */
export const serverDefectsMark = (): number => {
  const path = file();
  return path && existsSync(path) ? readFileSync(path).length : 0;
};

/** The defect lines recorded after `mark`. */
export function serverDefectsSince(mark: number): string[] {
  const path = file();
  if (!path || !existsSync(path)) return [];
  return readFileSync(path).subarray(mark).toString().split('\n').filter(Boolean);
}
