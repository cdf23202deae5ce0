import { sql } from 'drizzle-orm';
import type { FirmwareType, InterfaceType } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';

/**
 * What a package is matched against: a collector (its model and link) for collector firmware, an inverter (its
 * model and the model and link of the collector it reports through) for ARM and DSP firmware.
 */
export interface FirmwareTarget {
  /** The collector's id for collector firmware, else the inverter's (a command's `device_id`). */
  id: number;
  plantId: number;
  serial: string;
  /** The inverter's model; empty for a collector. */
  model: string;
  collectorSerial: string | null;
  collectorModel: string;
  network: string;
  online: boolean;
}

/** The targets of `serials` the caller may reach; the others are absent (never revealed). */
export async function firmwareTargetsInScope(
  db: Database,
  caller: Caller,
  type: FirmwareType,
  serials: readonly string[],
): Promise<Map<string, FirmwareTarget>> {
  const wanted = sql.param([...new Set(serials)]);
  const rows = await rowsOf<FirmwareTarget>(
    db,
    type === 'collector'
      ? sql`select c.id, pl.id as "plantId", c.serial, '' as model, c.serial as "collectorSerial", c.model as "collectorModel", c.network,
          c.online from collectors c join plants pl on pl.id = c.plant_id
          where c.serial = any(${wanted}::text[]) and ${plantScope(caller)}`
      : sql`select d.id, pl.id as "plantId", d.serial, d.model, c.serial as "collectorSerial", coalesce(c.model, '') as "collectorModel",
          coalesce(c.network, '') as network, coalesce(c.online, false) as online
          from devices d join plants pl on pl.id = d.plant_id left join collectors c on c.id = d.collector_id
          where d.serial = any(${wanted}::text[]) and ${plantScope(caller)}`,
  );
  return new Map(rows.map((r) => [r.serial, r]));
}

interface PackageModels {
  type: FirmwareType;
  collectType: string;
  interfaceType: InterfaceType;
  snType: string;
}

const sameModel = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether a package is built for a target: the collector model always, the link unless the package fits `any`,
 * and for inverter firmware the inverter's model too.
 */
export function packageFits(pkg: PackageModels, target: FirmwareTarget): boolean {
  if (!sameModel(pkg.collectType, target.collectorModel)) return false;
  if (pkg.interfaceType !== 'any' && !sameModel(pkg.interfaceType, target.network)) return false;
  return pkg.type === 'collector' || sameModel(pkg.snType, target.model);
}
