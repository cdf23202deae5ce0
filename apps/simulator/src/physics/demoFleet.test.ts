import { describe, expect, it } from 'vitest';
import { generateDemoFleet } from './demoFleet.ts';
import { isInverter } from './plantDescription.ts';
import { plantWeather } from './plantWeather.ts';

describe('generateDemoFleet', () => {
  const fleet = generateDemoFleet();

  it('has the default size: 30 plants, 60 collectors, 150 devices', () => {
    expect(fleet.plants).toHaveLength(30);
    expect(fleet.collectors).toHaveLength(60);
    expect(fleet.devices).toHaveLength(150);
  });

  it('is deterministic by seed and differs across seeds', () => {
    expect(generateDemoFleet()).toEqual(fleet);
    expect(generateDemoFleet({ seed: 2 })).not.toEqual(fleet);
  });

  it('is plain data', () => {
    expect(JSON.parse(JSON.stringify(fleet))).toEqual(fleet);
  });

  it('uses the documented serial formats, all unique', () => {
    const serials = [...fleet.collectors.map((c) => c.serial), ...fleet.devices.map((d) => d.serial)];
    expect(new Set(serials).size).toBe(serials.length);
    fleet.collectors.forEach((c) => expect(c.serial).toMatch(/^SOC\d{9}$/));
    fleet.devices.forEach((d) => expect(d.serial).toMatch(/^(SIN|SMI|SHB|SEM|SWS)\d{9}$/));
    const collectorSerials = new Set(fleet.collectors.map((c) => c.serial));
    fleet.devices.forEach((d) => expect(collectorSerials.has(d.collectorSerial)).toBe(true));
  });

  it('spans both hemispheres, the listed time zones and all four plant types', () => {
    expect(new Set(fleet.plants.map((p) => p.timeZone))).toEqual(
      new Set([
        'Asia/Shanghai',
        'Europe/Berlin',
        'America/New_York',
        'Australia/Sydney',
        'America/Sao_Paulo',
        'Africa/Johannesburg',
        'Asia/Kolkata',
      ]),
    );
    expect(fleet.plants.some((p) => p.latitude < 0)).toBe(true);
    expect(new Set(fleet.plants.map((p) => p.type))).toEqual(
      new Set(['residential', 'povertyAlleviation', 'energyStorage', 'commercial']),
    );
  });

  it('faces panels towards the equator and keeps devices within protocol limits', () => {
    for (const p of fleet.plants) {
      const facesSouth = Math.abs(p.surfaceAzimuth - 180) <= 30;
      const facesNorth = p.surfaceAzimuth <= 30 || p.surfaceAzimuth >= 330;
      expect(p.latitude >= 0 ? facesSouth : facesNorth).toBe(true);
      expect(p.capacityW).toBeGreaterThan(0);
      expect(p.devices.filter((d) => d.kind === 'meter')).toHaveLength(1);
      for (const d of p.devices) {
        expect(d.armVersion).toMatch(/^V\d+\.\d+\.\d{2}$/);
        if (isInverter(d)) {
          expect(d.strings).toBeGreaterThanOrEqual(1);
          expect(d.strings).toBeLessThanOrEqual(12);
          expect(d.ratedPowerW).toBeGreaterThan(0);
        }
      }
    }
    expect(
      fleet.plants
        .filter((p) => p.type === 'energyStorage')
        .every((p) => p.devices.some((d) => d.kind === 'hybridInverter')),
    ).toBe(true);
  });

  it('placed in daylight, has its first plant under the sun at every hour of the year’s four turning days, its devices as built at the demo sites', () => {
    const options = { plants: 2, devices: 24 };
    const demo = generateDemoFleet(options);
    // At 12:00 UTC it is night at the demo's first sites (China).
    expect(plantWeather(demo.plants[0]!, Date.parse('2026-11-29T12:00:00Z')).poaGlobal).toBe(0);
    for (const day of ['2026-03-20', '2026-06-21', '2026-09-22', '2026-12-21'])
      for (let hour = 0; hour < 24; hour++) {
        const at = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
        const placed = generateDemoFleet({ ...options, daylightAt: at });
        const weather = plantWeather(placed.plants[0]!, at);
        // The sun well up and enough light on the modules for an IV diagnosis (400 W/m²).
        expect({
          at: new Date(at).toISOString(),
          plant: placed.plants[0]!.name,
          sunUp: weather.apparentZenith < 75,
        }).toEqual({
          at: new Date(at).toISOString(),
          plant: placed.plants[0]!.name,
          sunUp: true,
        });
        expect(weather.poaGlobal).toBeGreaterThan(400);
        expect(placed.devices).toEqual(demo.devices);
        expect(placed.collectors).toEqual(demo.collectors);
        expect(new Set(placed.plants.map((p) => p.address.split(', ')[1])).size).toBe(2);
      }
    // Some 100 fleets built 17 times each and 13 000 instants of weather: seconds here, more on a slower machine.
  }, 60_000);

  it('scales to other sizes', () => {
    const small = generateDemoFleet({ plants: 3, collectors: 3, devices: 8 });
    expect(small.plants).toHaveLength(3);
    expect(small.collectors).toHaveLength(3);
    expect(small.devices).toHaveLength(8);
  });
});
