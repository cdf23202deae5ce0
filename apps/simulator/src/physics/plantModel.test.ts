import { describe, expect, it } from 'vitest';
import { faultCodeOf } from '@solarops/contracts';
import { startFault } from './faultInjector.ts';
import { createPlantState, stepPlant } from './plantModel.ts';
import type { DeviceReading, InverterReading, MeterReading, PlantState } from './plantModel.ts';
import { isInverter, type InverterDescription, type PlantDescription } from './plantDescription.ts';
import { generateDemoFleet } from './demoFleet.ts';
import { stringLayouts } from './inverterOutput.ts';
import { hashString } from './random.ts';
import { plantWeather } from './plantWeather.ts';
import { NEW_YORK_PLANT, SHANGHAI_PLANT, SYDNEY_PLANT, testPlant } from './testPlants.ts';

const MIN5 = 300_000;
const HOUR = 3_600_000;

function inverters(readings: DeviceReading[]): InverterReading[] {
  return readings.filter((r): r is InverterReading => r.kind === 'inverter');
}

function run(
  plant: PlantDescription,
  fromMs: number,
  toMs: number,
  state: PlantState = createPlantState(plant),
) {
  const steps: { timeMs: number; readings: DeviceReading[] }[] = [];
  for (let t = fromMs; t <= toMs; t += MIN5)
    steps.push({ timeMs: t, readings: stepPlant(plant, state, t).readings });
  return { steps, state };
}

/** First UTC instant of solar noon on a clear day within two months from `startMs`. */
function clearNoon(plant: PlantDescription, startMs: number): number {
  for (let d = 0; d < 60; d++) {
    // Local solar noon ≈ 12:00 − longitude/15 h UTC.
    const t = startMs + d * 86_400_000 + (12 - plant.longitude / 15) * HOUR;
    const w = plantWeather(plant, t);
    if (w.cloudiness < 0.05) return Math.round(t / MIN5) * MIN5;
  }
  throw new Error('no clear day found');
}

describe('power follows the sun', () => {
  const cases: [string, PlantDescription, number][] = [
    ['northern hemisphere, June', SHANGHAI_PLANT, Date.UTC(2024, 5, 1)],
    ['southern hemisphere, December', SYDNEY_PLANT, Date.UTC(2024, 11, 1)],
  ];
  it.each(cases)('%s: near capacity at clear noon, zero at night', (_label, plant, start) => {
    const noon = clearNoon(plant, start);
    const state = createPlantState(plant);
    const atNoon = inverters(stepPlant(plant, state, noon).readings);
    const string = atNoon.find((r) => r.deviceKind === 'stringInverter');
    // 12 kWp on a 10 kW inverter: a clear noon reaches the AC rating or close to it.
    expect(string?.acPowerW).toBeGreaterThan(0.8 * 10000);
    const acTotal = atNoon.reduce((a, r) => a + r.acPowerW, 0);
    expect(acTotal).toBeGreaterThan(0.7 * Math.min(plant.capacityW, 15000));
    const midnight = noon + 12 * HOUR;
    const atNight = inverters(stepPlant(plant, state, midnight).readings);
    for (const r of atNight) {
      expect(r.acPowerW).toBe(0);
      expect(r.pvStrings.every((s) => s.current === 0)).toBe(true);
    }
    expect(atNight.find((r) => r.deviceKind === 'stringInverter')?.status).toBe('standby');
  });

  it('gives equator-facing plants more power at noon than at 9:00 solar time', () => {
    const noon = clearNoon(SYDNEY_PLANT, Date.UTC(2024, 11, 1));
    const s = createPlantState(SYDNEY_PLANT);
    const morning = inverters(stepPlant(SYDNEY_PLANT, s, noon - 3 * HOUR).readings)[0]?.acPowerW ?? 0;
    const midday = inverters(stepPlant(SYDNEY_PLANT, s, noon).readings)[0]?.acPowerW ?? 0;
    expect(midday).toBeGreaterThan(morning);
  });
});

describe('inverter clipping', () => {
  it('never exceeds the AC rating, even at DC/AC 1.8', () => {
    const plant = testPlant(
      { id: 'clip', latitude: 30.27, longitude: 120.15, timeZone: 'Asia/Shanghai' },
      1.8,
    );
    const { steps } = run(plant, Date.UTC(2024, 5, 1), Date.UTC(2024, 5, 4));
    let clippedSeen = false;
    for (const { readings } of steps)
      for (const r of inverters(readings)) {
        const rated = plant.devices.find((d) => d.serial === r.serial);
        const ratedPowerW = rated && 'ratedPowerW' in rated ? rated.ratedPowerW : 0;
        expect(r.acPowerW).toBeLessThanOrEqual(ratedPowerW);
        if (r.acPowerW >= ratedPowerW * 0.999) clippedSeen = true;
      }
    expect(clippedSeen).toBe(true);
  });
});

describe('energy counters', () => {
  it('energy today is the trapezoidal integral of AC power over the local day', () => {
    // Local day 2024-06-10 in Shanghai: 2024-06-09T16:00Z .. 2024-06-10T16:00Z.
    const { steps } = run(SHANGHAI_PLANT, Date.UTC(2024, 5, 9, 16), Date.UTC(2024, 5, 10, 15, 55));
    const serial = SHANGHAI_PLANT.devices[0]?.serial;
    const series = steps.map((s) => inverters(s.readings).find((r) => r.serial === serial));
    let integral = 0;
    for (let i = 1; i < series.length; i++)
      integral += ((((series[i - 1]?.acPowerW ?? 0) + (series[i]?.acPowerW ?? 0)) / 2) * (5 / 60)) / 1000;
    const last = series[series.length - 1];
    expect(integral).toBeGreaterThan(10);
    // Readings are rounded to 0.1 W: allow that rounding over 288 steps.
    expect(Math.abs((last?.energyTodayKwh ?? 0) - integral)).toBeLessThan(0.01);
    expect(last?.energyTotalKwh).toBeCloseTo(last?.energyTodayKwh ?? NaN, 2);
  });

  const resets: [string, PlantDescription, number][] = [
    ['UTC+8 (Asia/Shanghai): midnight is 16:00 UTC', SHANGHAI_PLANT, Date.UTC(2024, 0, 15, 16)],
    ['UTC−5 (America/New_York, January): midnight is 05:00 UTC', NEW_YORK_PLANT, Date.UTC(2024, 0, 15, 5)],
  ];
  it.each(resets)('resets energy today at local midnight, %s', (_label, plant, midnightUtc) => {
    const state = createPlantState(plant);
    const { steps } = run(plant, midnightUtc - 20 * HOUR, midnightUtc + HOUR, state);
    const serial = plant.devices[0]?.serial;
    const at = (t: number) =>
      inverters(steps.find((s) => s.timeMs === t)?.readings ?? []).find((r) => r.serial === serial);
    const before = at(midnightUtc - MIN5);
    const after = at(midnightUtc);
    expect(before?.energyTodayKwh).toBeGreaterThan(1);
    expect(after?.energyTodayKwh).toBe(0);
    expect(after?.energyTotalKwh).toBeCloseTo(before?.energyTotalKwh ?? NaN, 6);
    expect(state.devices[serial ?? '']?.dayKey).toMatch(/^2024-01-1[56]$/);
  });

  it('the meter counts import and export and never goes backwards', () => {
    // An almost empty battery, so that the night load is drawn from the grid.
    const state = createPlantState(SHANGHAI_PLANT, { SHBcn2: { batterySoc: 11 } });
    const { steps } = run(SHANGHAI_PLANT, Date.UTC(2024, 5, 9, 16), Date.UTC(2024, 5, 10, 16), state);
    const meters = steps.flatMap((s) => s.readings.filter((r): r is MeterReading => r.kind === 'meter'));
    for (let i = 1; i < meters.length; i++) {
      expect(meters[i]?.importEnergyKwh).toBeGreaterThanOrEqual(meters[i - 1]?.importEnergyKwh ?? 0);
      expect(meters[i]?.exportEnergyKwh).toBeGreaterThanOrEqual(meters[i - 1]?.exportEnergyKwh ?? 0);
    }
    expect(meters.some((m) => m.exportPowerW > 0)).toBe(true);
    expect(meters.some((m) => m.importPowerW > 0)).toBe(true);
  });
});

describe('storage', () => {
  it('at night: the battery discharges to the load, the inverter generates nothing', () => {
    // Local night in Shanghai (00:00 to 05:00), a full battery.
    const state = createPlantState(SHANGHAI_PLANT, { SHBcn2: { batterySoc: 90, energyTotalKwh: 500 } });
    const { steps } = run(SHANGHAI_PLANT, Date.UTC(2024, 5, 9, 16), Date.UTC(2024, 5, 9, 21), state);
    const nights = steps.map((s) => ({
      hybrid: inverters(s.readings).find((r) => r.deviceKind === 'hybridInverter')!,
      meter: s.readings.find((r): r is MeterReading => r.kind === 'meter')!,
    }));
    expect(nights.some((n) => (n.hybrid.battery?.powerW ?? 0) < -100)).toBe(true);
    for (const { hybrid } of nights) {
      expect(hybrid.acPowerW).toBe(0);
      expect(hybrid.energyTodayKwh).toBe(0);
      expect(hybrid.energyTotalKwh).toBe(500);
    }
    // The battery's discharge covers the load: the meter imports less than the load by as much.
    const discharging = nights.find((n) => (n.hybrid.battery?.powerW ?? 0) < -100)!;
    expect(discharging.meter.importPowerW).toBeLessThan(
      stepPlant(SHANGHAI_PLANT, createPlantState(SHANGHAI_PLANT), discharging.hybrid.timeMs).loadW,
    );
  });

  it('charges from surplus by day and discharges in the evening', () => {
    const state = createPlantState(SHANGHAI_PLANT, { SHBcn2: { batterySoc: 30 } });
    const { steps } = run(SHANGHAI_PLANT, Date.UTC(2024, 5, 9, 16), Date.UTC(2024, 5, 10, 16), state);
    const hybrid = (hourLocal: number) =>
      inverters(
        steps.find((s) => s.timeMs === Date.UTC(2024, 5, 9, 16) + hourLocal * HOUR)?.readings ?? [],
      ).find((r) => r.deviceKind === 'hybridInverter');
    expect(hybrid(9)?.battery?.powerW).toBeGreaterThan(0);
    expect(hybrid(20)?.battery?.powerW).toBeLessThan(0);
    expect(hybrid(17)?.battery?.socPercent).toBeGreaterThan(hybrid(8)?.battery?.socPercent ?? 100);
    for (const s of steps)
      for (const r of inverters(s.readings)) {
        if (!r.battery) continue;
        expect(r.battery.socPercent).toBeGreaterThanOrEqual(0);
        expect(r.battery.socPercent).toBeLessThanOrEqual(100);
      }
  });
});

describe('determinism and variability', () => {
  it('gives identical readings for identical inputs', () => {
    const a = run(SYDNEY_PLANT, Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 2)).steps;
    const b = run(SYDNEY_PLANT, Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 2)).steps;
    expect(a).toEqual(b);
  });

  it('gives different weather to plants with different cloud seeds', () => {
    const other = { ...SYDNEY_PLANT, cloudSeed: 999 };
    const ghi = (p: PlantDescription) =>
      Array.from({ length: 20 }, (_, d) => plantWeather(p, Date.UTC(2024, 2, 1 + d, 2)).ghi);
    expect(ghi(other)).not.toEqual(ghi(SYDNEY_PLANT));
  });

  it('is smooth from one 5-minute step to the next', () => {
    let maxJump = 0;
    for (let t = Date.UTC(2024, 3, 1); t < Date.UTC(2024, 3, 15); t += MIN5) {
      const a = plantWeather(SHANGHAI_PLANT, t).cloudiness;
      const b = plantWeather(SHANGHAI_PLANT, t + MIN5).cloudiness;
      maxJump = Math.max(maxJump, Math.abs(a - b));
    }
    expect(maxJump).toBeLessThan(0.15);
  });
});

describe('faults in the plant model', () => {
  it('a string-open fault zeroes that string and reports its code', () => {
    const t = clearNoon(SHANGHAI_PLANT, Date.UTC(2024, 5, 1));
    const state = createPlantState(SHANGHAI_PLANT);
    const serial = 'SINcn1';
    const healthy = inverters(stepPlant(SHANGHAI_PLANT, createPlantState(SHANGHAI_PLANT), t).readings).find(
      (r) => r.serial === serial,
    );
    const device = state.devices[serial];
    if (!device) throw new Error('no state');
    device.fault = startFault('stringOpen', t - MIN5, 2 * HOUR, 2);
    const r = inverters(stepPlant(SHANGHAI_PLANT, state, t).readings).find((x) => x.serial === serial);
    expect(r?.faultCode).toBe(401);
    expect(r?.pvStrings[2]?.current).toBe(0);
    expect(r?.pvStrings[2]?.voltage).toBeGreaterThan(healthy?.pvStrings[2]?.voltage ?? Infinity);
    expect(r?.pvStrings[1]?.current).toBeGreaterThan(0);
    expect(r?.acPowerW).toBeLessThan(healthy?.acPowerW ?? 0);
  });

  it('a grid over-voltage is the plant’s: every inverter trips at the same voltage, and all come back together', () => {
    const t = clearNoon(SHANGHAI_PLANT, Date.UTC(2024, 5, 1));
    const state = createPlantState(SHANGHAI_PLANT);
    stepPlant(SHANGHAI_PLANT, state, t - MIN5);
    const serials = SHANGHAI_PLANT.devices.filter(isInverter).map((d) => d.serial);
    expect(serials.length).toBeGreaterThan(1);
    state.devices[serials[0]!]!.fault = startFault('gridOverVoltage', t - MIN5, HOUR);
    const during = inverters(stepPlant(SHANGHAI_PLANT, state, t).readings);
    expect(during.map((r) => r.serial).sort()).toEqual([...serials].sort());
    for (const r of during) {
      expect(r.faultCode, r.serial).toBe(faultCodeOf('gridOverVoltage').code);
      expect(r.status, r.serial).toBe('fault');
      expect(r.acPowerW, r.serial).toBe(0);
      for (const v of r.gridVoltage) expect(v, r.serial).toBeCloseTo(SHANGHAI_PLANT.grid.voltageV * 1.13, 0);
    }
    const after = inverters(stepPlant(SHANGHAI_PLANT, state, t + HOUR).readings);
    expect(after.map((r) => [r.serial, r.faultCode])).toEqual(serials.map((s) => [s, 0]));
  });

  it('an inverter in a fault of its own keeps it through a grid event', () => {
    const t = clearNoon(SHANGHAI_PLANT, Date.UTC(2024, 5, 1));
    const state = createPlantState(SHANGHAI_PLANT);
    const [first, second] = SHANGHAI_PLANT.devices.filter(isInverter).map((d) => d.serial);
    state.devices[first!]!.fault = startFault('gridUnderVoltage', t - MIN5, HOUR);
    state.devices[second!]!.fault = startFault('overTemperature', t - MIN5, HOUR);
    const codes = new Map(
      inverters(stepPlant(SHANGHAI_PLANT, state, t).readings).map((r) => [r.serial, r.faultCode]),
    );
    expect(codes.get(first!)).toBe(faultCodeOf('gridUnderVoltage').code);
    expect(codes.get(second!)).toBe(faultCodeOf('overTemperature').code);
  });

  it('a device with lost communication sends nothing but keeps counting energy', () => {
    const t = clearNoon(SHANGHAI_PLANT, Date.UTC(2024, 5, 1));
    const state = createPlantState(SHANGHAI_PLANT);
    stepPlant(SHANGHAI_PLANT, state, t - MIN5);
    const device = state.devices.SINcn1;
    if (!device) throw new Error('no state');
    device.fault = startFault('lossOfCommunication', t - MIN5, HOUR);
    const before = device.energyTotalKwh;
    const out = stepPlant(SHANGHAI_PLANT, state, t);
    expect(out.readings.find((r) => r.serial === 'SINcn1')).toBeUndefined();
    expect(device.energyTotalKwh).toBeGreaterThan(before);
  });

  it('injects faults at the configured rates, deterministically', () => {
    const rates = { overTemperature: 24, lossOfCommunication: 24 };
    const count = () => {
      const state = createPlantState(SHANGHAI_PLANT);
      let faulted = 0;
      for (let t = Date.UTC(2024, 5, 1); t < Date.UTC(2024, 5, 2); t += MIN5) {
        const out = stepPlant(SHANGHAI_PLANT, state, t, { seed: 7, faultRates: rates });
        faulted += inverters(out.readings).filter((r) => r.faultCode !== 0).length;
      }
      return faulted;
    };
    const n = count();
    expect(n).toBeGreaterThan(0);
    expect(count()).toBe(n);
  });
});

describe('the PV strings of an inverter', () => {
  it('differ: a weak string stands out, a shorter string runs at a lower voltage, a turned face peaks apart', () => {
    const fleet = generateDemoFleet();
    const plant = fleet.plants.find(
      (p) => p.mounting === 'roof' && p.devices.some((d) => d.kind === 'stringInverter' && d.strings >= 4),
    )!;
    const device = plant.devices.find((d) => d.kind === 'stringInverter' && d.strings >= 4)!;
    const layouts = stringLayouts(device as InverterDescription, hashString(device.serial), true);
    const noon = clearNoon(plant, Date.UTC(2024, 5, 1));
    const reading = inverters(stepPlant(plant, createPlantState(plant), noon).readings).find(
      (r) => r.serial === device.serial,
    )!;
    const currents = reading.pvStrings.map((s) => s.current);
    const sorted = [...currents].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1]!;
    // Not one line drawn twelve times: the weak string is well below its siblings.
    const weak = layouts.findIndex((l) => l.health < 0.95);
    expect(weak).toBeGreaterThanOrEqual(0);
    expect(currents[weak]!).toBeLessThan(0.92 * median);
    expect(new Set(currents.map((c) => c.toFixed(2))).size).toBeGreaterThan(2);
    const short = layouts.findIndex((l) => l.modules < (device as InverterDescription).modulesPerString);
    if (short >= 0) {
      const full = layouts.findIndex((l, i) => i !== short && l.modules === layouts[0]!.modules);
      expect(reading.pvStrings[short]!.voltage).toBeLessThan(reading.pvStrings[full]!.voltage * 0.95);
    }
    // Every string still produces at a clear noon.
    expect(currents.every((c) => c > 0.3 * median)).toBe(true);
  });
});
