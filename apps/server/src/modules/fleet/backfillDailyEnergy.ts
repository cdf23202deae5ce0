import { sql } from 'drizzle-orm';
import { INVERTER_KINDS } from '@solarops/contracts';
import { dailyEnergy, type DemoPlant, type DeviceStateInit } from '@solarops/simulator/fleet';
import type { Database } from '../../db/openDatabase.ts';
import { localDay } from '../../time/localDay.ts';

/**
 * Writes the daily energy of every demo inverter from its plant's build date to the local day before `beforeMs`
 * (where the 5-minute history starts), with the months and years of devices and plants summed from those days.
 * Each plant's days go in with one set-based insert; the sums are five statements over all plants. Returns each
 * inverter's lifetime energy at `beforeMs`, the counter its 5-minute history continues from, so that a plant's
 * lifetime equals the sum of its daily history.
 */
export async function backfillDailyEnergy(
  db: Database,
  plants: readonly DemoPlant[],
  deviceIds: ReadonlyMap<string, { id: number; plantId: number }>,
  beforeMs: number,
): Promise<Record<string, DeviceStateInit>> {
  const totals: Record<string, DeviceStateInit> = {};
  const plantIds: number[] = [];
  for (const plant of plants) {
    const history = dailyEnergy(plant, plant.buildDate, localDay(plant.timeZone, beforeMs));
    if (history.days.length === 0) continue;
    const deviceCol: number[] = [];
    const plantCol: number[] = [];
    const dayCol: string[] = [];
    const kwhCol: number[] = [];
    for (const [serial, kwh] of history.kwhBySerial) {
      const ids = deviceIds.get(serial);
      if (!ids) continue;
      let total = 0;
      kwh.forEach((e, i) => {
        deviceCol.push(ids.id);
        plantCol.push(ids.plantId);
        dayCol.push(history.days[i]!);
        kwhCol.push(e);
        total += e;
      });
      totals[serial] = { energyTotalKwh: total };
      if (!plantIds.includes(ids.plantId)) plantIds.push(ids.plantId);
    }
    if (deviceCol.length === 0) continue;
    await db.execute(sql`insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
      select device_id, plant_id, 'day', d, kwh from unnest(${sql.param(deviceCol)}::int[], ${sql.param(plantCol)}::int[],
        ${sql.param(dayCol)}::date[], ${sql.param(kwhCol)}::float8[]) as k(device_id, plant_id, d, kwh)
      on conflict (device_id, plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  }
  if (plantIds.length === 0) return totals;
  const ids = sql`${sql.param(plantIds)}::int[]`;
  // The period's name is a constant of the code, written into the SQL so that select and group by match.
  const truncated = (period: 'month' | 'year') => sql.raw(`date_trunc('${period}', period_start)::date`);
  const sumDevices = (period: 'month' | 'year', from: 'day' | 'month') =>
    db.execute(sql`insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
      select device_id, plant_id, ${period}, ${truncated(period)}, sum(energy_kwh)
      from device_energy where period = ${from} and plant_id = any(${ids})
      group by device_id, plant_id, ${truncated(period)}
      on conflict (device_id, plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  await sumDevices('month', 'day');
  await sumDevices('year', 'month');
  // A plant's energy is its inverters' (as in the rollups: meters count the grid exchange, not generation).
  await db.execute(sql`insert into plant_energy (plant_id, period, period_start, energy_kwh)
    select e.plant_id, 'day', e.period_start, sum(e.energy_kwh)
    from device_energy e join devices d on d.id = e.device_id
    where e.period = 'day' and e.plant_id = any(${ids}) and d.kind = any(${sql.param([...INVERTER_KINDS])}::text[])
    group by e.plant_id, e.period_start
    on conflict (plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  const sumPlants = (period: 'month' | 'year', from: 'day' | 'month') =>
    db.execute(sql`insert into plant_energy (plant_id, period, period_start, energy_kwh)
      select plant_id, ${period}, ${truncated(period)}, sum(energy_kwh)
      from plant_energy where period = ${from} and plant_id = any(${ids})
      group by plant_id, ${truncated(period)}
      on conflict (plant_id, period, period_start) do update set energy_kwh = excluded.energy_kwh`);
  await sumPlants('month', 'day');
  await sumPlants('year', 'month');
  return totals;
}
