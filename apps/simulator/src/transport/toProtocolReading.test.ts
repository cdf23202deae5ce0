import { describe, expect, it } from 'vitest';
import { telemetryReading } from '@solarops/contracts';
import { DEFAULT_FAULT_RATES, backfillPlants, generateDemoFleet } from '../physics/index.ts';
import { toProtocolReading } from './toProtocolReading.ts';

// Two days of a 12-plant fleet: about 2 s of CPU here. The timeout is sized for a machine three times slower
// that is busy with other work too.
describe('protocol readings of the demo fleet', { timeout: 60_000 }, () => {
  it('pass the telemetry contract for every device over two days with faults', () => {
    const fleet = generateDemoFleet({ plants: 12 });
    const end = Date.UTC(2025, 5, 21);
    let checked = 0;
    const bad: string[] = [];
    backfillPlants(
      fleet.plants,
      end - 2 * 86_400_000,
      end,
      300_000,
      (_p, readings) => {
        for (const r of readings) {
          const parsed = telemetryReading.safeParse(toProtocolReading(r));
          checked++;
          if (!parsed.success && bad.length < 5)
            bad.push(`${r.serial}: ${parsed.error.issues[0]?.path.join('.')}`);
        }
      },
      { faultRates: Object.fromEntries(Object.entries(DEFAULT_FAULT_RATES).map(([k, v]) => [k, v * 50])) },
    );
    expect(bad).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
    // Two days of twelve plants: a few seconds of CPU, sized for a machine three times slower.
  }, 60_000);

  it('reports meters as net export with both counters', () => {
    const fleet = generateDemoFleet({ plants: 3 });
    let meter: ReturnType<typeof toProtocolReading> | undefined;
    backfillPlants(
      fleet.plants.slice(0, 1),
      Date.UTC(2025, 5, 21, 4),
      Date.UTC(2025, 5, 21, 4),
      300_000,
      (_p, rs) => {
        const m = rs.find((r) => r.kind === 'meter');
        if (m) meter = toProtocolReading(m);
      },
    );
    expect(meter).toMatchObject({ energyTotalKwh: expect.any(Number), importEnergyKwh: expect.any(Number) });
    expect(typeof meter?.acPowerW).toBe('number');
  });
});
