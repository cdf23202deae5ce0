import { sql } from 'drizzle-orm';
import type { FleetMap, MapState, PlantRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { plantScope, type Caller } from './plantScope.ts';

/**
 * The dashboard's fleet map: every plant of the caller's scope with its position and its map state, from the
 * live figures the plant list sorts by (kept a few seconds behind the readings, liveFigures.ts) and the open
 * alarms, with its devices and those online read from the devices themselves: the state the offline detection
 * sets in the same moment it raises its alarm, so that a wall never lists a "device offline" alarm beside 100 %
 * online (the dashboard's and the walls' "devices online" add these up, and the pins follow the same counts). A
 * plant is `offline` when none of its devices is online, `alarm` when a device is in fault (live figures) or an
 * alarm of the plant is open, else `normal`.
 */
export async function fleetMap(db: Database, caller: Caller): Promise<FleetMap> {
  const rows = await rowsOf<{
    id: number;
    name: string;
    latitude: number;
    longitude: number;
    status: PlantRow['status'];
    power_w: number;
    capacity_w: number;
    open_alarms: number;
    devices: number;
    devices_online: number;
  }>(
    db,
    sql`select pl.id, pl.name, pl.latitude, pl.longitude,
        case when coalesce(d.online, 0) = 0 then 'offline' when f.status = 'fault' then 'fault'
          when d.online < d.n then 'partial' else 'online' end as status,
        coalesce(f.power_w, 0)::float8 as power_w, pl.capacity_w, coalesce(a.n, 0)::int as open_alarms,
        coalesce(d.n, 0)::int as devices, coalesce(d.online, 0)::int as devices_online
      from plants pl left join plant_live_figures f on f.plant_id = pl.id
      left join (select plant_id, count(*) as n, count(*) filter (where online) as online from devices
        group by plant_id) d on d.plant_id = pl.id
      left join (select plant_id, count(*) as n from alarms where recovered_at is null group by plant_id) a
        on a.plant_id = pl.id
      where ${plantScope(caller)} order by pl.id`,
  );
  const counts: Record<MapState, number> = { normal: 0, alarm: 0, offline: 0 };
  const plants = rows.map((r) => {
    const state: MapState =
      r.status === 'offline' ? 'offline' : r.status === 'fault' || r.open_alarms > 0 ? 'alarm' : 'normal';
    counts[state]++;
    return {
      id: r.id,
      name: r.name,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      state,
      status: r.status,
      powerW: Math.round(Number(r.power_w) * 10) / 10,
      capacityKw: Math.round(Number(r.capacity_w)) / 1000,
      openAlarms: r.open_alarms,
      devices: r.devices,
      devicesOnline: r.devices_online,
    };
  });
  return { counts, plants };
}
