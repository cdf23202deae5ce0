import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground } from './backgroundWork.ts';
import { MAX_PASSES, PgliteThread } from './PgliteThread.ts';

/**
 * Background statements on the embedded database (decision 0038), by the order the statements are answered in:
 * no clock is read.
 */
describe('background statements on the embedded database', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = new PgliteThread({});
    await thread.waitReady;
  }, 120_000);
  afterAll(() => thread.close());

  it('let a request’s chain of statements through before the next one of a report', async () => {
    const order: string[] = [];
    // A report's two pieces, the second sent as soon as the first is answered.
    const report = inBackground(async () => {
      await thread.query(`select 'piece 1'`);
      order.push('piece 1');
      await thread.query(`select 'piece 2'`);
      order.push('piece 2');
    });
    // A request of two statements (a session, then a page), the second sent once the first is answered.
    const request = (async () => {
      await thread.query(`select 'session'`);
      order.push('session');
      await thread.query(`select 'page'`);
      order.push('page');
    })();
    await Promise.all([report, request]);
    // Sent in turn as they came, the second piece went between the session and the page.
    expect(order.indexOf('page'), order.join(', ')).toBe(order.indexOf('session') + 1);
    expect(order.indexOf('piece 2')).toBeGreaterThan(order.indexOf('piece 1'));
  });

  it('still gets a background statement through while others’ never stop', async () => {
    let answered = false;
    const background = inBackground(() => thread.query('select 1')).then(() => (answered = true));
    // One statement after another, each sent in the last one's answer: never a moment without one out.
    let others = 0;
    while (!answered) {
      await thread.query('select 2');
      others++;
    }
    await background;
    expect(others).toBeGreaterThan(0);
    expect(others).toBeLessThanOrEqual(MAX_PASSES + 1);
  });

  it('answers inside a transaction at once, and refuses held statements once closed', async () => {
    const inTx = await inBackground(() =>
      thread.transaction(async (tx) => (await tx.query<{ n: number }>('select 3 as n')).rows[0]!.n),
    );
    expect(inTx).toBe(3);
    const other = new PgliteThread({});
    await other.waitReady;
    const busy = other.query('select 4');
    const held = inBackground(() => other.query('select 5'));
    const closing = other.close();
    await expect(held).rejects.toThrow('PGlite is closed');
    await busy;
    await closing;
  }, 120_000);
});
