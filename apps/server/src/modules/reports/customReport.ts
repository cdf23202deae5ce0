/**
 * Custom reports (`CustomReport`, `addCustomReport`): a template's fields in its column order, its rows grouped by
 * plant, region, distributor, installer or device model, over a day, week, month, year or billing cycle, sorted.
 * The figures are the periodic report's per plant (`reportBetween`), added up per group, so both agree.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  countryOfTimeZone,
  formatMoney,
  INVERTER_KINDS,
  MAX_REPORT_TEMPLATES,
  type CustomReportDefinition,
  type CustomReportField,
  type CustomReportResult,
  type PlantReportRow,
  type ReportTemplate,
  type ReportTemplateInput,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { conflict, notFound } from '../../http/AppError.ts';
import { localDay } from '../../time/localDay.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import type { Caller } from '../plants/plantScope.ts';
import { plantAvailability, type AvailabilitySlots } from './availability.ts';
import { reportBetween, reportPlants } from './periodicReport.ts';
import { billingCycle, periodDays, previousDay, weekDays } from './periods.ts';
import { checkReportCost, reportDeviceDays } from './reportCost.ts';
import { reportTemplates } from './tables.ts';

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** The local days a definition covers when made for `date`. */
export function customReportDays(d: CustomReportDefinition, date: string): { from: string; to: string } {
  switch (d.period) {
    case 'week':
      return weekDays(date);
    case 'billingCycle':
      return billingCycle(d.billingStartDay, date);
    default:
      return periodDays(d.period, date);
  }
}

/** Passes a definition's report makes over the readings: availability reads every slot a second time. */
const passesOf = (d: CustomReportDefinition) => (d.fields.includes('availability') ? 2 : 1);

/**
 * Refuses (422 `reports.tooCostly`, as the report itself would be) a template whose report costs more than one may
 * over the caller's scope, so that a template saved is one that can be made and mailed. It is priced over its period
 * so far and its last whole period (in the schedule's zone, else UTC): every report it is made or mailed for is one of
 * these or a part of one, and the costlier is the one named.
 */
export async function checkTemplateCost(
  db: Database,
  caller: Caller,
  input: ReportTemplateInput,
  nowMs = Date.now(),
): Promise<void> {
  const d = input.definition;
  const plants = await reportPlants(db, caller);
  const current = customReportDays(d, localDay(input.schedule?.timeZone ?? 'UTC', nowMs));
  const last = customReportDays(d, previousDay(current.from));
  const cost = (p: { from: string; to: string }) => reportDeviceDays(plants, p.from, p.to, nowMs);
  const costlier = cost(last) >= cost(current) ? last : current;
  checkReportCost(plants, costlier.from, costlier.to, nowMs, passesOf(d));
}

type PlantExtra = {
  id: number;
  installer: string | null;
  distributor: string | null;
  model: string | null;
  inverters: number;
  sim_expiry: string | null;
};

/** Per group: sums of the plants' figures, ready to be turned into the template's fields. */
interface Sums {
  plants: number;
  capacityKw: number;
  energyKwh: number;
  peakPowerW: number;
  income: Map<string, number>;
  co2Kg: number;
  /** Of the plants with a PR: their energy over the measured slots, and Σ kWp × irradiation [kWh]. */
  measuredKwh: number;
  promisedKwh: number;
  alarms: number;
  faultAlarms: number;
  received: number;
  expected: number;
  /** Inverter-slots of daylight, and those with a reading (availability.ts). */
  daylight: number;
  available: number;
  inverters: number;
  simExpiry: string | null;
}

const emptySums = (): Sums => ({
  plants: 0,
  capacityKw: 0,
  energyKwh: 0,
  peakPowerW: 0,
  income: new Map(),
  co2Kg: 0,
  measuredKwh: 0,
  promisedKwh: 0,
  alarms: 0,
  faultAlarms: 0,
  received: 0,
  expected: 0,
  daylight: 0,
  available: 0,
  inverters: 0,
  simExpiry: null,
});

function add(s: Sums, r: PlantReportRow, x: PlantExtra | undefined, a: AvailabilitySlots | undefined) {
  s.plants += 1;
  s.capacityKw += r.capacityKw;
  s.energyKwh += r.energyKwh;
  s.peakPowerW += r.peakPowerW;
  s.income.set(r.currency, (s.income.get(r.currency) ?? 0) + r.incomeMinor);
  s.co2Kg += r.co2Kg;
  if (r.performanceRatio !== null && r.irradiationKwhM2 !== null) {
    const promised = r.capacityKw * r.irradiationKwhM2;
    s.measuredKwh += r.performanceRatio * promised;
    s.promisedKwh += promised;
  }
  s.alarms += r.alarms.total;
  s.faultAlarms += r.alarms.level3;
  s.received += r.completeness.received;
  s.expected += r.completeness.expected;
  s.daylight += a?.daylight ?? 0;
  s.available += a?.available ?? 0;
  s.inverters += x?.inverters ?? 0;
  if (x?.sim_expiry && (s.simExpiry === null || x.sim_expiry < s.simExpiry)) s.simExpiry = x.sim_expiry;
}

/** A group's value of one field: numbers rounded for reading, incomes per currency as text. */
function valueOf(s: Sums, f: CustomReportField): number | string | null {
  switch (f) {
    case 'plantCount':
      return s.plants;
    case 'capacityKw':
      return round(s.capacityKw, 3);
    case 'energyKwh':
      return round(s.energyKwh, 3);
    case 'peakPowerW':
      return round(s.peakPowerW, 1);
    case 'specificYield':
      return s.capacityKw > 0 ? round(s.energyKwh / s.capacityKw, 3) : null;
    case 'performanceRatio':
      return s.promisedKwh > 0 ? round(s.measuredKwh / s.promisedKwh, 4) : null;
    case 'income':
      return [...s.income]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([c, m]) => formatMoney(m, c))
        .join('; ');
    case 'co2Kg':
      return round(s.co2Kg, 2);
    case 'alarms':
      return s.alarms;
    case 'faultAlarms':
      return s.faultAlarms;
    case 'completeness':
      return s.expected === 0 ? 1 : round(s.received / s.expected, 4);
    case 'availability':
      return s.daylight === 0 ? null : round(s.available / s.daylight, 4);
    case 'inverterCount':
      return s.inverters;
    case 'simExpiry':
      return s.simExpiry;
  }
}

/** Who and what each plant of the report belongs to, for the groupings, and its devices and cards. */
async function plantExtras(db: Database, ids: readonly number[]): Promise<Map<number, PlantExtra>> {
  const rows = await rowsOf<PlantExtra>(
    db,
    sql`select pl.id, i.name as installer,
          coalesce(di.name, dow.name) as distributor,
          (select d.model from devices d where d.plant_id = pl.id and d.kind = any(${sql.param([...INVERTER_KINDS])}::text[])
            group by d.model order by count(*) desc, d.model limit 1) as model,
          (select count(*)::int from devices d
            where d.plant_id = pl.id and d.kind = any(${sql.param([...INVERTER_KINDS])}::text[])) as inverters,
          (select min(s.expires_on)::text from sim_cards s join collectors c on c.id = s.collector_id
            where c.plant_id = pl.id) as sim_expiry
        from plants pl
        left join users i on i.id = pl.installer_id
        left join users di on di.id = i.parent_id and di.role_id = 2
        left join users o on o.id = pl.owner_id
        left join users dow on dow.id = o.parent_id and dow.role_id = 2
        where pl.id = any(${sql.param([...ids])}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The group a plant's row falls in; '' for none (a plant without installer), shown as a dash. */
function groupOf(d: CustomReportDefinition, r: PlantReportRow, x: PlantExtra | undefined): string {
  switch (d.groupBy) {
    case 'plant':
      return r.name;
    case 'region':
      return countryOfTimeZone(r.timeZone) ?? r.timeZone;
    case 'installer':
      return x?.installer ?? '';
    case 'distributor':
      return x?.distributor ?? '';
    case 'deviceModel':
      return x?.model ?? '';
  }
}

/** Makes the custom report of `d` for local day `date` over the caller's scope. */
export async function runCustomReport(
  db: Database,
  caller: Caller,
  d: CustomReportDefinition,
  date: string,
  nowMs = Date.now(),
): Promise<CustomReportResult> {
  const { from, to } = customReportDays(d, date);
  const base = await reportBetween(db, caller, { period: 'month', date, from, to }, nowMs, passesOf(d));
  const [extras, availability] = await Promise.all([
    plantExtras(
      db,
      base.plants.map((p) => p.plantId),
    ),
    // Only asked for: it reads every 5-minute slot of the period.
    d.fields.includes('availability')
      ? reportPlants(db, caller).then((plants) => plantAvailability(db, plants, from, to, nowMs))
      : Promise.resolve(new Map<number, AvailabilitySlots>()),
  ]);
  const groups = new Map<string, Sums>();
  const total = emptySums();
  for (const r of base.plants) {
    const x = extras.get(r.plantId);
    const key = groupOf(d, r, x);
    let s = groups.get(key);
    if (!s) groups.set(key, (s = emptySums()));
    const a = availability.get(r.plantId);
    add(s, r, x, a);
    add(total, r, x, a);
  }
  const values = (s: Sums) => Object.fromEntries(d.fields.map((f) => [f, valueOf(s, f)]));
  const rows = [...groups].map(([group, s]) => ({ group: group || '—', values: values(s) }));
  const sign = d.sortDir === 'asc' ? 1 : -1;
  const keyOf = (row: (typeof rows)[number]) => (d.sortBy === 'group' ? row.group : row.values[d.sortBy]);
  rows.sort((a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    if (x === y) return a.group.localeCompare(b.group);
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (
      sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)))
    );
  });
  return { from, to, groupBy: d.groupBy, fields: [...d.fields], rows, totals: values(total) };
}

type TemplateRow = typeof reportTemplates.$inferSelect;
const templateOf = (r: TemplateRow): ReportTemplate => ({
  id: r.id,
  name: r.name,
  definition: r.definition,
  schedule: r.schedule ?? null,
  updatedAt: r.updatedAt.toISOString(),
  lastSent: r.lastSent,
});

/** The caller's templates, newest change first. */
export async function listTemplates(db: Database, userId: number): Promise<ReportTemplate[]> {
  const rows = await db
    .select()
    .from(reportTemplates)
    .where(eq(reportTemplates.userId, userId))
    .orderBy(desc(reportTemplates.updatedAt), desc(reportTemplates.id));
  return rows.map(templateOf);
}

/** One of the caller's templates (404 for another account's). */
export async function getTemplate(db: Database, userId: number, id: number): Promise<ReportTemplate> {
  const [row] = await db
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.id, id), eq(reportTemplates.userId, userId)));
  if (!row) throw notFound();
  return templateOf(row);
}

/** Saves a new template; an account keeps at most MAX_REPORT_TEMPLATES, each name once, each within the cost bound. */
export async function createTemplate(
  db: Database,
  caller: Caller,
  input: ReportTemplateInput,
  nowMs = Date.now(),
): Promise<ReportTemplate> {
  const { userId } = caller;
  const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from report_templates where user_id = ${userId}`,
  );
  if (n >= MAX_REPORT_TEMPLATES) throw conflict('reports.tooManyTemplates');
  await checkTemplateCost(db, caller, input, nowMs);
  try {
    const [row] = await db
      .insert(reportTemplates)
      .values({ userId, name: input.name, definition: input.definition, schedule: input.schedule })
      .returning();
    return templateOf(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('reports.templateNameTaken');
    throw e;
  }
}

/** Changes one of the caller's templates; a change past the cost bound is refused and the template stays as it was. */
export async function updateTemplate(
  db: Database,
  caller: Caller,
  id: number,
  input: ReportTemplateInput,
  nowMs = Date.now(),
): Promise<ReportTemplate> {
  const { userId } = caller;
  await checkTemplateCost(db, caller, input, nowMs);
  try {
    const [row] = await db
      .update(reportTemplates)
      .set({
        name: input.name,
        definition: input.definition,
        schedule: input.schedule,
        // A changed schedule starts afresh with the period just ended.
        lastSent: null,
        updatedAt: new Date(),
      })
      .where(and(eq(reportTemplates.id, id), eq(reportTemplates.userId, userId)))
      .returning();
    if (!row) throw notFound();
    return templateOf(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('reports.templateNameTaken');
    throw e;
  }
}

/** Deletes one of the caller's templates. */
export async function deleteTemplate(db: Database, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(reportTemplates)
    .where(and(eq(reportTemplates.id, id), eq(reportTemplates.userId, userId)))
    .returning({ id: reportTemplates.id });
  if (gone.length === 0) throw notFound();
}
