import { describe, expect, it } from 'vitest';
import { faultCodeOf, telemetryReading } from '@solarops/contracts';
import { energyToday, type DayStart } from '../src/mapping/energyToday.ts';
import { SunSpecDevice } from '../src/sunspec/SunSpecDevice.ts';
import { loadImage, mapReader, registerMap } from './imageServer.ts';

async function readingOf(image: string) {
  const read = mapReader(registerMap(loadImage(image)));
  return (await SunSpecDevice.discover(read))!.read(read);
}

describe('our reading fields from SunSpec models', () => {
  it('maps the SMA inverter (101 and 160): power, energy, voltage, current, frequency, temperature, status, inputs', async () => {
    const reading = await readingOf('DeviceSMASunnyBoy36Dated20250518');
    expect(reading).toEqual({
      acPowerW: 3680,
      energyTotalKwh: 30388.53,
      gridVoltageV: [244],
      gridCurrentA: [15.1],
      gridFrequencyHz: [49.99],
      tempC: 44,
      status: 1,
      faultCode: 0,
      // Model 160 has six modules; the device implements two inputs.
      pvVoltageV: [301, 242],
      pvCurrentA: [7.3, 6.6],
    });
    // What the server accepts: a valid reading of our protocol.
    expect(telemetryReading.safeParse({ sn: 'SIN241800042', ts: 1, ...reading }).success).toBe(true);
  });

  it('maps the DER simulator (701 and 713): three phases and the battery state of charge', async () => {
    const reading = await readingOf('EmulatedDER');
    expect(reading).toMatchObject({
      acPowerW: 9800,
      energyTotalKwh: 0.15,
      gridVoltageV: [276.8, 277.3, 277.6],
      gridCurrentA: [13.7, 13.6, 13.8],
      gridFrequencyHz: [60.01],
      tempC: 55,
      batterySocPercent: 0,
      status: 1,
      // 701's alarms (Alrm) implemented, none set.
      faultCode: 0,
    });
    expect(telemetryReading.safeParse({ sn: 'SIN241800042', ts: 1, ...reading }).success).toBe(true);
  });

  it("gives a DER's alarm (701 Alrm) its code of our fault table, the most serious first", async () => {
    const registers = registerMap(loadImage('EmulatedDER'));
    const read = mapReader(registers);
    const device = (await SunSpecDevice.discover(read))!;
    const der = device.map.models.find((m) => m.id === 701)!;
    // Alrm is the bitfield32 after ID, L, ACType, St, InvSt and ConnSt: bits 0 (GROUND_FAULT) and 7 (OVER_TEMP).
    registers.set(der.address + 6, 0);
    registers.set(der.address + 7, (1 << 0) | (1 << 7));
    expect((await device.read(read)).faultCode).toBe(faultCodeOf('lowInsulation').code);
    registers.set(der.address + 7, 1 << 7);
    expect((await device.read(read)).faultCode).toBe(faultCodeOf('overTemperature').code);
    // Not implemented (0xFFFFFFFF): no fault code at all, never one made of its bits.
    registers.set(der.address + 6, 0xffff);
    registers.set(der.address + 7, 0xffff);
    expect(await device.read(read)).not.toHaveProperty('faultCode');
  });
});

describe('energy today from the lifetime counter', () => {
  const zone = 'Asia/Shanghai';
  it("counts from the first reading of the plant's local day and starts again at local midnight", () => {
    const starts = new Map<string, DayStart>();
    const t0 = Date.UTC(2026, 5, 1, 0, 0); // 08:00 in Shanghai
    expect(energyToday(starts, 'A', t0, 1000, zone)).toBe(0);
    expect(energyToday(starts, 'A', t0 + 3_600_000, 1002.5, zone)).toBe(2.5);
    // 15:59 UTC is 23:59 local: still the same day; 16:00 UTC is the next local day.
    expect(energyToday(starts, 'A', Date.UTC(2026, 5, 1, 15, 59), 1010.1, zone)).toBe(10.1);
    expect(energyToday(starts, 'A', Date.UTC(2026, 5, 1, 16, 0), 1010.1, zone)).toBe(0);
  });

  it('starts the day again when the counter goes backwards (a replaced device) and is absent without a counter', () => {
    const starts = new Map<string, DayStart>();
    const t = Date.UTC(2026, 5, 1, 4, 0);
    energyToday(starts, 'A', t, 500, zone);
    expect(energyToday(starts, 'A', t + 60_000, 3, zone)).toBe(0);
    expect(energyToday(starts, 'A', t + 120_000, 3.2, zone)).toBe(0.2);
    expect(energyToday(starts, 'A', t, undefined, zone)).toBeUndefined();
  });
});
