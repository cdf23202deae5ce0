import { sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { scheduleJobs } from '../../jobs/scheduleJobs.ts';
import type { StartupHook } from '../../startupHook.ts';
import { statsOf, statusExpr, todayJoin } from './queries.ts';

/** How often the plants' live figures are recomputed [ms]: devices report every 5 minutes. */
export const LIVE_FIGURES_REFRESH_MS = 5_000;

/**
 * Recomputes every plant's live figures (status, power, energy of its local day and in total, device counts)
 * into plant_live_figures in one statement, with the same expressions the plant list uses for a page, and writes
 * only the rows whose figures changed. Returns the number of plants whose figures were written.
 */
export async function refreshPlantLiveFigures(db: Database): Promise<number> {
  const [written] = await rowsOf<{ n: number }>(
    db,
    sql`with now_figures as (
          select pl.id as plant_id, ${statusExpr} as status, coalesce(s.power_w, 0) as power_w,
            coalesce(e.energy_kwh, 0) as energy_today_kwh, coalesce(s.energy_total_kwh, 0) as energy_total_kwh,
            coalesce(s.device_count, 0) as device_count, coalesce(s.online_count, 0) as online_count
          from plants pl left join (${statsOf(sql`select id from plants`)}) s on s.plant_id = pl.id ${todayJoin}),
        written as (
          insert into plant_live_figures as f (plant_id, status, power_w, energy_today_kwh, energy_total_kwh,
            device_count, online_count, updated_at)
          select *, now() from now_figures
          on conflict (plant_id) do update set status = excluded.status, power_w = excluded.power_w,
            energy_today_kwh = excluded.energy_today_kwh, energy_total_kwh = excluded.energy_total_kwh,
            device_count = excluded.device_count, online_count = excluded.online_count, updated_at = now()
          where (f.status, f.power_w, f.energy_today_kwh, f.energy_total_kwh, f.device_count, f.online_count)
            is distinct from (excluded.status, excluded.power_w, excluded.energy_today_kwh,
              excluded.energy_total_kwh, excluded.device_count, excluded.online_count)
          returning 1)
        select count(*)::int as n from written`,
  );
  return written?.n ?? 0;
}

/** Keeps the plants' live figures every LIVE_FIGURES_REFRESH_MS beside the HTTP server, from its start, by one
 * instance at a time. */
export const plantLiveFiguresHook: StartupHook = {
  name: 'plant live figures',
  async start({ database, logger }) {
    return scheduleJobs(database, logger, [
      {
        name: 'plant live figures',
        lockKey: 727_601,
        everyMs: LIVE_FIGURES_REFRESH_MS,
        atStart: true,
        run: () => refreshPlantLiveFigures(database.db),
      },
    ]);
  },
};
