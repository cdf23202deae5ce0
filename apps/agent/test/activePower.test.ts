import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLimit, setActivePower, type RegisterAccess } from '../src/commands/activePower.ts';
import { LinkQueue } from '../src/modbus/LinkQueue.ts';
import { ModbusSerialTransport } from '../src/modbus/transport.ts';
import { discoverSunSpec } from '../src/sunspec/discover.ts';
import { ImageServer, loadImage, registerMap, type ServedDevice } from './imageServer.ts';

const UNIT = 126;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * The recorded SMA Sunny Boy served over Modbus TCP, its registers writable as `writes` says, and the agent's
 * queue to it: what a command reaches the inverter through. Gives model 123's address found by discovery.
 */
async function inverter(writes: ServedDevice['writes']) {
  const registers = registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518'));
  const server = new ImageServer([{ unitId: UNIT, registers, writes }]);
  await server.start();
  const queue = new LinkQueue(
    new ModbusSerialTransport({ kind: 'tcp', host: '127.0.0.1', port: server.port }),
    {
      gapMs: 0,
    },
  );
  cleanups.push(
    () => server.stop(),
    () => queue.close(),
  );
  const device = { unitId: UNIT };
  const io: RegisterAccess = {
    read: (address, count) => queue.read(device, address, count),
    write: (address, values) => queue.write(device, address, values),
  };
  const map = await discoverSunSpec(io.read);
  const model123 = map!.models.find((m) => m.id === 123)!.address;
  return { io, registers, model123, server };
}

describe('an active-power limit written to SunSpec model 123 over Modbus TCP', () => {
  it('writes WMaxLimPct in the device scale with its revert timer and WMaxLim_Ena, reads it back: applied', async () => {
    const { io, registers, model123 } = await inverter('store');
    const outcome = await setActivePower(io, model123, { kind: 'limit', percent: 60, revertS: 600 });
    // WMaxLimPct_SF of this inverter is -2 (offset 23): 6000 steps of 0.01 %.
    expect(registers.get(model123 + 23)).toBe(0xfffe);
    expect(outcome).toEqual({
      state: 'applied',
      readBack: { WMaxLimPct: 6000, WMaxLimPct_RvrtTms: 600, WMaxLim_Ena: 1 },
    });
    // On the device: offsets 5, 7 and 9 of model 123 (ID and L first).
    expect(registers.get(model123 + 5)).toBe(6000);
    expect(registers.get(model123 + 7)).toBe(600);
    expect(registers.get(model123 + 9)).toBe(1);
  });

  it('ends failed with the device reason when the device refuses the write, and changes nothing', async () => {
    const { io, registers, model123 } = await inverter({ refuse: 3 });
    const before = registers.get(model123 + 5);
    expect(await setActivePower(io, model123, { kind: 'limit', percent: 60, revertS: 600 })).toEqual({
      state: 'failed',
      reason: 'the device refused the write: exception 3 (illegal data value)',
    });
    expect(registers.get(model123 + 5)).toBe(before);
  });

  it('ends failed when the device takes the write but reads back something else', async () => {
    const { io, model123 } = await inverter('ignore');
    const outcome = await setActivePower(io, model123, { kind: 'limit', percent: 60, revertS: 600 });
    expect(outcome.state).toBe('failed');
    expect(outcome.state === 'failed' && outcome.reason).toMatch(
      /reads back WMaxLimPct \d+ \(written 6000\)/,
    );
  });

  it('never writes a 0 % limit; "disconnect" asked by name writes Conn 0 and reads it back', async () => {
    const { io, registers, model123, server } = await inverter('store');
    const requests = server.requests.length;
    expect(await setActivePower(io, model123, { kind: 'limit', percent: 0 })).toEqual({
      state: 'failed',
      reason:
        'a 0 % limit is not written (some inverters go to standby): ask for "disconnect" to switch it off',
    });
    // Refused before the device was asked anything.
    expect(server.requests.length).toBe(requests);
    expect(await setActivePower(io, model123, { kind: 'disconnect' })).toEqual({
      state: 'applied',
      readBack: { Conn: 0 },
    });
    expect(registers.get(model123 + 4)).toBe(0);
  });
});

describe('a limit with a revert timer', () => {
  it('is written again before half of the timer has passed, until it is stopped', async () => {
    vi.useFakeTimers();
    try {
      let writes = 0;
      const kept = keepLimit(600, async () => writes++);
      // 600 s timer: again at 240 s and 480 s, each before the 300 s half since the write before.
      await vi.advanceTimersByTimeAsync(239_000);
      expect(writes).toBe(0);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(writes).toBe(1);
      await vi.advanceTimersByTimeAsync(240_000);
      expect(writes).toBe(2);
      kept.stop();
      await vi.advanceTimersByTimeAsync(600_000);
      expect(writes).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
