import { sql, type SQL } from 'drizzle-orm';
import type { RelationRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * `relationList`: the collector-device serial mapping, one row per binding (a device moved to another collector
 * has a closed row and a current one), newest first, in the caller's scope.
 */
export async function listRelations(
  db: Database,
  caller: Caller,
  q: { collectorSn?: string | undefined; deviceSn?: string | undefined; current: boolean },
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: RelationRow[] }> {
  const where: SQL[] = [plantScope(caller)];
  if (q.collectorSn) where.push(sql`c.serial ilike ${`%${escapeLike(q.collectorSn)}%`}`);
  if (q.deviceSn) where.push(sql`d.serial ilike ${`%${escapeLike(q.deviceSn)}%`}`);
  if (q.current) where.push(sql`m.unbound_at is null`);
  const from = sql`from collector_devices m join collectors c on c.id = m.collector_id
    join devices d on d.id = m.device_id join plants pl on pl.id = m.plant_id
    where ${sql.join(where, sql` and `)}`;
  const rows = await rowsOf<{
    id: number;
    collector_serial: string;
    device_serial: string;
    device_kind: RelationRow['deviceKind'];
    plant_id: number;
    plant_name: string;
    bound_at: string;
    unbound_at: string | null;
  }>(
    db,
    sql`select m.id, c.serial as collector_serial, d.serial as device_serial, d.kind as device_kind,
          pl.id as plant_id, pl.name as plant_name, ${iso('m.bound_at')} as bound_at,
          ${iso('m.unbound_at')} as unbound_at
        ${from} order by m.bound_at desc, m.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      collectorSerial: r.collector_serial,
      deviceSerial: r.device_serial,
      deviceKind: r.device_kind,
      plantId: r.plant_id,
      plantName: r.plant_name,
      boundAt: r.bound_at,
      unboundAt: r.unbound_at,
    })),
  };
}
