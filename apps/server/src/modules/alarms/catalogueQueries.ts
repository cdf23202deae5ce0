import { sql } from 'drizzle-orm';
import type { FaultCatalogueEntry } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';

/** A `fault_catalogue` row as stored. */
interface CatalogueRow {
  code: number;
  level: FaultCatalogueEntry['level'];
  family: FaultCatalogueEntry['family'];
  description_zh: string;
  description_en: string;
  solution_zh: string;
  solution_en: string;
}

/** The fault catalogue as administrators left it, by code. */
export async function listFaultCatalogue(db: Database): Promise<FaultCatalogueEntry[]> {
  const rows = await rowsOf<CatalogueRow>(db, sql`select * from fault_catalogue order by code`);
  return rows.map((r) => ({
    code: r.code,
    level: r.level,
    family: r.family,
    descriptionZh: r.description_zh,
    descriptionEn: r.description_en,
    solutionZh: r.solution_zh,
    solutionEn: r.solution_en,
  }));
}

/** Changes the given fields of a catalogue entry; false when there is no entry of that code. */
export async function updateFaultCatalogueEntry(
  db: Database,
  code: number,
  change: Partial<Omit<FaultCatalogueEntry, 'code'>>,
): Promise<boolean> {
  const rows = await rowsOf<{ code: number }>(
    db,
    sql`update fault_catalogue set
      level = coalesce(${change.level ?? null}::smallint, level),
      family = coalesce(${change.family ?? null}, family),
      description_zh = coalesce(${change.descriptionZh ?? null}, description_zh),
      description_en = coalesce(${change.descriptionEn ?? null}, description_en),
      solution_zh = coalesce(${change.solutionZh ?? null}, solution_zh),
      solution_en = coalesce(${change.solutionEn ?? null}, solution_en),
      updated_at = now()
    where code = ${code} returning code`,
  );
  return rows.length > 0;
}
