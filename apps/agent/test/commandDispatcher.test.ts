import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileFound, SUNSPEC_INVERTER, type CommandMessage, type CommandReply } from '@solarops/contracts';
import { encodeModel, modelDef, sunspecMap } from '@solarops/contracts/sunspec';
import { CommandDispatcher, type DispatcherOptions } from '../src/commands/CommandDispatcher.ts';
import { controlPlace } from '../src/commands/sunspecSettings.ts';
import { LinkQueue } from '../src/modbus/LinkQueue.ts';
import { ModbusSerialTransport } from '../src/modbus/transport.ts';
import { DevicePoller } from '../src/run/DevicePoller.ts';
import { hybridRegisters } from './hybridRegisters.ts';
import { discoverSunSpec } from '../src/sunspec/discover.ts';
import { ImageServer, loadImage, mapReader, registerMap, type ServedDevice } from './imageServer.ts';

const UNIT = 126;
const SN = 'SIN241800042';
const AGENT = 'SOC230712345';
/** Where the recorded SMA inverter keeps model 123 (its ID register), as its discovery finds it. */
const MODEL_123 = 40343;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * `registers` served over Modbus TCP as unit `unitId` (writes as `writes` says), the agent's poller of it as
 * device SN on its link's queue (read by `profile`, SunSpec when absent), and the dispatcher for it (its re-writes
 * of a limit on `timers` when given), with the replies it sent, the lines it logged and the writes (function 16)
 * the device was sent.
 */
async function dispatcherFor(
  registers: Map<number, number | null>,
  o: {
    unitId: number;
    writes: ServedDevice['writes'];
    profile?: 'hybridRegister';
    timers?: DispatcherOptions['timers'];
    /** Whether the agent's link is up: a reply over a link that is down does not go, as the link throws then. */
    link?: { up: boolean };
  },
) {
  const server = new ImageServer([{ unitId: o.unitId, registers, writes: o.writes }]);
  await server.start();
  const queue = new LinkQueue(
    new ModbusSerialTransport({ kind: 'tcp', host: '127.0.0.1', port: server.port }),
    { gapMs: 0 },
  );
  const poller = new DevicePoller(
    queue,
    { sn: SN, unitId: o.unitId, ...(o.profile ? { profile: o.profile } : {}) },
    60_000,
    () => undefined,
  );
  const replies: CommandReply[] = [];
  const lines: string[] = [];
  const dispatcher = new CommandDispatcher(
    new Map([[SN, poller]]),
    (r) => {
      if (o.link && !o.link.up) throw new Error('the link is gone');
      replies.push(r);
    },
    { serial: AGENT, log: (line) => lines.push(line), ...(o.timers ? { timers: o.timers } : {}) },
  );
  cleanups.push(
    () => server.stop(),
    () => queue.close(),
    () => dispatcher.stop(),
  );
  const send = async (m: Omit<CommandMessage, 'target' | 'args'> & { target?: string; args?: object }) => {
    dispatcher.handle({ target: SN, args: {}, ...m } as CommandMessage);
    await dispatcher.idle();
    return replies.filter((r) => r.cmdId === m.cmdId);
  };
  const writes = () => server.requests.filter((r) => r.fc === 16).map((r) => [r.address, r.count]);
  return { registers, server, send, replies, writes, lines };
}

/**
 * The recorded SMA Sunny Boy at unit UNIT (writes as `writes` says), with the agent's dispatcher for it, over a
 * link that is up while `link.up`, and the lines the dispatcher logged.
 */
async function agentWith(writes: ServedDevice['writes'], link = { up: true }) {
  const registers = registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518'));
  const { server, send, replies, lines } = await dispatcherFor(registers, { unitId: UNIT, writes, link });
  return { registers, server, send, replies, lines };
}

// The console's settings profile (sunspecInverter) on the wire: the active power limit at 40188 in 0.1 %, its
// revert time at 40190 in s, the power factor at 40193 in 0.001.
const limit = (permille: number, revertS?: number) => ({
  registers: [
    { address: 40188, type: 'u16', value: permille },
    ...(revertS === undefined ? [] : [{ address: 40190, type: 'u16', value: revertS }]),
  ],
});

describe('commands from the server carried out on a SunSpec inverter behind the agent', () => {
  it('a power limit goes to model 123 in the device scale with its enable flag, and reads back as the profile says', async () => {
    const { registers, send } = await agentWith('store');
    const [reply] = await send({ cmdId: 'c-1', type: 'writeSettings', args: limit(600, 600) });
    // Before: the recorded inverter had no limit in force (WMaxLimPct 0, its revert timer not implemented).
    expect(reply).toEqual({ cmdId: 'c-1', state: 'accepted', result: { previous: { '40188': 0 } } });
    // On the device: 60 % in its steps of 0.01 % (WMaxLimPct_SF −2), the revert timer, WMaxLim_Ena 1.
    expect(registers.get(MODEL_123 + 5)).toBe(6000);
    expect(registers.get(MODEL_123 + 7)).toBe(600);
    expect(registers.get(MODEL_123 + 9)).toBe(1);
    // The server's read-back of the same registers.
    const [read] = await send({ cmdId: 'c-1.rb', type: 'readSettings', args: limit(600, 600) });
    expect(read).toEqual({
      cmdId: 'c-1.rb',
      state: 'succeeded',
      result: { registers: { '40188': 600, '40190': 600 } },
    });
  });

  it('a power factor goes to OutPFSet in the device scale with OutPFSet_Ena', async () => {
    const { registers, send } = await agentWith('store');
    const [reply] = await send({
      cmdId: 'c-2',
      type: 'writeSettings',
      args: { registers: [{ address: 40193, type: 'u16', value: 950 }] },
    });
    expect(reply!.state).toBe('accepted');
    // OutPFSet_SF of this inverter is −4: 0.95 is 9500.
    expect(registers.get(MODEL_123 + 10)).toBe(9500);
    expect(registers.get(MODEL_123 + 14)).toBe(1);
    const [read] = await send({
      cmdId: 'c-2.rb',
      type: 'readSettings',
      args: { registers: [{ address: 40193, type: 'u16' }] },
    });
    expect(read!.result).toEqual({ registers: { '40193': 950 } });
  });

  it('a reactive power setpoint goes to VArWMaxPct in the device scale, as a share of the rated power, and reads back', async () => {
    const { registers, send } = await agentWith('store');
    // The profile's reactive power at 40198 in 0.1 % (s16): −12.5 % (absorbing), then +20 %.
    const reactive = (tenths: number) => ({ registers: [{ address: 40198, type: 's16', value: tenths }] });
    const [reply] = await send({ cmdId: 'q-1', type: 'writeSettings', args: reactive(-125) });
    expect(reply).toEqual({ cmdId: 'q-1', state: 'accepted', result: { previous: { '40198': 0 } } });
    // VArPct_SF of this inverter is −2: −12.5 % is −1250, in two's complement; VArPct_Mod 1 (of WMax), VArPct_Ena 1.
    expect(registers.get(MODEL_123 + 15)).toBe(0x10000 - 1250);
    expect(registers.get(MODEL_123 + 21)).toBe(1);
    expect(registers.get(MODEL_123 + 22)).toBe(1);
    // The other two percentages between, not implemented on this device, are as it holds them.
    expect([MODEL_123 + 16, MODEL_123 + 17].map((a) => registers.get(a))).toEqual([0x8000, 0x8000]);
    const [read] = await send({ cmdId: 'q-1.rb', type: 'readSettings', args: reactive(-125) });
    expect(read!.result).toEqual({ registers: { '40198': -125 } });
    expect((await send({ cmdId: 'q-2', type: 'writeSettings', args: reactive(200) }))[0]!.state).toBe(
      'accepted',
    );
    expect(registers.get(MODEL_123 + 15)).toBe(2000);
  });

  it('a write the device refuses is failed with its exception, and the image is unchanged', async () => {
    const { registers, send } = await agentWith({ refuse: 3 });
    const before = registers.get(MODEL_123 + 5);
    expect(await send({ cmdId: 'c-3', type: 'writeSettings', args: limit(600) })).toEqual([
      {
        cmdId: 'c-3',
        state: 'failed',
        reason: 'the device refused the write: exception 3 (illegal data value)',
      },
    ]);
    expect(registers.get(MODEL_123 + 5)).toBe(before);
  });

  it('a device that takes the write and does not carry it out is failed with what it reads back', async () => {
    const { send } = await agentWith('ignore');
    const [reply] = await send({ cmdId: 'c-4', type: 'writeSettings', args: limit(600) });
    expect(reply!.state).toBe('failed');
    expect(reply!.reason).toMatch(/reads back WMaxLimPct 0 \(written 6000\)/);
  });

  it('a 0 % limit is never written: failed, naming "disconnect"', async () => {
    const { server, send } = await agentWith('store');
    expect(await send({ cmdId: 'c-5', type: 'writeSettings', args: limit(0) })).toEqual([
      {
        cmdId: 'c-5',
        state: 'failed',
        reason:
          'a 0 % limit is not written (some inverters go to standby): ask for "disconnect" to switch it off',
      },
    ]);
    expect(server.requests.filter((r) => r.fc === 16)).toEqual([]);
  });

  it('connect and disconnect, asked for by name, go to Conn with its revert timer and read back', async () => {
    const { registers, server, send } = await agentWith('store');
    const limitBefore = registers.get(MODEL_123 + 5);
    // The profile's connection at 40187 (1 connect, 0 disconnect) and its revert time at 40186.
    const [connect] = await send({
      cmdId: 'n-1',
      type: 'writeSettings',
      args: { registers: [{ address: 40187, type: 'u16', value: 1 }] },
    });
    // The recorded inverter reads Conn 0 while it feeds the grid: what it said before is passed on as it is.
    expect(connect).toEqual({ cmdId: 'n-1', state: 'accepted', result: { previous: { '40187': 0 } } });
    expect(registers.get(MODEL_123 + 4)).toBe(1);

    const disconnect = {
      registers: [
        { address: 40186, type: 'u16', value: 900 },
        { address: 40187, type: 'u16', value: 0 },
      ],
    };
    const [off] = await send({ cmdId: 'n-2', type: 'writeSettings', args: disconnect });
    expect(off).toEqual({ cmdId: 'n-2', state: 'accepted', result: { previous: { '40187': 1 } } });
    // Conn_RvrtTms and Conn in one request; the limit is left as it was (switching off is no 0 % limit).
    expect(registers.get(MODEL_123 + 3)).toBe(900);
    expect(registers.get(MODEL_123 + 4)).toBe(0);
    expect(registers.get(MODEL_123 + 5)).toBe(limitBefore);
    const writes = server.requests.filter((r) => r.fc === 16);
    expect(writes.at(-1)).toMatchObject({ address: MODEL_123 + 3, count: 2 });
    const [read] = await send({ cmdId: 'n-2.rb', type: 'readSettings', args: disconnect });
    expect(read).toEqual({
      cmdId: 'n-2.rb',
      state: 'succeeded',
      result: { registers: { '40186': 900, '40187': 0 } },
    });
  });

  it('answers every other command with a reason: unknown device, expired, kinds and points it does not carry out', async () => {
    const { send } = await agentWith('store');
    const reasons = async (m: Parameters<typeof send>[0]) => (await send(m)).map((r) => [r.state, r.reason]);
    expect(
      await reasons({ cmdId: 'u-1', type: 'readSettings', target: 'SIN000000001', args: limit(1) }),
    ).toEqual([['failed', 'no device SIN000000001 behind this agent']]);
    expect(await reasons({ cmdId: 'u-2', type: 'writeSettings', args: limit(500), expiresAt: 1 })).toEqual([
      ['failed', 'expired'],
    ]);
    expect(
      await reasons({
        cmdId: 'u-3',
        type: 'writeSettings',
        args: { registers: [{ address: 40300, type: 'u16', value: 2645 }] },
      }),
      // A trip limit (our dataloggers' register 40300) names no SunSpec point: IEEE 1547 trips are curves.
    ).toEqual([['failed', 'register 40300 is no setting this agent knows on a SunSpec device']]);
    expect(await reasons({ cmdId: 'u-4', type: 'batteryDispatch', args: { schedule: {} } })).toEqual([
      ['failed', 'battery schedules are not carried out by the edge agent yet'],
    ]);
    expect(await reasons({ cmdId: 'u-5', type: 'ivScan' })).toEqual([
      ['failed', `no IV tracer reachable on ${SN} through the edge agent`],
    ]);
    expect(await reasons({ cmdId: 'u-6', type: 'firmwareUpgrade', target: AGENT })).toEqual([
      ['failed', 'firmwareUpgrade of the edge agent itself is not carried out by this version'],
    ]);
  });

  it('carries a command id out once: a repeat gets the same answer without a second write', async () => {
    const { server, send, replies } = await agentWith('store');
    await send({ cmdId: 'c-6', type: 'writeSettings', args: limit(700) });
    const writes = () => server.requests.filter((r) => r.fc === 16).length;
    const afterFirst = writes();
    expect(afterFirst).toBe(1);
    await send({ cmdId: 'c-6', type: 'writeSettings', args: limit(700) });
    expect(writes()).toBe(1);
    expect(replies.filter((r) => r.cmdId === 'c-6').map((r) => r.state)).toEqual(['accepted', 'accepted']);
  });

  it('debug reads and writes registers as they are', async () => {
    const { registers, send } = await agentWith('store');
    const [write] = await send({
      cmdId: 'd-1',
      type: 'debug',
      args: { op: 'write', address: MODEL_123 + 5, dataType: 'u16', values: [4200] },
    });
    expect(write).toEqual({ cmdId: 'd-1', state: 'accepted' });
    expect(registers.get(MODEL_123 + 5)).toBe(4200);
    const [read] = await send({
      cmdId: 'd-2',
      type: 'debug',
      args: { op: 'read', address: MODEL_123, count: 2, dataType: 'u16' },
    });
    expect(read).toEqual({ cmdId: 'd-2', state: 'succeeded', result: { values: [123, 24] } });
  });
});

/**
 * The recorded DER simulator (the IEEE 1547 models: 703 enter service at 40277, 704 DER controls at 40296, no
 * model 123) served writable at unit 1, with the dispatcher's re-writes of a limit on a clock the test turns.
 */
async function derAgent() {
  const kept: { run: () => void; everyMs: number }[] = [];
  const timers = {
    setInterval: ((run: () => void, everyMs: number) => {
      kept.push({ run, everyMs });
      return kept.length;
    }) as unknown as typeof setInterval,
    clearInterval: (() => undefined) as typeof clearInterval,
  };
  const registers = registerMap(loadImage('EmulatedDER'));
  const { send, writes } = await dispatcherFor(registers, { unitId: 1, writes: 'store', timers });
  return { registers, send, writes, kept };
}

describe('commands to a device with the DER models (704, 703) instead of model 123', () => {
  it('a power limit goes to 704 WMaxLimPct with its enable flag and revert timer, off when it runs out, kept in force', async () => {
    const { registers, send, writes, kept } = await derAgent();
    const [reply] = await send({ cmdId: 'v-1', type: 'writeSettings', args: limit(600, 600) });
    // Before: 100 % (not enabled) without a revert time, as the recorded device holds them.
    expect(reply).toEqual({
      cmdId: 'v-1',
      state: 'accepted',
      result: { previous: { '40188': 1000, '40190': 0 } },
    });
    // WMaxLimPctEna 1, WMaxLimPct 60 % in its steps of 0.1 % (WMaxLimPct_SF −1), WMaxLimPctEnaRvrt 0 (the limit off
    // when the timer runs out), WMaxLimPctRvrtTms 600 s in two registers: one request.
    expect([40310, 40311, 40313, 40314, 40315].map((a) => registers.get(a))).toEqual([1, 600, 0, 0, 600]);
    expect(writes()).toEqual([[40310, 6]]);
    const [read] = await send({ cmdId: 'v-1.rb', type: 'readSettings', args: limit(600, 600) });
    expect(read!.result).toEqual({ registers: { '40188': 600, '40190': 600 } });
    // Written again every 40 % of the timer, to the same registers of model 704.
    expect(kept.map((k) => k.everyMs)).toEqual([240_000]);
    kept[0]!.run();
    await vi.waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]![0]).toBeGreaterThanOrEqual(40310);
    expect(writes()[1]![0]).toBeLessThanOrEqual(40315);
  });

  it('a power factor goes to 704 PFWInj.PF with PFWInjEna, never writing the read-only registers between them', async () => {
    const { registers, send, writes } = await derAgent();
    const pf = { registers: [{ address: 40193, type: 'u16', value: 950 }] };
    expect((await send({ cmdId: 'v-2', type: 'writeSettings', args: pf }))[0]).toEqual({
      cmdId: 'v-2',
      state: 'accepted',
      result: { previous: { '40193': 900 } },
    });
    expect(registers.get(40355)).toBe(950);
    expect(registers.get(40298)).toBe(1);
    // Two requests: the times remaining and the scale factors between the two points are left alone.
    expect(writes()).toEqual([
      [40298, 1],
      [40355, 1],
    ]);
    expect((await send({ cmdId: 'v-2.rb', type: 'readSettings', args: pf }))[0]!.result).toEqual({
      registers: { '40193': 950 },
    });
  });

  it('disconnect and connect, asked for by name, are 703 ES (permit service); a time 704 has not is refused', async () => {
    const { registers, send, writes } = await derAgent();
    const connection = (value: number) => ({ registers: [{ address: 40187, type: 'u16', value }] });
    expect((await send({ cmdId: 'v-3', type: 'writeSettings', args: connection(0) }))[0]).toEqual({
      cmdId: 'v-3',
      state: 'accepted',
      result: { previous: { '40187': 1 } },
    });
    expect(registers.get(40279)).toBe(0);
    expect((await send({ cmdId: 'v-3.rb', type: 'readSettings', args: connection(0) }))[0]!.result).toEqual({
      registers: { '40187': 0 },
    });
    expect((await send({ cmdId: 'v-4', type: 'writeSettings', args: connection(1) }))[0]!.state).toBe(
      'accepted',
    );
    expect(registers.get(40279)).toBe(1);
    const before = writes().length;
    // The limit's window time (40189) has no counterpart in model 704.
    const [window] = await send({
      cmdId: 'v-5',
      type: 'writeSettings',
      args: { registers: [{ address: 40189, type: 'u16', value: 30 }] },
    });
    expect(window).toEqual({
      cmdId: 'v-5',
      state: 'failed',
      reason:
        "activePowerLimitWindowS (SunSpec 123 WMaxLimPct_WinTms) has no counterpart in the device's DER controls (model 704)",
    });
    expect(writes()).toHaveLength(before);
  });
});

describe('what the settings screen offers a device behind the agent is what the agent writes', () => {
  it('the enter-service delay goes to 703 ESDlyTms (two registers) and reads back', async () => {
    const { registers, send, writes } = await derAgent();
    // The profile's enter-service delay, 40310 in whole seconds; the recorded device holds 300 s.
    const delay = (s: number) => ({ registers: [{ address: 40310, type: 'u16', value: s }] });
    expect((await send({ cmdId: 'e-1', type: 'writeSettings', args: delay(120) }))[0]).toEqual({
      cmdId: 'e-1',
      state: 'accepted',
      result: { previous: { '40310': 300 } },
    });
    // ESDlyTms is a uint32 at 40286 (703's ID register at 40277): one request of its two registers, nothing else.
    expect([40286, 40287].map((a) => registers.get(a))).toEqual([0, 120]);
    expect(writes()).toEqual([[40286, 2]]);
    // Its neighbours, the random and ramp delays, are as recorded.
    expect([40288, 40289, 40290, 40291].map((a) => registers.get(a))).toEqual([0, 100, 0, 60]);
    expect((await send({ cmdId: 'e-1.rb', type: 'readSettings', args: delay(120) }))[0]!.result).toEqual({
      registers: { '40310': 120 },
    });
  });

  it('on the recorded DER device (701-714) every writable point offered is written, and no trip limit is offered', async () => {
    // The models as the agent's discovery finds them on the recording.
    const found = await discoverSunSpec(mapReader(registerMap(loadImage('EmulatedDER'))));
    const models = found!.models.map((m) => m.id);
    expect(models).toEqual(expect.arrayContaining([703, 704, 706, 707, 708, 709, 710]));
    const offered = profileFound(SUNSPEC_INVERTER, models).points.filter((p) => p.access === 'rw');
    expect(offered.map((p) => p.name)).toEqual([
      'connection',
      'activePowerLimitPct',
      'activePowerLimitRevertS',
      'powerFactor',
      'powerFactorRevertS',
      'enterServiceDelayS',
    ]);
    for (const p of offered) expect(controlPlace(p, models), p.name).toHaveProperty('model');
  });

  it('on the recorded SMA inverter (123) every writable point offered is written, the reactive power too', async () => {
    const found = await discoverSunSpec(
      mapReader(registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518'))),
    );
    const models = found!.models.map((m) => m.id);
    const offered = profileFound(SUNSPEC_INVERTER, models).points.filter((p) => p.access === 'rw');
    expect(offered.map((p) => p.name)).toContain('reactivePowerPct');
    for (const p of offered) expect(controlPlace(p, models), p.name).toHaveProperty('model');
  });
});

/**
 * A battery's SunSpec image (common model at 40002, storage 124 at 40070, battery 802 at 40096) as the official
 * definitions lay it out, served over Modbus TCP (writes as `writes` says), with the agent's dispatcher for it.
 */
async function batteryAgent(writes: ServedDevice['writes']) {
  const registers = new Map<number, number | null>(
    sunspecMap([
      encodeModel(modelDef(1)!, { points: { Mn: 'Maker', Md: 'Storage 10', SN: 'BAT-0001' } }),
      encodeModel(modelDef(124)!, {
        points: {
          WChaMax: 5000,
          WChaGra: 100,
          WDisChaGra: 100,
          StorCtl_Mod: 0,
          MinRsvPct: 10,
          OutWRte: 100,
          InWRte: 100,
          InOutWRte_WinTms: 0,
          InOutWRte_RvrtTms: 0,
          InOutWRte_RmpTms: 0,
          WChaMax_SF: 0,
          WChaDisChaGra_SF: 0,
          MinRsvPct_SF: 0,
          InOutWRte_SF: -1,
        },
      }),
      encodeModel(modelDef(802)!, {
        points: {
          AHRtg: 200,
          WHRtg: 10000,
          WChaRteMax: 5000,
          WDisChaRteMax: 5000,
          SocRsvMax: 95,
          SoCRsvMin: 10,
          SoC: 55,
          SetOp: 1,
          AHRtg_SF: 0,
          WHRtg_SF: 0,
          WChaDisChaMax_SF: 0,
          SoC_SF: 0,
        },
      }),
    ]),
  );
  const { send, writes: writesDone } = await dispatcherFor(registers, { unitId: 1, writes });
  return { registers, send, writesDone };
}

describe('battery charge and discharge: SunSpec storage (124) and battery (802)', () => {
  // The settings profile's charge rate (40222, 0.1 %), which rate is in force (40214) and the rates' revert time.
  const charge = {
    registers: [
      { address: 40222, type: 's16', value: 500 },
      { address: 40214, type: 'u16', value: 1 },
      { address: 40224, type: 'u16', value: 600 },
    ],
  };

  it('a charge rate goes to 124 InWRte in the device scale with StorCtl_Mod and its revert time, read back', async () => {
    const { registers, send, writesDone } = await batteryAgent('store');
    expect(await send({ cmdId: 'b-1', type: 'writeSettings', args: charge })).toEqual([
      { cmdId: 'b-1', state: 'accepted', result: { previous: { '40222': 1000, '40214': 0, '40224': 0 } } },
    ]);
    // InWRte 50 % in steps of 0.1 % (InOutWRte_SF −1), StorCtl_Mod CHARGE, InOutWRte_RvrtTms 600 s; the
    // charge state between StorCtl_Mod and the rates is read-only and never written.
    expect([40083, 40075, 40085].map((a) => registers.get(a))).toEqual([500, 1, 600]);
    expect(writesDone()).toEqual([
      [40075, 1],
      [40083, 3],
    ]);
    const [read] = await send({ cmdId: 'b-1.rb', type: 'readSettings', args: charge });
    expect(read!.result).toEqual({ registers: { '40222': 500, '40214': 1, '40224': 600 } });
  });

  it("the battery's reserve and disconnect go to 802 SoCRsvMin and SetOp", async () => {
    const { registers, send } = await batteryAgent('store');
    const reserve = {
      registers: [
        { address: 40330, type: 'u16', value: 200 },
        { address: 40332, type: 'u16', value: 2 },
      ],
    };
    expect(await send({ cmdId: 'b-2', type: 'writeSettings', args: reserve })).toEqual([
      { cmdId: 'b-2', state: 'accepted', result: { previous: { '40330': 100, '40332': 1 } } },
    ]);
    expect([40106, 40146].map((a) => registers.get(a))).toEqual([20, 2]);
    expect((await send({ cmdId: 'b-2.rb', type: 'readSettings', args: reserve }))[0]!.result).toEqual({
      registers: { '40330': 200, '40332': 2 },
    });
  });

  it("a write the device refuses ends failed with the device's reason, and nothing changes", async () => {
    const { registers, send } = await batteryAgent({ refuse: 3 });
    expect(await send({ cmdId: 'b-3', type: 'writeSettings', args: charge })).toEqual([
      {
        cmdId: 'b-3',
        state: 'failed',
        reason: 'the device refused the write: exception 3 (illegal data value)',
      },
    ]);
    expect(registers.get(40083)).toBe(1000);
  });

  it('on the recorded inverter, whose 124 gives no scale for its rates and which has no 802, nothing is written', async () => {
    const { server, send } = await agentWith('store');
    expect(await send({ cmdId: 'b-4', type: 'writeSettings', args: charge })).toEqual([
      { cmdId: 'b-4', state: 'failed', reason: 'the device gives no scale for InWRte' },
    ]);
    const [reserve] = await send({
      cmdId: 'b-5',
      type: 'writeSettings',
      args: { registers: [{ address: 40330, type: 'u16', value: 200 }] },
    });
    expect(reserve).toMatchObject({ state: 'failed', reason: 'the device has no SunSpec model 802' });
    // A power limit (model 123, which it takes) asked together with the charge rate: neither is written.
    const both = { registers: [...limit(600).registers, ...charge.registers] };
    expect(await send({ cmdId: 'b-6', type: 'writeSettings', args: both })).toEqual([
      { cmdId: 'b-6', state: 'failed', reason: 'the device gives no scale for InWRte' },
    ]);
    expect(server.requests.filter((r) => r.fc === 16)).toEqual([]);
  });
});

describe('commands to a device read by its register profile', () => {
  it("writes the profile's own registers and reads them back; a register outside its profile is refused", async () => {
    const { registers, server, send } = await dispatcherFor(hybridRegisters(), {
      unitId: 1,
      writes: 'store',
      profile: 'hybridRegister',
    });
    // The hybridRegister profile's export limit (register 143, W).
    const exportLimit = { registers: [{ address: 143, type: 'u16', value: 3000 }] };
    expect(await send({ cmdId: 'h-1', type: 'writeSettings', args: exportLimit })).toEqual([
      { cmdId: 'h-1', state: 'accepted', result: { previous: { '143': 0 } } },
    ]);
    expect(registers.get(143)).toBe(3000);
    expect((await send({ cmdId: 'h-1.rb', type: 'readSettings', args: exportLimit }))[0]!.result).toEqual({
      registers: { '143': 3000 },
    });
    // The SunSpec inverter profile's power limit address is no register of this device's map.
    const [stranger] = await send({ cmdId: 'h-2', type: 'writeSettings', args: limit(500) });
    expect(stranger).toEqual({
      cmdId: 'h-2',
      state: 'failed',
      reason: `register 40188 is no writable point of hybridRegister, the profile ${SN} is read by`,
    });
    expect(server.requests.filter((r) => r.fc === 16)).toHaveLength(1);
  });
});

describe('the dispatcher itself', () => {
  it('a write whose accepted reply could not be sent is answered accepted again when the server repeats it, never failed', async () => {
    const link = { up: false };
    const { registers, send, lines } = await agentWith('store', link);
    // The limit goes into the device, and its reply finds the link gone.
    expect(await send({ cmdId: 'r-1', type: 'writeSettings', args: limit(600) })).toEqual([]);
    expect(registers.get(MODEL_123 + 5)).toBe(6000);
    // The server, having heard nothing, sends the command again once the link is back: the write is in the device.
    link.up = true;
    expect(await send({ cmdId: 'r-1', type: 'writeSettings', args: limit(600) })).toEqual([
      { cmdId: 'r-1', state: 'accepted', result: { previous: { '40188': 0 } } },
    ]);
    expect(lines).toEqual([
      'r-1: accepted not sent (the link is gone); sent again when the server repeats the command',
    ]);
  });

  it('logs a reply that cannot be sent, and carries out the next command of the device after it', async () => {
    const lines: string[] = [];
    const replies: CommandReply[] = [];
    let linkDown = true;
    const dispatcher = new CommandDispatcher(
      new Map(),
      (r) => {
        if (linkDown) throw new Error('the link is gone');
        replies.push(r);
      },
      { serial: AGENT, log: (line) => lines.push(line) },
    );
    const command = (cmdId: string): CommandMessage => ({
      cmdId,
      type: 'reboot',
      target: 'SIN000000009',
      args: {},
    });
    dispatcher.handle(command('x-1'));
    await dispatcher.idle();
    expect(lines).toEqual([
      'x-1: failed not sent (the link is gone); sent again when the server repeats the command',
    ]);
    linkDown = false;
    dispatcher.handle(command('x-2'));
    await dispatcher.idle();
    expect(replies).toEqual([
      { cmdId: 'x-2', state: 'failed', reason: 'no device SIN000000009 behind this agent' },
    ]);
  });
});
