/**
 * A scan's curves, once its command is `applied`, become one row per string: diagnosed with the physics package
 * against the task's template, or kept and marked when the scan did not allow a diagnosis (below 400 W/m² in the
 * plane, the irradiance changing more than 5 % during the sweep, or a curve with too few points to fit). Idempotent:
 * a scan is settled once, whichever instance or call gets there first.
 */
import { sql } from 'drizzle-orm';
import {
  IV_CURVE_POINTS,
  IV_LIMITS,
  ivScanResult,
  type IvDeviceLayout,
  type IvTemplate,
  type IvScanResult,
} from '@solarops/contracts';
import {
  MIN_DIAGNOSIS_IRRADIANCE_WM2,
  diagnoseIvCurve,
  type IvDiagnosisInput,
  type IvPoint,
} from '@solarops/pv';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { stringSetup, type StringSetup } from './deviceLayouts.ts';
import { ivStrings } from './tables.ts';

const YEAR_MS = 365.25 * 86_400_000;

/**
 * The diagnosis input of one string at given conditions: its own module and length (`setup`, from its inverter's
 * layout or the template), the template's decay (age at the scan's instant) and sensitivity.
 */
export function templateInput(
  template: IvTemplate,
  setup: Pick<StringSetup, 'module' | 'modulesInSeries'>,
  conditions: { poaWm2: number; moduleTempC: number },
  at: Date,
): Omit<IvDiagnosisInput, 'points'> {
  return {
    module: setup.module,
    modulesInSeries: setup.modulesInSeries,
    conditions,
    ageYears: Math.max(0, (at.getTime() - Date.parse(template.connectionDate)) / YEAR_MS),
    decay: { firstYearPct: template.firstYearDecayPct, annualPct: template.annualDecayPct },
    sensitivity: template.sensitivity,
  };
}

/**
 * A tracer's points in rising voltage, points of one voltage merged into their mean current: the voltage it
 * measures is noisy, so neighbouring points of a sweep can come out of order or equal (about one scan in seven of
 * the simulated fleet's), which is no reason to leave a curve undiagnosed.
 */
export function risingVoltage(points: readonly IvPoint[]): IvPoint[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  const out: IvPoint[] = [];
  let n = 0;
  for (const [v, a] of sorted) {
    const last = out[out.length - 1];
    if (last && last[0] === v) {
      n += 1;
      last[1] += (a - last[1]) / n;
    } else {
      out.push([v, a]);
      n = 1;
    }
  }
  return out;
}

/** The rows of one scan's strings, each judged against its own setup (the inverter's layout, else the template). */
export function stringRows(
  taskId: number,
  commandId: string,
  serial: string,
  template: IvTemplate,
  layout: IvDeviceLayout | null,
  scan: IvScanResult,
  at: Date,
): (typeof ivStrings.$inferInsert)[] {
  const poaWm2 = (scan.poaStartWm2 + scan.poaEndWm2) / 2;
  const poaChangePct =
    (Math.abs(scan.poaEndWm2 - scan.poaStartWm2) / Math.max(Math.min(scan.poaStartWm2, scan.poaEndWm2), 1)) *
    100;
  const insufficient =
    poaWm2 < MIN_DIAGNOSIS_IRRADIANCE_WM2
      ? ('lowIrradiance' as const)
      : poaChangePct > IV_LIMITS.maxIrradianceChangePct
        ? ('unstableIrradiance' as const)
        : null;
  const conditions = { poaWm2, moduleTempC: scan.moduleTempC };
  return scan.strings.map((scanned) => {
    const s = { ...scanned, points: risingVoltage(scanned.points) };
    const base = {
      taskId,
      commandId,
      deviceSerial: serial,
      stringNo: s.string,
      poaWm2,
      moduleTempC: scan.moduleTempC,
      poaChangePct,
      points: s.points,
      scannedAt: at,
    };
    if (insufficient) return { ...base, insufficient };
    // Rising by construction (risingVoltage), but merging points of one voltage can leave fewer than a fit needs.
    if (s.points.length < IV_CURVE_POINTS.min) return { ...base, insufficient: 'tooFewPoints' as const };
    const setup = stringSetup(template, layout, s.string);
    const d = diagnoseIvCurve({ ...templateInput(template, setup, conditions, at), points: s.points });
    return {
      ...base,
      // A fault shape without loss is not reported as a fault (the string page still shows the shape).
      faultClass: d.reportedClass,
      confidence: d.confidence,
      secondClass: d.secondClass,
      secondConfidence: d.secondConfidence,
      lowConfidence: d.lowConfidence,
      performanceFactor: d.performanceFactor,
      pmpStcW: d.stc.pmpW,
      ffStc: d.stc.ff,
      energyLostKwhPerDay: d.energyLostKwhPerDay,
    };
  });
}

interface PendingScan {
  task_id: number;
  command_id: string;
  device_serial: string;
  template: IvTemplate;
  layout: IvDeviceLayout | null;
  result: unknown;
  finished_at: Date | string;
}

/**
 * Settles the applied, unsettled scans of a task (or of every task when `taskId` is undefined).
 *
 * @returns how many scans were settled
 */
export async function settleScans(db: Database, taskId?: number): Promise<number> {
  const pending = await rowsOf<PendingScan>(
    db,
    sql`select s.task_id, s.command_id, s.device_serial, t.template, s.layout, c.result, c.finished_at
      from iv_task_scans s join iv_tasks t on t.id = s.task_id join commands c on c.id = s.command_id
      where s.settled_at is null and c.state = 'applied'
        ${taskId === undefined ? sql`` : sql`and s.task_id = ${taskId}`}
      limit 200`,
  );
  let settled = 0;
  for (const p of pending) {
    const parsed = ivScanResult.safeParse(p.result);
    const at = new Date(p.finished_at);
    // A device answering something else than curves leaves the scan settled without strings.
    const rows = parsed.success
      ? stringRows(p.task_id, p.command_id, p.device_serial, p.template, p.layout, parsed.data, at)
      : [];
    await db.transaction(async (tx) => {
      const [mark] = await rowsOf<{ command_id: string }>(
        tx,
        sql`update iv_task_scans set settled_at = now()
          where command_id = ${p.command_id} and settled_at is null returning command_id`,
      );
      if (!mark) return;
      if (rows.length > 0) await tx.insert(ivStrings).values(rows).onConflictDoNothing();
      settled++;
    });
  }
  return settled;
}
