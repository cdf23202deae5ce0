import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SETTINGS_PROFILE_IDS,
  SUNSPEC_INVERTER,
  profileById,
  profileForModel,
  profileFound,
  type AgentDeviceReport,
  type SettingsProfileId,
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
  /** What the edge agent the device is behind said of it (how it reads it, the SunSpec models it found). */
  agent_device: Pick<AgentDeviceReport, 'profile' | 'models'> | null;
}

/**
 * The settings profile of a device. Behind an edge agent that has said how it reads the device, it is what that
 * reading reaches: a SunSpec device with immediate controls (model 123), or with the IEEE 1547 DER controls (704)
 * instead, takes the SunSpec inverter's profile narrowed to the points its discovery found (`profileFound`: no
 * model 123 control without 123 or its 1547 counterpart, never a trip limit: decision 0040), whose points name their
 * SunSpec points (the agent writes them wherever the device's own map puts them, in 704 and 703 where it has no
 * 123); one with neither none, and a device read by a register profile that profile, whose addresses are the
 * device's own.
 * Otherwise (our dataloggers, an agent yet to report) the profile of its model.
 */
export function profileOfDevice(
  model: string,
  agentDevice: Pick<AgentDeviceReport, 'profile' | 'models'> | null,
): SettingsProfile | undefined {
  if (!agentDevice) return profileForModel(model);
  if (agentDevice.profile === 'sunspec') {
    if (!agentDevice.models) return profileForModel(model);
    return agentDevice.models.includes(123) || agentDevice.models.includes(704)
      ? profileFound(SUNSPEC_INVERTER, agentDevice.models)
      : undefined;
  }
  return (SETTINGS_PROFILE_IDS as readonly string[]).includes(agentDevice.profile)
    ? profileById(agentDevice.profile as SettingsProfileId)
    : undefined;
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
  profile: profileOfDevice(r.model, r.agent_device),
});

const SELECT = sql`select d.id, d.serial, d.name, d.model, d.kind, d.plant_id, pl.name as plant_name,
  c.serial as collector_serial, coalesce(c.online, false) as online,
  (select e from jsonb_array_elements(c.agent_report -> 'devices') e where e ->> 'sn' = d.serial limit 1)
    as agent_device
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
      // A profile narrowed to what an edge agent found of the device: the settings screen offers these points only.
      ...(d.profile && d.profile !== profileById(d.profile.id) && d.profile !== profileForModel(d.model)
        ? { points: d.profile.points.map((p) => p.name) }
        : {}),
      plantId: d.plantId,
      plantName: d.plantName,
      collectorSerial: d.collectorSerial,
      online: d.online,
    }));
}
