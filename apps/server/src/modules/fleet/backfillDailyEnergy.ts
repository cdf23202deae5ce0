import { sql } from 'drizzle-orm';
import { INVERTER_KINDS } from '@solarops/contracts';
import { dailyEnergy, type DemoPlant, type DeviceStateInit } from '@solarops/simulator/fleet';
import type { Database } from '../../db/openDatabase.ts';
import type { Transaction } from '../../db/rowsOf.ts';
import { localDay } from '../../time/localDay.ts';

type DeviceIds = ReadonlyMap<string, { id: number; plantId: number }>;

/**
 * Each demo inverter's lifetime energy at `beforeMs` (where the 5-minute history starts): the sum of its daily
 * energy from its plant's build date, the counter its 5-minute history continues from, so that a plant's lifetime
 * equals the sum of its daily history. Computed, nothing written (see `writeDailyEnergy`).
 */
export function lifetimeBefore(
  plants: readonly DemoPlant[],
  beforeMs: number,
): Record<string, DeviceStateInit> {
  const totals: Record<string, DeviceStateInit> = {};
  for (const plant of plants) {
    const history = dailyEnergy(plant, plant.buildDate, localDay(plant.timeZone, beforeMs));
    for (const [serial, kwh] of history.kwhBySerial) {
      if (kwh.length > 0) totals[serial] = { energyTotalKwh: kwh.reduce((a, e) => a + e, 0) };
    }
  }
  return totals;
}

/**
 * Writes the daily energy of one demo plant's inverters from its build date to the local day before `beforeMs`,
 * then sums the plant's and its devices' months and years again from all their days (those of the 5-minute
 * history included). One set-based insert and five sums: a small transaction per plant.
 */
export async function writeDailyEnergy(
  tx: Database | Transaction,
  plant: DemoPlant,
  deviceIds: DeviceIds,
  beforeMs: number,
): Promise<void> {
  const history = dailyEnergy(plant, plant.buildDate, localDay(plant.timeZone, beforeMs));
  const deviceCol: number[] = [];
  const plantCol: number[] = [];
  const dayCol: string[] = [];
  const kwhCol: number[] = [];
  let plantId: number | undefined;
  for (const [serial, kwh] of history.kwhBySerial) {
    const ids = deviceIds.get(serial);
    if (!ids) continue;
    plantId = ids.plantId;
    kwh.forEach((e, i) => {
      deviceCol.push(ids.id);
      plantCol.push(ids.plantId);
      dayCol.push(history.days[i]!);
      kwhCol.push(e);
    });
  }
  if (plantId === undefined || deviceCol.length === 0) return;
  await tx.execute(sql`insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
    select device_id, plant_id, 'day', d, kwh from unnest(${sql.param(deviceCol)}::int[], ${sql.param(plantCol)}::int[],
      ${sql.param(dayCol)}::date[], ${sql.param(kwhCol)}::float8[]) as k(device_id, plant_id, d, kwh)
    on conflict (device_id, plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  // The period's name is a constant of the code, written into the SQL so that select and group by match.
  const truncated = (period: 'month' | 'year') => sql.raw(`date_trunc('${period}', period_start)::date`);
  const sumDevices = (period: 'month' | 'year', from: 'day' | 'month') =>
    tx.execute(sql`insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
      select device_id, plant_id, ${period}, ${truncated(period)}, sum(energy_kwh)
      from device_energy where period = ${from} and plant_id = ${plantId}
      group by device_id, plant_id, ${truncated(period)}
      on conflict (device_id, plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  await sumDevices('month', 'day');
  await sumDevices('year', 'month');
  // A plant's energy is its inverters' (as in the rollups: meters count the grid exchange, not generation).
  await tx.execute(sql`insert into plant_energy (plant_id, period, period_start, energy_kwh)
    select e.plant_id, 'day', e.period_start, sum(e.energy_kwh)
    from device_energy e join devices d on d.id = e.device_id
    where e.period = 'day' and e.plant_id = ${plantId} and d.kind = any(${sql.param([...INVERTER_KINDS])}::text[])
    group by e.plant_id, e.period_start
    on conflict (plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  const sumPlant = (period: 'month' | 'year', from: 'day' | 'month') =>
    tx.execute(sql`insert into plant_energy (plant_id, period, period_start, energy_kwh)
      select plant_id, ${period}, ${truncated(period)}, sum(energy_kwh)
      from plant_energy where period = ${from} and plant_id = ${plantId}
      group by plant_id, ${truncated(period)}
      on conflict (plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  await sumPlant('month', 'day');
  await sumPlant('year', 'month');
}
