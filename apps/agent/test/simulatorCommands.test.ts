import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandMessage, CommandReply } from '@solarops/contracts';
import { generateDemoFleet, runFleet, withAgentPlant, type RunningFleet } from '@solarops/simulator';
import { CommandDispatcher } from '../src/commands/CommandDispatcher.ts';
import { LinkQueue } from '../src/modbus/LinkQueue.ts';
import { ModbusSerialTransport } from '../src/modbus/transport.ts';
import { DevicePoller } from '../src/run/DevicePoller.ts';

// The demo's agent plant (hybrid inverters, single- and three-phase, and a meter), run by the simulator at noon
// in its zone with its devices on the Modbus TCP face, and the agent's dispatcher acting on them through it.
const { fleet, agent } = withAgentPlant(generateDemoFleet({ seed: 20240601, plants: 3 }));
const plant = fleet.plants.find((p) => p.id === agent!.plantId)!;
const inverter = plant.devices.find((d) => d.kind === 'hybridInverter' && 'ratedPowerW' in d)!;
const ratedPowerW = (inverter as { ratedPowerW: number }).ratedPowerW;
const unitId = agent!.devices.find((d) => d.sn === inverter.serial)!.unitId;
// 04:00 UTC is noon in the plant's zone (Asia/Shanghai); the clock moves on one 5-minute step at a time.
let now = Date.UTC(2026, 5, 15, 4, 0);

let running: RunningFleet;
let queue: LinkQueue;
let poller: DevicePoller;
let dispatcher: CommandDispatcher;
const replies: CommandReply[] = [];

beforeAll(async () => {
  expect(plant.timeZone).toBe('Asia/Shanghai');
  running = await runFleet({
    // Only the agent plant: its collector is the agent, so no MQTT link is made.
    url: 'mqtt://127.0.0.1:1',
    plants: [plant],
    collectors: fleet.collectors
      .filter((c) => c.serial === agent!.collectorSerial)
      .map((c) => ({ ...c, secret: 'x' })),
    agentPlant: agent!,
    now: () => now,
    // No step of its own during the test: the test steps it.
    stepMs: 3_600_000,
  });
  queue = new LinkQueue(
    new ModbusSerialTransport({ kind: 'tcp', host: '127.0.0.1', port: running.modbusPort! }),
    {
      gapMs: 0,
    },
  );
  poller = new DevicePoller(queue, { sn: inverter.serial, unitId }, 60_000, () => undefined);
  dispatcher = new CommandDispatcher(new Map([[inverter.serial, poller]]), (r) => replies.push(r), {
    serial: agent!.collectorSerial,
  });
});
afterAll(async () => {
  dispatcher.stop();
  await queue.close();
  await running.stop();
});

/** Steps the simulation 5 minutes on and reads the inverter's output over Modbus as the agent polls it. */
async function stepAndRead(): Promise<number> {
  now += 300_000;
  running.tick();
  const result = await poller.poll(now);
  if (result.error) throw result.error;
  return result.fields!.acPowerW!;
}

async function send(m: Omit<CommandMessage, 'target'>): Promise<CommandReply[]> {
  dispatcher.handle({ target: inverter.serial, ...m });
  await dispatcher.idle();
  return replies.filter((r) => r.cmdId === m.cmdId);
}

describe("a power limit through the simulator's Modbus face", () => {
  it("is written to the inverter's model 123, read back, and clips its output from the next step on", async () => {
    await stepAndRead();
    const free = await stepAndRead();
    // At noon the inverter gives well above a fifth of its rating.
    expect(free).toBeGreaterThan(ratedPowerW * 0.3);

    // 20 % as the console's settings profile puts it on the wire (40188, in 0.1 %), with a 10-minute revert timer.
    const registers = [
      { address: 40188, type: 'u16', value: 200 },
      { address: 40190, type: 'u16', value: 600 },
    ];
    expect((await send({ cmdId: 'l-1', type: 'writeSettings', args: { registers } }))[0]!.state).toBe(
      'accepted',
    );
    const [readBack] = await send({ cmdId: 'l-1.rb', type: 'readSettings', args: { registers } });
    expect(readBack!.result).toEqual({ registers: { '40188': 200, '40190': 600 } });

    const clipped = await stepAndRead();
    expect(clipped).toBeLessThanOrEqual(ratedPowerW * 0.2 + 1);
    expect(clipped).toBeGreaterThan(0);
  });

  it('is dropped by the inverter when its revert timer runs out without a new write', async () => {
    // Two steps of 5 minutes: past the 10-minute timer (the test's clock, not the agent's re-writes, moves).
    dispatcher.stop();
    await stepAndRead();
    await stepAndRead();
    expect(await stepAndRead()).toBeGreaterThan(ratedPowerW * 0.3);
  });

  it('refuses a power factor out of its range with exception 3, which the command reports', async () => {
    const [reply] = await send({
      cmdId: 'pf-1',
      type: 'writeSettings',
      args: { registers: [{ address: 40193, type: 'u16', value: 500 }] },
    });
    expect(reply).toEqual({
      cmdId: 'pf-1',
      state: 'failed',
      reason: 'the device refused the write: exception 3 (illegal data value)',
    });
  });
});

describe("a reactive power setpoint through the simulator's Modbus face", () => {
  it('is written to 123 VArWMaxPct as a share of the rated power, read back, and one out of range refused', async () => {
    // −12.5 % as the console's settings profile puts it on the wire (40198, in 0.1 %, s16).
    const reactive = (tenths: number) => ({ registers: [{ address: 40198, type: 's16', value: tenths }] });
    expect((await send({ cmdId: 'q-1', type: 'writeSettings', args: reactive(-125) }))[0]!.state).toBe(
      'accepted',
    );
    const [readBack] = await send({ cmdId: 'q-1.rb', type: 'readSettings', args: reactive(-125) });
    expect(readBack!.result).toEqual({ registers: { '40198': -125 } });

    const [refused] = await send({ cmdId: 'q-2', type: 'writeSettings', args: reactive(-1500) });
    expect(refused!.state).toBe('failed');
    const [still] = await send({ cmdId: 'q-2.rb', type: 'readSettings', args: reactive(-125) });
    expect(still!.result).toEqual({ registers: { '40198': -125 } });
  });
});

describe("a disconnect through the simulator's Modbus face", () => {
  it('is asked for by name: the inverter gives nothing from the next step on, until its revert timer runs out', async () => {
    expect(await stepAndRead()).toBeGreaterThan(ratedPowerW * 0.3);
    // Disconnect (40187 = 0) with a 10-minute revert timer (40186), as the console's settings profile puts it.
    const registers = [
      { address: 40186, type: 'u16', value: 600 },
      { address: 40187, type: 'u16', value: 0 },
    ];
    expect((await send({ cmdId: 'c-1', type: 'writeSettings', args: { registers } }))[0]!.state).toBe(
      'accepted',
    );
    const [readBack] = await send({ cmdId: 'c-1.rb', type: 'readSettings', args: { registers } });
    expect(readBack!.result).toEqual({ registers: { '40186': 600, '40187': 0 } });
    expect(await stepAndRead()).toBe(0);
    // Past the timer the inverter connects again by itself.
    await stepAndRead();
    expect(await stepAndRead()).toBeGreaterThan(ratedPowerW * 0.3);
  });
});

describe("a battery's charge and discharge through the simulator's Modbus face (124, 802)", () => {
  /** Steps the simulation on and reads the hybrid's battery power over Modbus (+ charging). */
  async function batteryPowerW(): Promise<number> {
    now += 300_000;
    running.tick();
    const result = await poller.poll(now);
    if (result.error) throw result.error;
    return result.fields!.batteryPowerW!;
  }
  const battery = (inverter as unknown as { battery: { maxDischargeW: number } }).battery;

  it('a discharge rate in force discharges the battery at that share of its largest power; a disconnect holds it', async () => {
    // 30 % discharge rate (40221, 0.1 %) in force (40214: discharge), as the console's settings profile puts them.
    const discharge = [
      { address: 40221, type: 's16', value: 300 },
      { address: 40214, type: 'u16', value: 2 },
    ];
    expect(
      (await send({ cmdId: 's-1', type: 'writeSettings', args: { registers: discharge } }))[0]!.state,
    ).toBe('accepted');
    const [readBack] = await send({ cmdId: 's-1.rb', type: 'readSettings', args: { registers: discharge } });
    expect(readBack!.result).toEqual({ registers: { '40221': 300, '40214': 2 } });
    // The battery holds well above its 10 % reserve at noon: it discharges at 30 % from the step after the write.
    await batteryPowerW();
    expect(Math.abs((await batteryPowerW()) + battery.maxDischargeW * 0.3)).toBeLessThanOrEqual(1);

    // The battery disconnected (802 SetOp 2, at 40332): it neither charges nor discharges.
    const off = [{ address: 40332, type: 'u16', value: 2 }];
    expect((await send({ cmdId: 's-2', type: 'writeSettings', args: { registers: off } }))[0]!.state).toBe(
      'accepted',
    );
    await batteryPowerW();
    expect(await batteryPowerW()).toBe(0);
  });

  it('a rate out of range is refused with exception 3, which the command reports', async () => {
    const [reply] = await send({
      cmdId: 's-3',
      type: 'writeSettings',
      args: { registers: [{ address: 40332, type: 'u16', value: 3 }] },
    });
    expect(reply).toEqual({
      cmdId: 's-3',
      state: 'failed',
      reason: 'the device refused the write: exception 3 (illegal data value)',
    });
  });
});

describe("a limit and a disconnect through the simulator's Modbus face, read before its next step", () => {
  /** Reads the inverter's output over Modbus as the agent polls it, without stepping the simulation on. */
  async function readNow(): Promise<number> {
    const result = await poller.poll(now);
    if (result.error) throw result.error;
    return result.fields!.acPowerW!;
  }

  it('curtail what the inverter gives from the write on, as a real inverter within its ramp time', async () => {
    await stepAndRead();
    expect(await readNow()).toBeGreaterThan(ratedPowerW * 0.3);
    // 20 % (40188, in 0.1 %), without a revert timer, as the remote-settings screen sends a limit alone.
    const limit = [{ address: 40188, type: 'u16', value: 200 }];
    expect((await send({ cmdId: 'n-1', type: 'writeSettings', args: { registers: limit } }))[0]!.state).toBe(
      'accepted',
    );
    // The agent's next poll may come before the simulation's next step: the output already holds the limit.
    const clipped = await readNow();
    expect(clipped).toBeLessThanOrEqual(ratedPowerW * 0.2 + 1);
    expect(clipped).toBeGreaterThan(0);

    // Disconnected (40187 = 0, 10-minute revert timer at 40186): nothing from the write on.
    const off = [
      { address: 40186, type: 'u16', value: 600 },
      { address: 40187, type: 'u16', value: 0 },
    ];
    expect((await send({ cmdId: 'n-2', type: 'writeSettings', args: { registers: off } }))[0]!.state).toBe(
      'accepted',
    );
    expect(await readNow()).toBe(0);
  });
});
