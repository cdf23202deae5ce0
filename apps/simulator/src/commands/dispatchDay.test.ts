import { describe, expect, it } from 'vitest';
import { YONGFU_STORAGE, type DispatchSchedule, type DispatchSlot } from '@solarops/contracts';
import { CHARGE_EFFICIENCY, createPlantState, stepPlant } from '../physics/plantModel.ts';
import { SHANGHAI_PLANT } from '../physics/testPlants.ts';
import { CommandResponder } from './CommandResponder.ts';
import { DeviceSettings } from './DeviceSettings.ts';

const plant = SHANGHAI_PLANT;
const hybrid = plant.devices.find((d) => d.kind === 'hybridInverter')!;
if (hybrid.kind !== 'hybridInverter') throw new Error('the test plant has a hybrid inverter');
const battery = hybrid.battery;
const STEP_MS = 300_000;
/** Local midnight (Asia/Shanghai, UTC+8) starting Wednesday 19 June 2024, and the Saturday after. */
const WEDNESDAY = Date.parse('2024-06-18T16:00:00Z');
const SATURDAY = Date.parse('2024-06-21T16:00:00Z');
const START_SOC = 50;

const slot = (
  fromH: number,
  toH: number,
  mode: DispatchSlot['mode'],
  powerW = 0,
  socMin = 10,
  socMax = 95,
): DispatchSlot => ({ start: fromH * 60, end: toH * 60, mode, powerW, socMin, socMax });

/**
 * Sixteen slots of 90 minutes over the day: charging at several powers (one above the battery's own limit),
 * discharging down to a floor reached before the slot ends, a ceiling reached while charging, holds.
 */
const WEEKDAY: DispatchSlot[] = [
  slot(0, 1.5, 'charge', 2000, 10, 90),
  slot(1.5, 3, 'hold'),
  slot(3, 4.5, 'charge', 8000, 10, 90), // above maxChargeW: the battery's bound applies; stops at 90 %
  slot(4.5, 6, 'discharge', 3000, 40, 100),
  slot(6, 7.5, 'discharge', 5000, 20, 100), // reaches its 20 % floor within the slot
  slot(7.5, 9, 'hold'),
  slot(9, 10.5, 'charge', 1000, 10, 95),
  slot(10.5, 12, 'charge', 2500, 10, 95),
  slot(12, 13.5, 'hold'),
  slot(13.5, 15, 'discharge', 1500, 10, 100),
  slot(15, 16.5, 'charge', 4000, 10, 60),
  slot(16.5, 18, 'discharge', 2000, 30, 100),
  slot(18, 19.5, 'discharge', 2500, 15, 100),
  slot(19.5, 21, 'hold'),
  slot(21, 22.5, 'charge', 3000, 10, 70),
  slot(22.5, 24, 'discharge', 1000, 25, 100),
];
const SCHEDULE: DispatchSchedule = { dispatchId: 'DAY-16', weekday: WEEKDAY, weekend: [slot(0, 24, 'hold')] };

/**
 * The SoC a day's slots imply, worked out from the slots, the battery's capacity and its power bounds alone:
 * within a slot the battery charges (at the slot's power, at most the battery's, less the charging loss) up to
 * the slot's ceiling, discharges down to its floor, or holds.
 */
function impliedSoc(slots: readonly DispatchSlot[], startSoc: number, minute: number): number {
  let soc = startSoc;
  for (const s of slots) {
    if (s.start >= minute) break;
    const hours = (Math.min(s.end, minute) - s.start) / 60;
    if (s.mode === 'charge' && soc < s.socMax) {
      const perHour =
        ((Math.min(s.powerW, battery.maxChargeW) * CHARGE_EFFICIENCY) / battery.capacityWh) * 100;
      soc = Math.min(soc + perHour * hours, s.socMax);
    } else if (s.mode === 'discharge' && soc > s.socMin) {
      const perHour = (Math.min(s.powerW, battery.maxDischargeW) / battery.capacityWh) * 100;
      soc = Math.max(soc - perHour * hours, s.socMin);
    }
  }
  return soc;
}

/**
 * Runs the hybrid through one local day from `midnight` in 5-minute steps, with the schedule it was sent as a
 * command, and answers the SoC it reports at each step (its telemetry) and the SoC register a read answers.
 */
function runDay(midnight: number) {
  const settings = DeviceSettings.of({
    // A model of the third vendor's profile: its table holds 24 slots a day.
    model: 'SO-H5K-T',
    ratedPowerW: hybrid.ratedPowerW,
    timeZone: plant.timeZone,
    battery: { capacityWh: battery.capacityWh, nominalVoltageV: battery.nominalVoltageV },
  })!;
  expect(settings.profile).toBe(YONGFU_STORAGE);
  const replies: unknown[] = [];
  const responder = new CommandResponder(new Map([[hybrid.serial, settings]]), (r) => replies.push(r));
  responder.handle({
    cmdId: 'dispatch-1',
    type: 'batteryDispatch',
    target: hybrid.serial,
    args: { schedule: SCHEDULE },
  });
  expect(replies).toEqual([{ cmdId: 'dispatch-1', state: 'accepted' }]);

  const state = createPlantState(plant, { [hybrid.serial]: { batterySoc: START_SOC } });
  const reported: { minute: number; soc: number }[] = [];
  for (let t = midnight; t <= midnight + 86_400_000; t += STEP_MS) {
    state.devices[hybrid.serial]!.controls = settings.controls();
    const r = stepPlant(plant, state, t, { stepMs: STEP_MS }).readings.find(
      (x) => x.serial === hybrid.serial,
    )!;
    if (r.kind !== 'inverter' || !r.battery) throw new Error('the hybrid reports its battery');
    settings.observe(r);
    reported.push({ minute: (t - midnight) / 60_000, soc: r.battery.socPercent });
  }
  return { reported, register: settings.value('batterySocPct') };
}

describe('a dispatch schedule over a simulated day', () => {
  it('is followed by the battery: its reported SoC stays within ±2 % of what the 16 slots imply, all day', () => {
    const { reported, register } = runDay(WEDNESDAY);
    expect(reported).toHaveLength(289);
    for (const { minute, soc } of reported) {
      const implied = impliedSoc(WEEKDAY, START_SOC, minute);
      expect(
        Math.abs(soc - implied),
        `SoC at minute ${minute}: ${soc} %, implied ${implied.toFixed(1)} %`,
      ).toBeLessThanOrEqual(2);
    }
    // The slots' bounds were reached, so the day proves the clamps as well as the rates.
    const at = (hour: number) => reported.find((r) => r.minute === hour * 60)!.soc;
    expect(at(4.5)).toBeCloseTo(90, 0);
    expect(at(7.5)).toBeCloseTo(20, 0);
    // A read of the SoC register answers what the last report said.
    expect(register).toBeCloseTo(reported.at(-1)!.soc, 0);
  });

  it('runs the weekend profile on a Saturday: a hold all day keeps the SoC', () => {
    const { reported } = runDay(SATURDAY);
    for (const { soc } of reported) expect(soc).toBe(START_SOC);
  });
});
