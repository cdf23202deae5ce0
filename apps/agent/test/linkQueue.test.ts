import { afterEach, describe, expect, it } from 'vitest';
import { DeviceBackedOffError, LinkQueue, type LinkQueueOptions } from '../src/modbus/LinkQueue.ts';
import { ModbusError, ModbusSerialTransport } from '../src/modbus/transport.ts';
import { DevicePoller, type PollResult } from '../src/run/DevicePoller.ts';
import { ImageServer, loadImage, registerMap, type ServedDevice } from './imageServer.ts';

const SMA = registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518'));
const DER = registerMap(loadImage('EmulatedDER'));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve(devices: ServedDevice[], faults = {}): Promise<ImageServer> {
  const server = new ImageServer(devices, faults);
  await server.start();
  cleanups.push(() => server.stop());
  return server;
}

function link(server: ImageServer, options: LinkQueueOptions = {}): LinkQueue {
  const queue = new LinkQueue(
    new ModbusSerialTransport({ kind: 'tcp', host: '127.0.0.1', port: server.port }),
    {
      gapMs: 5,
      retryBackoffMs: 20,
      ...options,
    },
  );
  cleanups.push(() => queue.close());
  return queue;
}

describe('a link queue over Modbus TCP', () => {
  it('reads registers, one request in flight at a time with the gap between them', async () => {
    const server = await serve([{ unitId: 1, registers: SMA }], { delayMs: 20 });
    const queue = link(server, { gapMs: 30 });
    const reads = [0, 1, 2, 3].map((i) => queue.read({ unitId: 1 }, 40000 + i * 10, 10));
    const answers = await Promise.all(reads);
    expect(answers[0]!.slice(0, 2)).toEqual([0x5375, 0x6e53]);
    expect(answers.map((a) => a.length)).toEqual([10, 10, 10, 10]);
    // Each request arrived after the previous answer (20 ms) and the gap (30 ms).
    const at = server.requests.map((r) => r.at);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(45);
  });

  it('refuses a read of more than 125 registers before it reaches the device', async () => {
    const server = await serve([{ unitId: 1, registers: SMA }]);
    await expect(link(server).read({ unitId: 1 }, 40000, 126)).rejects.toThrow(/1 to 125/);
    expect(server.requests).toHaveLength(0);
  });

  it('times out an answer slower than the device timeout, then reads the right registers once it is fast again', async () => {
    const server = await serve([{ unitId: 1, registers: SMA }], { delayMs: 400 });
    const queue = link(server, { retries: 1 });
    const err = await queue.read({ unitId: 1, timeoutMs: 100 }, 40000, 2).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModbusError);
    expect((err as ModbusError).failure).toBe('timeout');
    server.faults.delayMs = 0;
    // The late answers of the timed-out requests (SunS) must not be taken for this one.
    await new Promise((r) => setTimeout(r, 500));
    expect(await queue.read({ unitId: 1, timeoutMs: 1000 }, 40002, 2)).toEqual([1, 66]);
  });

  it('retries a busy device (exception 6) with back-off and gets the answer', async () => {
    const server = await serve([{ unitId: 1, registers: SMA }], { exception: { code: 6, count: 2 } });
    const queue = link(server, { retries: 2 });
    expect(await queue.read({ unitId: 1 }, 40002, 2)).toEqual([1, 66]);
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on a device failure (exception 4) at once instead of retrying it', async () => {
    const server = await serve([{ unitId: 1, registers: SMA }], { exception: { code: 4, count: 1 } });
    const queue = link(server);
    const err = (await queue.read({ unitId: 1 }, 40002, 2).catch((e: unknown) => e)) as ModbusError;
    expect(err.exceptionCode).toBe(4);
    expect(server.requests).toHaveLength(1);
    expect(await queue.read({ unitId: 1 }, 40002, 2)).toEqual([1, 66]);
  });

  it('reconnects after the device drops the connection', async () => {
    const server = await serve([{ unitId: 1, registers: SMA }]);
    const queue = link(server, { timeoutMs: 300 });
    expect(await queue.read({ unitId: 1 }, 40002, 2)).toEqual([1, 66]);
    server.faults.drop = { count: 1 };
    expect(await queue.read({ unitId: 1 }, 40002, 2)).toEqual([1, 66]);
    server.dropConnections();
    expect(await queue.read({ unitId: 1 }, 40002, 2)).toEqual([1, 66]);
    expect(queue.stats.reconnects).toBeGreaterThanOrEqual(3);
  });

  it('reads RTU frames over TCP (an RS-485 to Ethernet converter) through the same queue', async () => {
    const server = new ImageServer([{ unitId: 2, registers: SMA }], {}, 'rtu');
    await server.start();
    cleanups.push(() => server.stop());
    const queue = new LinkQueue(
      new ModbusSerialTransport({ kind: 'rtuOverTcp', host: '127.0.0.1', port: server.port }),
      { gapMs: 5, retryBackoffMs: 20, timeoutMs: 1000 },
    );
    cleanups.push(() => queue.close());
    // The SunS marker and the common model's header, then a refused register as exception 2.
    expect(await queue.read({ unitId: 2 }, 40000, 4)).toEqual([0x5375, 0x6e53, 1, 66]);
    await expect(queue.read({ unitId: 2 }, 10, 1)).rejects.toMatchObject({ exceptionCode: 2 });
    expect(await queue.read({ unitId: 2 }, 40002, 2)).toEqual([1, 66]);
  });

  it('reads every device of a link over one connection, where a second client is refused', async () => {
    const server = await serve(
      [
        { unitId: 1, registers: SMA },
        { unitId: 2, registers: DER },
      ],
      { singleClient: true },
    );
    const queue = link(server);
    const [a, b] = await Promise.all([
      queue.read({ unitId: 1 }, 40002, 2),
      queue.read({ unitId: 2 }, 40002, 2),
    ]);
    expect([a, b]).toEqual([
      [1, 66],
      [1, 66],
    ]);
    // Another client (a second agent, a home-automation box) is refused while ours holds the connection.
    const other = link(server, { retries: 0 });
    const err = (await other
      .read({ unitId: 1, timeoutMs: 300 }, 40002, 2)
      .catch((e: unknown) => e)) as ModbusError;
    expect(err).toBeInstanceOf(ModbusError);
    expect(server.refusedConnections).toBeGreaterThanOrEqual(1);
    expect(await queue.read({ unitId: 1 }, 40002, 2)).toEqual([1, 66]);
  });

  it('backs a dead device off while the live device on the same link keeps its poll interval within 10 %', async () => {
    const server = await serve([
      { unitId: 1, registers: SMA },
      { unitId: 2, registers: DER, dead: true },
    ]);
    const queue = link(server, { retries: 1, deadAfter: 2, deadBackoffMs: 60_000 });
    const intervalMs = 2000;
    const results: PollResult[] = [];
    const live = new DevicePoller(queue, { sn: 'SIN000000001', unitId: 1 }, intervalMs, (r) =>
      results.push(r),
    );
    const dead = new DevicePoller(queue, { sn: 'SIN000000002', unitId: 2, timeoutMs: 100 }, intervalMs, (r) =>
      results.push(r),
    );
    dead.start();
    live.start();
    cleanups.push(async () => {
      live.stop();
      dead.stop();
    });
    await new Promise((r) => setTimeout(r, intervalMs * 5 + 1000));
    const liveReads = results.filter((r) => r.sn === 'SIN000000001');
    expect(liveReads.length).toBeGreaterThanOrEqual(5);
    expect(liveReads.every((r) => r.fields?.acPowerW === 3680)).toBe(true);
    // The live device's polls reach it every interval: the first request of each poll, measured at the server.
    // (Model 101's read; discovery, at the first poll only, reads its two header registers. That first poll shares the
    // link with the dead device's first timeouts, before it is backed off: the interval counts from the second.)
    const firstOfPoll = server.requests
      .filter((r) => r.unitId === 1 && r.address === 40185 && r.count > 2)
      .slice(1);
    const gaps = firstOfPoll.slice(1).map((r, i) => r.at - firstOfPoll[i]!.at);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    for (const gap of gaps) expect(Math.abs(gap - intervalMs)).toBeLessThanOrEqual(intervalMs * 0.1);
    // The dead device was backed off: its polls fail at once without asking the link.
    const deadResults = results.filter((r) => r.sn === 'SIN000000002');
    expect(deadResults.at(-1)?.error).toBeInstanceOf(DeviceBackedOffError);
    expect(server.requests.filter((r) => r.unitId === 2).length).toBeLessThanOrEqual(4);
  }, 30_000);

  it('says for each device what discovery found, and counts its failed polls by kind for the status', async () => {
    const server = await serve([
      { unitId: 1, registers: SMA },
      { unitId: 2, registers: DER, dead: true },
    ]);
    // One link that backs a silent device off after its first timeout, one that keeps asking it.
    const backingOff = link(server, { retries: 0, deadAfter: 1, deadBackoffMs: 60_000 });
    const asking = link(server, { retries: 0, deadAfter: 100 });
    const live = new DevicePoller(backingOff, { sn: 'SIN000000001', unitId: 1 }, 60_000, () => undefined);
    const target = { sn: 'SIN000000002', unitId: 2, timeoutMs: 100 };
    const backedOff = new DevicePoller(backingOff, target, 60_000, () => undefined);
    const silent = new DevicePoller(asking, target, 60_000, () => undefined);
    for (let i = 0; i < 2; i++) await Promise.all([live.poll(), backedOff.poll(), silent.poll()]);

    const found = live.report('inverters');
    expect(found).toMatchObject({
      sn: 'SIN000000001',
      link: 'inverters',
      unitId: 1,
      profile: 'sunspec',
      errors: {},
    });
    expect(found.identity?.manufacturer).toBe('SMA');
    expect(found.models).toEqual(expect.arrayContaining([1, 101, 120, 160]));
    expect(found.lastError).toBeUndefined();
    // A device that never answers: each poll fails on no answer, or, once backed off, without asking the link.
    const timedOut = silent.report('rs485');
    expect(timedOut.errors).toEqual({ timeout: 2 });
    expect(timedOut.lastError).toBeDefined();
    expect(timedOut.identity).toBeUndefined();
    expect(timedOut.models).toBeUndefined();
    const skipped = backedOff.report('inverters');
    expect(skipped.errors).toEqual({ backedOff: 2 });
    expect(skipped.lastError).toMatch(/^unit 2 does not answer; backed off until /);
    // The link's round trip of its answered requests.
    expect(backingOff.stats.latencyMs).toBeGreaterThan(0);
  }, 30_000);
});
