/** IV templates: made, listed, edited and deleted within the caller's scope (templates of users it sees). */
import { and, desc, eq } from 'drizzle-orm';
import type { IvTemplate, IvTemplateBody } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { notFound } from '../../http/AppError.ts';
import type { Caller } from '../plants/plantScope.ts';
import { inScope } from '../users/dataScope.ts';
import { users } from '../users/tables.ts';
import { ivTemplates } from './tables.ts';

type TemplateRecord = typeof ivTemplates.$inferSelect;

const toTemplate = (r: TemplateRecord, createdBy: string): IvTemplate => ({
  id: r.id,
  name: r.name,
  description: r.description,
  module: r.module,
  moduleType: r.moduleType,
  maker: r.maker,
  firstYearDecayPct: r.firstYearDecayPct,
  annualDecayPct: r.annualDecayPct,
  modulesPerString: r.modulesPerString,
  connectionDate: r.connectionDate,
  sensitivity: r.sensitivity,
  createdBy,
  createdAt: r.createdAt.toISOString(),
});

const columnsOf = (body: IvTemplateBody) => ({
  name: body.name,
  description: body.description,
  module: body.module,
  moduleType: body.moduleType,
  maker: body.maker,
  firstYearDecayPct: body.firstYearDecayPct,
  annualDecayPct: body.annualDecayPct,
  modulesPerString: body.modulesPerString,
  connectionDate: body.connectionDate,
  sensitivity: body.sensitivity,
});

/** The caller's templates (and those of the users it sees), newest first. */
export async function listTemplates(db: Database, caller: Caller): Promise<IvTemplate[]> {
  const rows = await db
    .select({ t: ivTemplates, createdBy: users.userCode })
    .from(ivTemplates)
    .innerJoin(users, eq(users.id, ivTemplates.ownerId))
    .where(inScope(caller, ivTemplates.ownerId))
    .orderBy(desc(ivTemplates.createdAt), desc(ivTemplates.id));
  return rows.map((r) => toTemplate(r.t, r.createdBy));
}

/** One template in the caller's scope; 404 otherwise. */
export async function findTemplate(db: Database, caller: Caller, id: number): Promise<IvTemplate> {
  const [row] = await db
    .select({ t: ivTemplates, createdBy: users.userCode })
    .from(ivTemplates)
    .innerJoin(users, eq(users.id, ivTemplates.ownerId))
    .where(and(eq(ivTemplates.id, id), inScope(caller, ivTemplates.ownerId)));
  if (!row) throw notFound();
  return toTemplate(row.t, row.createdBy);
}

export async function createTemplate(
  db: Database,
  caller: Caller,
  body: IvTemplateBody,
): Promise<IvTemplate> {
  const [row] = await db
    .insert(ivTemplates)
    .values({ ...columnsOf(body), ownerId: caller.userId })
    .returning({ id: ivTemplates.id });
  return findTemplate(db, caller, row!.id);
}

export async function updateTemplate(
  db: Database,
  caller: Caller,
  id: number,
  body: IvTemplateBody,
): Promise<IvTemplate> {
  await findTemplate(db, caller, id);
  await db.update(ivTemplates).set(columnsOf(body)).where(eq(ivTemplates.id, id));
  return findTemplate(db, caller, id);
}

/** Deletes a template; its tasks keep their copy of it. */
export async function deleteTemplate(db: Database, caller: Caller, id: number): Promise<void> {
  await findTemplate(db, caller, id);
  await db.delete(ivTemplates).where(eq(ivTemplates.id, id));
}
