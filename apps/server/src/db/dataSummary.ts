import { sql } from 'drizzle-orm';
import type { Database } from './openDatabase.ts';
import { rowsOf } from './rowsOf.ts';

/** What a copy of the database must keep: each table's row count and the sums a plant's figures come from. */
export interface DataSummary {
  /** Every table of the schema (a partitioned table counted once, with its partitions), by name. */
  rows: Record<string, number>;
  /**
   * The readings' count, raw and compacted, and sums over them and the energy rollups (exact: summed as numeric, in
   * any order), to 3 decimals.
   */
  totals: Record<string, number>;
}

/** The tables of the application's schema, partitions left out (their parent counts their rows). */
export async function applicationTables(db: Database): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return tables.map((t) => t.name);
}

/** Counts every table and sums the readings and the energy, to compare a database with its copy. */
export async function dataSummary(db: Database): Promise<DataSummary> {
  const rows: Record<string, number> = {};
  for (const name of await applicationTables(db)) {
    const [r] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    rows[name] = r!.n;
  }
  // The readings raw and compacted alike (telemetry_between): a compacted day lost in a copy changes the row count
  // of telemetry_days and these.
  const [t] = await rowsOf<Record<string, number | null>>(
    db,
    sql`with r as (select * from telemetry_between('-infinity', 'infinity'))
        select
          (select count(*)::float8 from r) as "readings",
          (select round(sum(energy_total_kwh::numeric), 3)::float8 from r) as "readings.energy_total_kwh",
          (select round(sum(ac_power_w::numeric), 3)::float8 from r) as "readings.ac_power_w",
          (select round(sum(energy_kwh::numeric), 3)::float8 from plant_energy) as "plant_energy.energy_kwh",
          (select round(sum(energy_kwh::numeric), 3)::float8 from device_energy) as "device_energy.energy_kwh"`,
  );
  const totals = Object.fromEntries(Object.entries(t!).map(([k, v]) => [k, v ?? 0]));
  return { rows, totals };
}

/** What a copy's summary lacks or has otherwise than the original's, one line each; empty when they agree. */
export function summaryDifferences(original: DataSummary, copy: DataSummary): string[] {
  return [
    ...Object.entries(original.rows)
      .filter(([t, n]) => copy.rows[t] !== n)
      .map(([t, n]) => `${t}: ${n} rows, copy ${copy.rows[t] ?? 'missing'}`),
    ...Object.entries(original.totals)
      .filter(([k, v]) => copy.totals[k] !== v)
      .map(([k, v]) => `${k}: ${v}, copy ${copy.totals[k]}`),
  ];
}
