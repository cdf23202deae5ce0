/** Reads of IV tasks and their strings, within the caller's plants. */
import { sql } from 'drizzle-orm';
import {
  INVERTER_KINDS,
  type IvInverter,
  type IvStringDetail,
  type IvStringRow,
  type IvTask,
  type IvDeviceLayout,
  type IvTemplate,
  type ivStringQuery,
} from '@solarops/contracts';
import { diagnoseIvCurve, expectedIvCurves, type IvDiagnosis, type IvPoint } from '@solarops/pv';
import type { z } from 'zod';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { escapeLike } from '../../db/escapeLike.ts';
import { notFound } from '../../http/AppError.ts';
import type { PageWindow } from '../../http/listRoutes.ts';
import type { Lang } from '../../i18n/messages.ts';
import { listDeviceTargets } from '../commands/index.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { toApiResult } from './diagnose.ts';
import { stringSetup } from './deviceLayouts.ts';
import { templateInput } from './settleScans.ts';

interface TaskRow {
  id: number;
  name: string;
  plant_id: number;
  plant_name: string;
  template_id: number;
  template: IvTemplate;
  created_by: string;
  created_at: Date | string;
  inverters: number;
  open_scans: number;
  taken_scans: number;
  failed_scans: number;
  classes: Record<string, number> | null;
  strings: number;
}

const TASKS = sql`select t.id, t.name, t.plant_id, pl.name as plant_name, t.template_id, t.template,
    u.user_code as created_by, t.created_at,
    (select count(*)::int from iv_task_scans s where s.task_id = t.id) as inverters,
    (select count(*)::int from iv_task_scans s join commands c on c.id = s.command_id
      where s.task_id = t.id and (c.state in ('queued', 'sent', 'acked') or (c.state = 'applied' and s.settled_at is null))) as open_scans,
    (select count(*)::int from iv_task_scans s join commands c on c.id = s.command_id
      where s.task_id = t.id and c.state <> 'queued' and c.state <> 'sent') as taken_scans,
    (select count(*)::int from iv_task_scans s join commands c on c.id = s.command_id
      where s.task_id = t.id and c.state in ('failed', 'expired', 'cancelled')) as failed_scans,
    (select jsonb_object_agg(k, n) from (select coalesce(st.fault_class, 'insufficient') as k, count(*)::int as n
      from iv_strings st where st.task_id = t.id group by 1) g) as classes,
    (select count(*)::int from iv_strings st where st.task_id = t.id) as strings
  from iv_tasks t join plants pl on pl.id = t.plant_id join users u on u.id = t.created_by`;

const toTask = (r: TaskRow): IvTask => ({
  id: r.id,
  name: r.name,
  plantId: r.plant_id,
  plantName: r.plant_name,
  templateId: r.template_id,
  templateName: r.template.name,
  // Issued until a device takes its scan; scanning while any scan is open; complete when all are settled or ended.
  state: r.open_scans === 0 ? 'complete' : r.taken_scans > 0 ? 'scanning' : 'issued',
  inverters: r.inverters,
  failedInverters: r.failed_scans,
  strings: r.strings,
  classes: r.classes ?? {},
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});

/** A page of the caller's tasks, newest first (of a plant when given), and how many there are. */
export async function listTasks(
  db: Database,
  caller: Caller,
  plantId: number | undefined,
  window: PageWindow,
): Promise<{ total: number; rows: IvTask[] }> {
  const where = sql`${plantScope(caller)} ${plantId === undefined ? sql`` : sql`and t.plant_id = ${plantId}`}`;
  const [counted] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from iv_tasks t join plants pl on pl.id = t.plant_id where ${where}`,
  );
  const rows = await rowsOf<TaskRow>(
    db,
    sql`${TASKS} where ${where} order by t.created_at desc, t.id desc limit ${window.limit} offset ${window.offset}`,
  );
  return { total: counted?.n ?? 0, rows: rows.map(toTask) };
}

async function taskRow(db: Database, caller: Caller, id: number): Promise<TaskRow> {
  const [row] = await rowsOf<TaskRow>(db, sql`${TASKS} where t.id = ${id} and ${plantScope(caller)}`);
  if (!row) throw notFound();
  return row;
}

export async function findTask(db: Database, caller: Caller, id: number): Promise<IvTask> {
  return toTask(await taskRow(db, caller, id));
}

/** Each inverter of a task with its scan command's state. */
export async function taskInverters(db: Database, caller: Caller, id: number) {
  await taskRow(db, caller, id);
  const rows = await rowsOf<{
    serial: string;
    command_id: string;
    state: string;
    failure: string | null;
    strings: number;
  }>(
    db,
    sql`select s.device_serial as serial, s.command_id, c.state, coalesce(c.reason_detail, c.reason) as failure,
        (select count(*)::int from iv_strings st where st.command_id = s.command_id) as strings
      from iv_task_scans s join commands c on c.id = s.command_id where s.task_id = ${id} order by s.device_serial`,
  );
  return rows.map((r) => ({
    serial: r.serial,
    commandId: r.command_id,
    commandState: r.state,
    failure: r.failure,
    strings: r.strings,
  }));
}

interface StringDbRow {
  id: number;
  task_id: number;
  device_serial: string;
  string_no: number;
  poa_wm2: number;
  module_temp_c: number;
  poa_change_pct: number;
  fault_class: IvStringRow['faultClass'];
  insufficient: IvStringRow['insufficient'];
  confidence: number | null;
  second_class: IvStringRow['secondClass'];
  second_confidence: number | null;
  low_confidence: boolean | null;
  performance_factor: number | null;
  pmp_stc_w: number | null;
  ff_stc: number | null;
  energy_lost_kwh_per_day: number | null;
  scanned_at: Date | string;
  template: IvTemplate;
  layout: IvDeviceLayout | null;
}

const toStringRow = (r: StringDbRow): IvStringRow => ({
  id: r.id,
  taskId: r.task_id,
  serial: r.device_serial,
  stringNo: r.string_no,
  poaWm2: r.poa_wm2,
  moduleTempC: r.module_temp_c,
  poaChangePct: r.poa_change_pct,
  faultClass: r.fault_class,
  insufficient: r.insufficient,
  confidence: r.confidence,
  secondClass: r.second_class,
  secondConfidence: r.second_confidence,
  lowConfidence: r.low_confidence,
  performanceFactor: r.performance_factor,
  pmpStcW: r.pmp_stc_w,
  ffStc: r.ff_stc,
  energyLostKwhPerDay: r.energy_lost_kwh_per_day,
  modulesInSeries: stringSetup(r.template, r.layout, r.string_no).modulesInSeries,
  scannedAt: new Date(r.scanned_at).toISOString(),
});

const STRING_COLUMNS = sql`st.id, st.task_id, st.device_serial, st.string_no, st.poa_wm2, st.module_temp_c,
  st.poa_change_pct, st.fault_class, st.insufficient, st.confidence, st.second_class, st.second_confidence, st.low_confidence, st.performance_factor, st.pmp_stc_w, st.ff_stc,
  st.energy_lost_kwh_per_day, st.scanned_at, t.template, sc.layout`;

/** A string with its task (the template) and its scan (the inverter's layout then). */
const STRINGS_FROM = sql`iv_strings st join iv_tasks t on t.id = st.task_id
  join iv_task_scans sc on sc.command_id = st.command_id`;

const SORTS = {
  serial: sql`st.device_serial`,
  performanceFactor: sql`st.performance_factor`,
  energyLost: sql`st.energy_lost_kwh_per_day`,
  confidence: sql`st.confidence`,
} as const;

/** A task's strings, filtered by class (or `insufficient`) and serial, sorted; every row (a task has at most a few thousand). */
export async function taskStrings(
  db: Database,
  caller: Caller,
  id: number,
  q: z.infer<typeof ivStringQuery>,
): Promise<IvStringRow[]> {
  await taskRow(db, caller, id);
  const conds = [sql`st.task_id = ${id}`];
  if (q.faultClass === 'insufficient') conds.push(sql`st.fault_class is null`);
  else if (q.faultClass) conds.push(sql`st.fault_class = ${q.faultClass}`);
  if (q.serial) conds.push(sql`st.device_serial ilike ${`%${escapeLike(q.serial)}%`}`);
  const dir = sql.raw(q.order === 'desc' ? 'desc nulls last' : 'asc nulls last');
  const rows = await rowsOf<StringDbRow>(
    db,
    sql`select ${STRING_COLUMNS} from ${STRINGS_FROM} where ${sql.join(conds, sql` and `)}
      order by ${SORTS[q.sort]} ${dir}, st.device_serial, st.string_no`,
  );
  return rows.map(toStringRow);
}

/** Points kept on a chart: a curve of a few hundred points plots as it is. */
const CURVE_POINTS = 120;

/** One string with its curves, the model's curves and its diagnosis in the caller's language. */
export async function stringDetail(
  db: Database,
  caller: Caller,
  id: number,
  lang: Lang,
): Promise<IvStringDetail> {
  const [row] = await rowsOf<StringDbRow & { points: IvPoint[] }>(
    db,
    sql`select ${STRING_COLUMNS}, st.points from ${STRINGS_FROM}
      join plants pl on pl.id = t.plant_id where st.id = ${id} and ${plantScope(caller)}`,
  );
  if (!row) throw notFound();
  const r = toStringRow(row);
  const conditions = { poaWm2: r.poaWm2, moduleTempC: r.moduleTempC };
  const setup = stringSetup(row.template, row.layout, r.stringNo);
  const input = templateInput(row.template, setup, conditions, new Date(r.scannedAt));
  const expected = expectedIvCurves(input, CURVE_POINTS);
  const d = r.faultClass === null ? null : diagnoseIvCurve({ ...input, points: row.points });
  return {
    row: r,
    modulesInSeries: input.modulesInSeries,
    points: row.points,
    diagnosis: d ? toApiResult(d, lang) : null,
    expectedPoints: expected.atConditions,
    expectedStcPoints: expected.atStc,
    stcPoints: d?.stcPoints ?? [],
  };
}

/** An abnormal string of a task's report: its row, its curve, its expected curve and its whole diagnosis. */
export interface AbnormalString {
  row: IvStringRow;
  points: IvPoint[];
  expectedPoints: IvPoint[];
  diagnosis: IvDiagnosis;
}

/**
 * A task's strings reported with a fault, most energy lost first (at most `limit`), each diagnosed again against
 * the setup it was judged against, and how many there are in all.
 */
export async function abnormalStrings(
  db: Database,
  caller: Caller,
  id: number,
  limit: number,
): Promise<{ count: number; strings: AbnormalString[] }> {
  await taskRow(db, caller, id);
  const abnormal = sql`st.task_id = ${id} and st.fault_class is not null and st.fault_class <> 'normal'`;
  const [counted] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from iv_strings st where ${abnormal}`,
  );
  const rows = await rowsOf<StringDbRow & { points: IvPoint[] }>(
    db,
    sql`select ${STRING_COLUMNS}, st.points from ${STRINGS_FROM} where ${abnormal}
      order by st.energy_lost_kwh_per_day desc nulls last, st.device_serial, st.string_no limit ${limit}`,
  );
  const strings = rows.map((row) => {
    const r = toStringRow(row);
    const setup = stringSetup(row.template, row.layout, r.stringNo);
    const input = templateInput(
      row.template,
      setup,
      { poaWm2: r.poaWm2, moduleTempC: r.moduleTempC },
      new Date(r.scannedAt),
    );
    return {
      row: r,
      points: row.points,
      expectedPoints: expectedIvCurves(input, CURVE_POINTS).atConditions,
      diagnosis: diagnoseIvCurve({ ...input, points: row.points }),
    };
  });
  return { count: counted?.n ?? 0, strings };
}

/** The inverters in the caller's scope (at most 2 000), for the task's pickers. */
export async function listInverters(db: Database, caller: Caller): Promise<IvInverter[]> {
  const rows = await listDeviceTargets(db, caller, {});
  return rows
    .filter((d) => (INVERTER_KINDS as readonly string[]).includes(d.kind))
    .map((d) => ({
      serial: d.serial,
      name: d.name,
      model: d.model,
      plantId: d.plantId,
      plantName: d.plantName,
      online: d.online,
    }));
}

/** A plant's time zone (the report's footer prints its time there). */
export async function plantTimeZone(db: Database, plantId: number): Promise<string> {
  const [row] = await rowsOf<{ time_zone: string }>(
    db,
    sql`select time_zone from plants where id = ${plantId}`,
  );
  return row?.time_zone ?? 'UTC';
}
