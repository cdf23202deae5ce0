import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CollectorLink } from '@solarops/simulator/link';
import { BatchJournal } from '../src/run/BatchJournal.ts';
import { HttpDelivery } from '../src/run/HttpDelivery.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Call {
  path: string;
  authorization: string;
  body: { seq: number; readings: { ts: number }[] };
}

/**
 * An HTTP server answering the device calls as the console's do (`/prod-api/device/v1/*`): `status(call)` says
 * which status each call gets. The real server's routes are exercised by the API suite (agentReadings.test.ts);
 * here each answer the agent must handle is given on purpose.
 */
async function consoleStandIn(status: (call: Call) => number): Promise<{ url: string; calls: Call[] }> {
  const calls: Call[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      const call = {
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        body: JSON.parse(text),
      };
      calls.push(call);
      const code = status(call);
      res.statusCode = code;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          code === 200
            ? { code: 200, data: { seq: call.body.seq, accepted: 1, rejected: {}, quarantined: 0 } }
            : { code, msg: 'refused' },
        ),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, calls };
}

function agentLink() {
  const dir = mkdtempSync(join(tmpdir(), 'agent-http-'));
  const journal = new BatchJournal(dir);
  // Never started: no MQTT here, the link only keeps the batches.
  const link = new CollectorLink({ url: '', serial: 'SOC230700001', secret: 's3cret', store: journal });
  cleanups.push(() => {
    journal.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { link, journal, dir };
}

const batch = (link: CollectorLink, ts: number) =>
  link.sendTelemetry([{ sn: 'SIN000000001', ts, acPowerW: ts }], ts);

/**
 * The agent's HTTP delivery to `url` for the batches of `link`, as the collector SOC230700001 signs in, trying
 * HTTP at once unless `options` say otherwise; stopped after the test.
 */
function delivery(
  url: string,
  link: CollectorLink,
  options: Partial<ConstructorParameters<typeof HttpDelivery>[0]> = {},
): HttpDelivery {
  const http = new HttpDelivery({
    url,
    serial: 'SOC230700001',
    secret: 's3cret',
    link,
    afterMs: 0,
    log: () => undefined,
    ...options,
  });
  cleanups.push(() => http.stop());
  return http;
}

describe('batches over HTTP where MQTT is blocked', () => {
  it('posts every waiting batch oldest first with the collector serial and secret; each 200 is its ack', async () => {
    const standIn = await consoleStandIn(() => 200);
    const { link, journal } = agentLink();
    for (const ts of [1000, 2000, 3000]) batch(link, ts);
    const http = delivery(standIn.url, link);
    await http.deliver();
    expect(standIn.calls.map((c) => c.path)).toEqual(Array(3).fill('/prod-api/device/v1/telemetry'));
    expect(standIn.calls.map((c) => c.body.readings[0]!.ts)).toEqual([1000, 2000, 3000]);
    expect(standIn.calls[0]!.authorization).toBe(
      `Basic ${Buffer.from('SOC230700001:s3cret').toString('base64')}`,
    );
    expect(link.waiting()).toEqual([]);
    expect(journal.waiting()).toEqual([]);
  });

  it('says the agent status before the batches, and again only when it changes (the clock aside)', async () => {
    const standIn = await consoleStandIn(() => 200);
    const { link } = agentLink();
    let dropped = 0;
    let ms = 1_000;
    const http = delivery(standIn.url, link, {
      status: () => ({ firmware: '0.1.0', intervalS: 300, clock: { ms: ms++ }, droppedReadings: dropped }),
    });
    batch(link, 1000);
    await http.deliver();
    expect(standIn.calls.map((c) => c.path)).toEqual([
      '/prod-api/device/v1/status',
      '/prod-api/device/v1/telemetry',
    ]);
    expect(standIn.calls[0]!.body).toEqual({
      state: 'online',
      firmware: '0.1.0',
      intervalS: 300,
      clock: { ms: 1_000 },
      droppedReadings: 0,
    });
    expect(standIn.calls[0]!.authorization).toBe(
      `Basic ${Buffer.from('SOC230700001:s3cret').toString('base64')}`,
    );
    // Unchanged but for its clock: the next batch goes alone.
    batch(link, 2000);
    await http.deliver();
    expect(standIn.calls.map((c) => c.path).slice(2)).toEqual(['/prod-api/device/v1/telemetry']);
    // The full buffer dropped readings: the new count goes before the next batch.
    dropped = 12;
    batch(link, 3000);
    await http.deliver();
    expect(standIn.calls.map((c) => c.path).slice(3)).toEqual([
      '/prod-api/device/v1/status',
      '/prod-api/device/v1/telemetry',
    ]);
    expect((standIn.calls[3]!.body as unknown as { droppedReadings: number }).droppedReadings).toBe(12);
  });

  it('says the status with no batch waiting: a round in which every poll failed still tells the server why', async () => {
    const standIn = await consoleStandIn(() => 200);
    const { link } = agentLink();
    let timeouts = 0;
    const http = delivery(standIn.url, link, {
      status: () => ({
        firmware: '0.1.0',
        intervalS: 300,
        clock: { ms: 1_000 },
        droppedReadings: 0,
        agent: {
          links: [{ name: 'inverters' }],
          devices: [
            {
              sn: 'SIN000000001',
              link: 'inverters',
              unitId: 1,
              profile: 'sunspec',
              errors: timeouts > 0 ? { timeout: timeouts } : {},
              ...(timeouts > 0 ? { lastError: 'no answer within 2000 ms' } : {}),
            },
          ],
        },
      }),
    });
    await http.deliver();
    expect(standIn.calls.map((c) => c.path)).toEqual(['/prod-api/device/v1/status']);
    // Its polls fail: no reading, no batch, and the changed status goes up alone.
    timeouts = 1;
    await http.deliver();
    expect(standIn.calls.map((c) => c.path)).toEqual(Array(2).fill('/prod-api/device/v1/status'));
    const said = standIn.calls[1]!.body as unknown as {
      agent: { devices: { errors: object; lastError: string }[] };
    };
    expect(said.agent.devices[0]).toMatchObject({
      errors: { timeout: 1 },
      lastError: 'no answer within 2000 ms',
    });
    // Nothing changed: nothing is said.
    await http.deliver();
    expect(standIn.calls).toHaveLength(2);
    expect(link.waiting()).toEqual([]);
  });

  it('keeps a batch the server did not store (401, 503, no server) and sends it again later, nothing doubled', async () => {
    let answer = 503;
    const standIn = await consoleStandIn(() => answer);
    const { link, dir } = agentLink();
    batch(link, 1000);
    batch(link, 2000);
    let now = 0;
    const log: string[] = [];
    const http = delivery(standIn.url, link, {
      log: (l) => log.push(l),
      now: () => now,
    });
    await http.deliver();
    // The first failure stops the round: the second batch is not tried behind a server that cannot store.
    expect(standIn.calls).toHaveLength(1);
    expect(link.waiting().map((b) => b.seq)).toHaveLength(2);
    // Backed off: nothing is tried again within 5 s.
    now = 4_000;
    await http.deliver();
    expect(standIn.calls).toHaveLength(1);
    answer = 401;
    now = 5_000;
    await http.deliver();
    expect(standIn.calls).toHaveLength(2);
    expect(log.at(-1)).toMatch(/refused the collector's serial or secret \(401\)/);
    // The buffer on disk still holds both after a restart.
    expect(new BatchJournal(dir).waiting()).toHaveLength(2);
    answer = 200;
    now = 60_000;
    await http.deliver();
    expect(standIn.calls.slice(2).map((c) => c.body.readings[0]!.ts)).toEqual([1000, 2000]);
    expect(link.waiting()).toEqual([]);
  });

  it('drops a batch the server can never take (400, 413), as an MQTT ack would, and goes on with the next', async () => {
    const standIn = await consoleStandIn((call) => (call.body.readings[0]!.ts === 1000 ? 413 : 200));
    const { link } = agentLink();
    batch(link, 1000);
    batch(link, 2000);
    const log: string[] = [];
    const http = delivery(standIn.url, link, {
      log: (l) => log.push(l),
    });
    await http.deliver();
    expect(standIn.calls).toHaveLength(2);
    expect(link.waiting()).toEqual([]);
    expect(log.join('\n')).toMatch(/refused batch \d+ \(413\)/);
  });

  it('stays idle while MQTT has been down for less than httpAfterS', async () => {
    const standIn = await consoleStandIn(() => 200);
    const { link } = agentLink();
    batch(link, 1000);
    let now = 0;
    const log: string[] = [];
    const http = delivery(standIn.url, link, {
      afterMs: 60_000,
      log: (l) => log.push(l),
      now: () => now,
    });
    now = 59_000;
    await http.deliver();
    expect(standIn.calls).toHaveLength(0);
    now = 60_000;
    await http.deliver();
    expect(standIn.calls).toHaveLength(1);
    expect(log[0]).toMatch(/MQTT unreachable for 60 s: batches go over HTTP/);
  });

  it("works in the service's V8 lite mode, where WebAssembly and with it Node's fetch are off", async () => {
    const standIn = await consoleStandIn(() => 200);
    // The agent's HTTP call in a Node started with the bundle's flags (build.mjs NODE_FLAGS).
    const script = `
      const { postJson } = await import(${JSON.stringify(new URL('../src/run/httpPost.ts', import.meta.url).href)});
      const answer = await postJson(new URL('${standIn.url}/prod-api/device/v1/telemetry'),
        JSON.stringify({ seq: 7, readings: [{ ts: 1 }] }), {}, 10000);
      console.log(typeof WebAssembly, answer.status);`;
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--lite-mode', '--no-expose-wasm', '--import', 'tsx', '--input-type=module', '-e', script],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(text.trim()) : reject(new Error(`exit ${code}`))));
    });
    expect(out).toBe('undefined 200');
  }, 60_000);

  it('logs a round that throws and goes on: the agent does not end on it', async () => {
    const standIn = await consoleStandIn(() => 200);
    const { link } = agentLink();
    batch(link, 1000);
    const lines: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    cleanups.push(() => void process.off('unhandledRejection', onUnhandled));
    // The buffer on disk fails once, as a full or read-only card would.
    const waiting = link.waiting.bind(link);
    let failures = 1;
    link.waiting = () => {
      if (failures-- > 0) throw new Error('EROFS: read-only file system');
      return waiting();
    };
    const http = delivery(standIn.url, link, {
      log: (line) => lines.push(line),
    });
    http.start();
    await expect.poll(() => standIn.calls.length, { timeout: 15_000 }).toBe(1);
    expect(lines.some((l) => l.includes('EROFS'))).toBe(true);
    expect(unhandled).toEqual([]);
  });
});
