import { sql } from 'drizzle-orm';
import type { FollowRow } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { fieldError } from '../../http/AppError.ts';
import { plantScope, type Caller } from './plantScope.ts';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The caller's follow list (`collectList`), newest first. A followed object the caller may no longer see (moved
 * to another tenant) is left out rather than shown.
 */
export async function listFollows(db: Database, caller: Caller & { userId: number }): Promise<FollowRow[]> {
  const rows = await rowsOf<{
    kind: FollowRow['kind'];
    target: string;
    name: string | null;
    plant_id: number | null;
    online: boolean | null;
    followed_at: string;
  }>(
    db,
    sql`select f.kind, f.target, pl.name, pl.id as plant_id,
          case when f.kind = 'collector' then c.online
               else exists (select 1 from devices d where d.plant_id = pl.id and d.online) end as online,
          ${iso('f.created_at')} as followed_at
        from follows f
        left join collectors c on f.kind = 'collector' and c.serial = f.target
        left join plants pl on pl.id = case when f.kind = 'plant' then f.target::int else c.plant_id end
        where f.user_id = ${caller.userId}
          and (case when f.kind = 'plant' then pl.id is not null and ${plantScope(caller)}
               else c.id is not null and (pl.id is null or ${plantScope(caller)}) end)
        order by f.created_at desc, f.id desc`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    target: r.target,
    name: r.name,
    plantId: r.plant_id,
    online: Boolean(r.online),
    followedAt: r.followed_at,
  }));
}

/** Follows a plant (by id) or a collector (by serial) the caller may see; following twice changes nothing. */
export async function follow(
  db: Database,
  caller: Caller & { userId: number },
  kind: FollowRow['kind'],
  target: string,
) {
  const visible =
    kind === 'plant'
      ? /^\d{1,9}$/.test(target) &&
        (
          await rowsOf(
            db,
            sql`select 1 from plants pl where pl.id = ${Number(target)} and ${plantScope(caller)}`,
          )
        ).length > 0
      : (
          await rowsOf(
            db,
            sql`select 1 from collectors c left join plants pl on pl.id = c.plant_id
                where c.serial = ${target} and (c.plant_id is null or ${plantScope(caller)})`,
          )
        ).length > 0;
  if (!visible) throw fieldError('target', kind === 'plant' ? 'notFound' : 'collectorUnknown');
  await db.execute(
    sql`insert into follows (user_id, kind, target) values (${caller.userId}, ${kind}, ${target})
        on conflict (user_id, kind, target) do nothing`,
  );
}

/** Removes an entry of the caller's own follow list (nothing happens when it is not there). */
export async function unfollow(db: Database, userId: number, kind: FollowRow['kind'], target: string) {
  await db.execute(
    sql`delete from follows where user_id = ${userId} and kind = ${kind} and target = ${target}`,
  );
}
