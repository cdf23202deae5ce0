import { and, desc, eq, sql } from 'drizzle-orm';
import type { ManualFileType, ManualLanguage, ManualListQuery, ManualVersionRow } from '@solarops/contracts';
import { escapeLike } from '../../db/escapeLike.ts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { manuals, manualVersions } from './tables.ts';

/** A manual with its newest version, as the list shows it (the address is added by the route). */
export interface ManualListRow {
  id: number;
  model: string;
  language: ManualLanguage;
  name: string;
  fileName: string;
  fileType: ManualFileType;
  sizeBytes: number;
  version: number;
  versions: number;
  savedAt: string;
}

interface ListedRow {
  id: number;
  model: string;
  language: ManualLanguage;
  name: string;
  file_name: string;
  file_type: ManualFileType;
  size_bytes: number;
  version: number;
  versions: number;
  saved_at: Date | string;
  total: number;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * Manuals with their newest version, filtered by the newest version's name, the model (both containing the text,
 * any case) and the language; the most recently saved first.
 */
export async function listManuals(
  db: Database,
  q: Pick<ManualListQuery, 'name' | 'model' | 'language'>,
  window: { limit: number; offset: number },
): Promise<{ total: number; rows: ManualListRow[] }> {
  const filters = [
    q.name ? sql`v.name ilike ${`%${escapeLike(q.name)}%`}` : undefined,
    q.model ? sql`m.model ilike ${`%${escapeLike(q.model)}%`}` : undefined,
    q.language ? sql`m.language = ${q.language}` : undefined,
  ].filter((f) => f !== undefined);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const rows = await rowsOf<ListedRow>(
    db,
    sql`select m.id, m.model, m.language, v.name, v.file_name, v.file_type, v.size_bytes, v.version, v.saved_at,
               n.versions, count(*) over ()::int as total
        from manuals m
        join lateral (
          select * from manual_versions where manual_id = m.id order by version desc limit 1
        ) v on true
        join lateral (select count(*)::int as versions from manual_versions where manual_id = m.id) n on true
        ${where}
        order by v.saved_at desc, m.id desc
        limit ${window.limit} offset ${window.offset}`,
  );
  return {
    total: rows[0]?.total ?? (window.offset > 0 ? await countManuals(db, where) : 0),
    rows: rows.map((r) => ({
      id: r.id,
      model: r.model,
      language: r.language,
      name: r.name,
      fileName: r.file_name,
      fileType: r.file_type,
      sizeBytes: r.size_bytes,
      version: r.version,
      versions: r.versions,
      savedAt: iso(r.saved_at),
    })),
  };
}

/** The total of a filtered list whose page came back empty (a page past the end). */
async function countManuals(db: Database, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from manuals m
        join lateral (
          select * from manual_versions where manual_id = m.id order by version desc limit 1
        ) v on true
        ${where}`,
  );
  return row?.n ?? 0;
}

/** One manual's model and language, or undefined. */
export async function manualById(db: Database, id: number) {
  const [row] = await db
    .select({ id: manuals.id, model: manuals.model, language: manuals.language })
    .from(manuals)
    .where(eq(manuals.id, id));
  return row;
}

const versionColumns = {
  id: manualVersions.id,
  manualId: manualVersions.manualId,
  version: manualVersions.version,
  name: manualVersions.name,
  fileName: manualVersions.fileName,
  fileType: manualVersions.fileType,
  sizeBytes: manualVersions.sizeBytes,
  uploadedBy: manualVersions.uploadedBy,
  savedAt: manualVersions.savedAt,
};

/** Every version of a manual, the newest first. */
export async function versionsOf(db: Database, manualId: number): Promise<ManualVersionRow[]> {
  const rows = await db
    .select(versionColumns)
    .from(manualVersions)
    .where(eq(manualVersions.manualId, manualId))
    .orderBy(desc(manualVersions.version));
  return rows.map((r) => ({ ...r, savedAt: r.savedAt.toISOString() }));
}

/** What serving one version's file needs, or undefined. */
export async function versionFile(db: Database, versionId: number) {
  const [row] = await db
    .select({
      fileId: manualVersions.fileId,
      fileName: manualVersions.fileName,
      fileType: manualVersions.fileType,
    })
    .from(manualVersions)
    .where(eq(manualVersions.id, versionId));
  return row;
}

/** The newest version of the manual of `model` (any case) in `language`, or undefined. */
export async function newestVersion(db: Database, model: string, language: ManualLanguage) {
  const [row] = await db
    .select({
      model: manuals.model,
      name: manualVersions.name,
      version: manualVersions.version,
      fileId: manualVersions.fileId,
      fileName: manualVersions.fileName,
      fileType: manualVersions.fileType,
      sizeBytes: manualVersions.sizeBytes,
      savedAt: manualVersions.savedAt,
    })
    .from(manuals)
    .innerJoin(manualVersions, eq(manualVersions.manualId, manuals.id))
    .where(and(sql`lower(${manuals.model}) = lower(${model})`, eq(manuals.language, language)))
    .orderBy(desc(manualVersions.version))
    .limit(1);
  return row;
}
export type NewestVersion = NonNullable<Awaited<ReturnType<typeof newestVersion>>>;
