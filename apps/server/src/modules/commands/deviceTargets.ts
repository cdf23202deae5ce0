import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  profileForModel,
  type commandDevicesQuery,
  type CommandDevice,
  type SettingsProfile,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';

/** A device a command may be sent to: in the caller's scope, with the collector it reports through. */
export interface DeviceTarget {
  id: number;
  serial: string;
  name: string;
  model: string;
  kind: string;
  plantId: number;
  plantName: string;
  collectorSerial: string | null;
  online: boolean;
  profile: SettingsProfile | undefined;
}

interface Row {
  id: number;
  serial: string;
  name: string;
  model: string;
  kind: string;
  plant_id: number;
  plant_name: string;
  collector_serial: string | null;
  online: boolean;
}

const toTarget = (r: Row): DeviceTarget => ({
  id: r.id,
  serial: r.serial,
  name: r.name,
  model: r.model,
  kind: r.kind,
  plantId: r.plant_id,
  plantName: r.plant_name,
  collectorSerial: r.collector_serial,
  online: r.online,
  profile: profileForModel(r.model),
});

const SELECT = sql`select d.id, d.serial, d.name, d.model, d.kind, d.plant_id, pl.name as plant_name,
  c.serial as collector_serial, coalesce(c.online, false) as online
  from devices d join plants pl on pl.id = d.plant_id left join collectors c on c.id = d.collector_id`;

/** The devices of `serials` the caller may reach, by serial; the others are simply absent (never revealed). */
export async function devicesInScope(
  db: Database,
  caller: Caller,
  serials: readonly string[],
): Promise<Map<string, DeviceTarget>> {
  const rows = await rowsOf<Row>(
    db,
    sql`${SELECT} where d.serial = any(${sql.param([...new Set(serials)])}::text[]) and ${plantScope(caller)}`,
  );
  return new Map(rows.map((r) => [r.serial, toTarget(r)]));
}

/** Devices for the pickers: of a plant, or matching a search, in scope; at most 2 000. */
export async function listDeviceTargets(
  db: Database,
  caller: Caller,
  filter: { plantId?: number | undefined; search?: string | undefined },
): Promise<DeviceTarget[]> {
  const conds = [plantScope(caller)];
  if (filter.plantId !== undefined) conds.push(sql`d.plant_id = ${filter.plantId}`);
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    conds.push(sql`(d.serial ilike ${like} or d.name ilike ${like} or pl.name ilike ${like})`);
  }
  const rows = await rowsOf<Row>(
    db,
    sql`${SELECT} where ${sql.join(conds, sql` and `)} order by pl.name, d.serial limit 2000`,
  );
  return rows.map(toTarget);
}

/** `GET /commands/devices`: the pickers' rows, of the settings profile asked for (if any), without the profile itself. */
export async function pickerDevices(
  db: Database,
  caller: Caller,
  query: z.infer<typeof commandDevicesQuery>,
): Promise<CommandDevice[]> {
  const targets = await listDeviceTargets(db, caller, query);
  return targets
    .filter((d) => !query.profileId || d.profile?.id === query.profileId)
    .map((d) => ({
      serial: d.serial,
      name: d.name,
      model: d.model,
      kind: d.kind,
      profileId: d.profile?.id ?? null,
      plantId: d.plantId,
      plantName: d.plantName,
      collectorSerial: d.collectorSerial,
      online: d.online,
    }));
}
