import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchJournal } from '../src/run/BatchJournal.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-journal-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const reading = (i: number) => ({ sn: 'SIN000000001', ts: i, acPowerW: i });

describe('the store-and-forward buffer on disk', () => {
  it('gives back after a restart every batch without ack, oldest first, and carries the sequence on', () => {
    const dir = tempDir();
    const a = new BatchJournal(dir);
    const seqs = [1, 2, 3].map((i) => a.add('telemetry', { readings: [reading(i)] }, 1).batch.seq);
    a.ack(seqs[1]!);
    a.close();
    const b = new BatchJournal(dir);
    expect(b.waiting().map((w) => JSON.parse(w.payload).readings[0].ts)).toEqual([1, 3]);
    expect(b.waiting().map((w) => w.seq)).toEqual([seqs[0], seqs[2]]);
    expect(b.add('telemetry', { readings: [reading(4)] }, 1).batch.seq).toBe(seqs[2]! + 1);
    b.close();
  });

  it('drops a line cut off mid-write by a power loss and keeps every whole one', () => {
    const dir = tempDir();
    const a = new BatchJournal(dir);
    a.add('telemetry', { readings: [reading(1)] }, 1);
    a.add('telemetry', { readings: [reading(2)] }, 1);
    a.close();
    const path = join(dir, 'batches.journal');
    // The power went while the third batch was being written: half a line, no newline.
    const whole = readFileSync(path, 'utf8');
    appendFileSync(path, whole.split('\n')[0]!.slice(0, 40));
    const b = new BatchJournal(dir);
    expect(b.tornLines).toBe(1);
    expect(b.waiting().map((w) => JSON.parse(w.payload).readings[0].ts)).toEqual([1, 2]);
    b.add('telemetry', { readings: [reading(3)] }, 1);
    b.close();
    // The torn line is gone for good: the next opening finds three whole batches.
    const c = new BatchJournal(dir);
    expect(c.tornLines).toBe(0);
    expect(c.waiting()).toHaveLength(3);
    c.close();
  });

  it('refuses a line whose checksum does not match (a torn sector) and everything after it', () => {
    const dir = tempDir();
    const a = new BatchJournal(dir);
    for (let i = 1; i <= 3; i++) a.add('telemetry', { readings: [reading(i)] }, 1);
    a.close();
    const path = join(dir, 'batches.journal');
    const lines = readFileSync(path, 'utf8').split('\n');
    const torn = lines[1]!.replace(/acPowerW(\\?"):2/, 'acPowerW$1:7');
    expect(torn).not.toBe(lines[1]);
    lines[1] = torn;
    writeFileSync(path, lines.join('\n'));
    const b = new BatchJournal(dir);
    expect(b.waiting().map((w) => JSON.parse(w.payload).readings[0].ts)).toEqual([1]);
    b.close();
  });

  it('is bounded: when full, the oldest batches go first and are counted', () => {
    const dir = tempDir();
    const a = new BatchJournal(dir, 5);
    const dropped: number[] = [];
    for (let i = 1; i <= 4; i++)
      dropped.push(...a.add('telemetry', { readings: [reading(i), reading(i)] }, 2).dropped);
    expect(a.waitingItems).toBeLessThanOrEqual(5);
    expect(a.dropped).toBe(2);
    expect(dropped).toEqual([1, 2]);
    expect(a.waiting().map((w) => w.seq)).toEqual([3, 4]);
    a.close();
  });

  it('keeps the count of readings dropped from a full buffer across restarts and compactions', () => {
    const dir = tempDir();
    const a = new BatchJournal(dir, 5);
    for (let i = 1; i <= 4; i++) a.add('telemetry', { readings: [reading(i), reading(i)] }, 2);
    // Two batches of two readings went for room.
    expect(a.droppedReadings).toBe(4);
    a.close();
    // Reopening rewrites the journal to the batches still waiting: the count goes with them.
    const b = new BatchJournal(dir, 5);
    expect(b.droppedReadings).toBe(4);
    expect(b.dropped).toBe(0);
    b.add('telemetry', { readings: [reading(5), reading(5), reading(5)] }, 3);
    expect(b.droppedReadings).toBe(6);
    b.close();
    const c = new BatchJournal(dir, 5);
    expect(c.droppedReadings).toBe(6);
    c.close();
  });

  it('survives SIGKILL of the writing process: every batch it had stored is there after', async () => {
    const dir = tempDir();
    // A child stores batches as fast as it can and says each stored seq; it is killed in the middle of it.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { BatchJournal } from ${JSON.stringify(new URL('../src/run/BatchJournal.ts', import.meta.url).pathname)};
         const j = new BatchJournal(${JSON.stringify(dir)});
         for (let i = 1; ; i++) { const { batch } = j.add('telemetry', { readings: [{ sn: 'SIN000000001', ts: i }] }, 1); process.stdout.write(batch.seq + '\\n'); }`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const stored: number[] = [];
    let text = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const lines = text.split('\n');
        text = lines.pop()!;
        stored.push(...lines.map(Number));
        if (stored.length >= 50 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((r) => child.once('exit', r));
    const j = new BatchJournal(dir);
    const seqs = new Set(j.waiting().map((w) => w.seq));
    // Everything it said it stored (written and fsynced before it said so) is there, each once.
    for (const seq of stored) expect(seqs.has(seq)).toBe(true);
    expect(j.waiting().length).toBe(seqs.size);
    j.close();
  }, 60_000);
});
