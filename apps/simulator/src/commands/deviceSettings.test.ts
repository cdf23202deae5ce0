import { describe, expect, it } from 'vitest';
import { HYBRID_REGISTER, SUNSPEC_INVERTER, YONGFU_STORAGE, pointOf, toRegister } from '@solarops/contracts';
import { createPlantState, stepPlant } from '../physics/plantModel.ts';
import { SHANGHAI_PLANT } from '../physics/testPlants.ts';
import { CommandResponder } from './CommandResponder.ts';
import { DeviceSettings } from './DeviceSettings.ts';

const reg = (name: string) => pointOf(SUNSPEC_INVERTER, name)!.register;
const raw = (name: string, value: number) => toRegister(pointOf(SUNSPEC_INVERTER, name)!, value);
const NOON = Date.parse('2024-06-21T04:00:00Z'); // 12:00 in Hangzhou, a clear summer noon

describe('a simulated device’s settings', () => {
  const facts = { model: 'SO-10K-T3', ratedPowerW: 10000, timeZone: 'Asia/Shanghai' };

  it('starts at the profile’s factory values, and finds the profile of each demo model', () => {
    const s = DeviceSettings.of(facts)!;
    expect(s.value('activePowerLimitPct')).toBe(100);
    expect(s.value('ratedPowerW')).toBe(10000);
    expect(DeviceSettings.of({ ...facts, model: 'SO-H5K-S' })!.profile).toBe(HYBRID_REGISTER);
    expect(DeviceSettings.of({ ...facts, model: 'SO-H8K-T' })!.profile).toBe(YONGFU_STORAGE);
    expect(DeviceSettings.of({ ...facts, model: 'SO-EM1' })).toBeUndefined();
  });

  it('refuses out-of-range and read-only writes with a reason, changing nothing', () => {
    const s = DeviceSettings.of(facts)!;
    const over = [{ address: reg('activePowerLimitPct'), value: raw('activePowerLimitPct', 120) }];
    expect(s.refusal(over)).toBe('activePowerLimitPct 120 outside 0..100');
    expect(s.refusal([{ address: reg('ratedPowerW'), value: 1 }])).toBe('ratedPowerW is read-only');
    expect(s.refusal([{ address: 1, value: 1 }])).toBe('illegal data address 1');
    expect(s.value('activePowerLimitPct')).toBe(100);
  });

  it('restores the previous value when the revert timer runs out', () => {
    let now = NOON;
    const s = DeviceSettings.of(facts, () => now)!;
    s.write([{ address: reg('activePowerLimitRevertS'), value: 60 }]);
    s.write([{ address: reg('activePowerLimitPct'), value: raw('activePowerLimitPct', 50) }]);
    expect(s.value('activePowerLimitPct')).toBe(50);
    expect(s.revertLeftS()).toEqual({ [String(reg('activePowerLimitPct'))]: 60 });
    now += 61_000;
    expect(s.value('activePowerLimitPct')).toBe(100);
  });

  it('clips the AC power to the limit in the next step, and shows the power factor in reactive power', () => {
    const plant = SHANGHAI_PLANT;
    const inverter = plant.devices[0]!;
    const free = stepPlant(plant, createPlantState(plant), NOON);
    const freeW = free.readings.find((r) => r.serial === inverter.serial)!;
    expect(freeW.kind === 'inverter' && freeW.acPowerW).toBeGreaterThan(6000);

    const s = DeviceSettings.of({ ...facts, ratedPowerW: 10000 })!;
    s.write([{ address: reg('activePowerLimitPct'), value: raw('activePowerLimitPct', 50) }]);
    s.write([{ address: reg('powerFactor'), value: raw('powerFactor', 0.9) }]);
    const state = createPlantState(plant);
    state.devices[inverter.serial]!.controls = s.controls();
    const limited = stepPlant(plant, state, NOON).readings.find((r) => r.serial === inverter.serial)!;
    if (limited.kind !== 'inverter') throw new Error('not an inverter');
    expect(limited.acPowerW).toBe(5000);
    // Its strings move off the maximum power point: DC power just above the AC it converts, not the full
    // array's; the voltage rises towards open circuit and the current falls.
    const dcW = (r: typeof limited) => r.pvStrings.reduce((a, p) => a + p.voltage * p.current, 0);
    if (freeW.kind !== 'inverter') throw new Error('not an inverter');
    expect(dcW(freeW)).toBeGreaterThan(6000);
    expect(dcW(limited)).toBeGreaterThan(5000);
    expect(dcW(limited)).toBeLessThan(5000 / 0.94);
    limited.pvStrings.forEach((p, i) => {
      expect(p.voltage).toBeGreaterThan(freeW.pvStrings[i]!.voltage);
      expect(p.current).toBeLessThan(freeW.pvStrings[i]!.current);
    });
    s.observe(limited);
    // Q = P·tan(acos 0.9) ≈ 0.484·P, over-excited: positive.
    expect(s.value('reactivePowerVar')).toBeCloseTo(5000 * Math.tan(Math.acos(0.9)), -1);
  });

  it('gives nothing while disconnected, and feeds the grid again when its revert timer runs out', () => {
    let now = NOON;
    const plant = SHANGHAI_PLANT;
    const inverter = plant.devices[0]!;
    const s = DeviceSettings.of({ ...facts, ratedPowerW: 10000 }, () => now)!;
    expect(s.value('connection')).toBe(1);
    s.write([{ address: reg('connectionRevertS'), value: 600 }]);
    s.write([{ address: reg('connection'), value: 0 }]);
    const acAt = (timeMs: number) => {
      const state = createPlantState(plant);
      state.devices[inverter.serial]!.controls = s.controls();
      const r = stepPlant(plant, state, timeMs).readings.find((x) => x.serial === inverter.serial)!;
      return r.kind === 'inverter' ? r.acPowerW : undefined;
    };
    expect(acAt(now)).toBe(0);
    now += 601_000;
    expect(s.value('connection')).toBe(1);
    expect(acAt(now)).toBeGreaterThan(6000);
  });

  it('drives the battery by a dispatch schedule: discharging at the slot’s power down to its SoC floor', () => {
    const plant = SHANGHAI_PLANT;
    const hybrid = plant.devices[1]!;
    const s = DeviceSettings.of({
      model: 'SO-H5K-S',
      ratedPowerW: 5000,
      timeZone: plant.timeZone,
      battery: { capacityWh: 10240, nominalVoltageV: 51.2 },
    })!;
    s.schedule = {
      dispatchId: 'T1',
      weekday: [{ start: 0, end: 1440, mode: 'discharge', powerW: 2000, socMin: 20, socMax: 100 }],
      weekend: [{ start: 0, end: 1440, mode: 'discharge', powerW: 2000, socMin: 20, socMax: 100 }],
    };
    const state = createPlantState(plant, { [hybrid.serial]: { batterySoc: 80 } });
    state.devices[hybrid.serial]!.controls = s.controls();
    let soc = 80;
    for (let t = NOON; t <= NOON + 3 * 3_600_000; t += 300_000) {
      const r = stepPlant(plant, state, t).readings.find((x) => x.serial === hybrid.serial)!;
      if (r.kind !== 'inverter' || !r.battery) throw new Error('no battery');
      if (t > NOON) expect(r.battery.powerW).toBeLessThanOrEqual(0);
      soc = r.battery.socPercent;
    }
    // Three hours at 2 kW from 10.24 kWh: about 58.6 % out, floored at 20 %.
    expect(soc).toBeCloseTo(21.4, 0);
  });
});

describe('a simulated collector’s command responder', () => {
  const setup = (dropRate = 0) => {
    const settings = DeviceSettings.of({ model: 'SO-5K-S1', ratedPowerW: 5000, timeZone: 'Asia/Shanghai' })!;
    const replies: unknown[] = [];
    const responder = new CommandResponder(new Map([['DEV1', settings]]), (r) => replies.push(r), {
      dropRate,
      random: () => 0.5,
    });
    return { settings, replies, responder };
  };
  const write = (cmdId: string, value: number) => ({
    cmdId,
    type: 'writeSettings' as const,
    target: 'DEV1',
    args: { registers: [{ address: reg('activePowerLimitPct'), value: raw('activePowerLimitPct', value) }] },
  });

  it('applies a command id at most once and answers a repeat with the same replies', () => {
    const { settings, replies, responder } = setup();
    responder.handle(write('c1', 40));
    settings.write([{ address: reg('activePowerLimitPct'), value: raw('activePowerLimitPct', 70) }]);
    responder.handle(write('c1', 40));
    expect(responder.applied.get('c1')).toBe(1);
    expect(settings.value('activePowerLimitPct')).toBe(70);
    expect(replies).toHaveLength(2);
    expect(replies[0]).toEqual(replies[1]);
  });

  it('acknowledges and drops writes at its drop rate, so that only a read-back tells', () => {
    const { settings, replies, responder } = setup(1);
    responder.handle(write('c2', 40));
    expect(replies[0]).toMatchObject({ cmdId: 'c2', state: 'accepted' });
    expect(settings.value('activePowerLimitPct')).toBe(100);
  });

  it('refuses a command past its expiry', () => {
    const { replies, responder } = setup();
    responder.handle({ ...write('c3', 40), expiresAt: Date.now() - 1 });
    expect(replies[0]).toEqual({ cmdId: 'c3', state: 'failed', reason: 'expired' });
    expect(responder.applied.has('c3')).toBe(false);
  });
});
