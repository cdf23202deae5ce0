/**
 * Starting an IV task: the user's password asked again, the template and plant in scope, and one `ivScan` command
 * per inverter through the command model (state, time-to-live, audit). An inverter is refused, with its reason,
 * when it is offline ("Device Offline Cannot Scan!"), not of the plant, not an inverter, or past its daily cap.
 * Each scan keeps its inverter's layout as it is now, as the task keeps its template.
 */
import { sql } from 'drizzle-orm';
import { INVERTER_KINDS, IV_LIMITS, type IvTaskBody } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { fieldError, notFound } from '../../http/AppError.ts';
import type { Lang } from '../../i18n/messages.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { createCommands, type Created, type DeviceTarget } from '../commands/index.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { layoutsOf } from './deviceLayouts.ts';
import { ivTaskScans, ivTasks } from './tables.ts';
import { findTemplate } from './templates.ts';

/** How long a scan may wait for its inverter [s]: a sweep takes seconds, a reconnect a few minutes. */
export const SCAN_TTL_S = 600;
/** Points per string the inverters are asked for. */
export const SCAN_POINTS = 200;

/** Scans of each of `serials` created since midnight UTC (every state counts: the device sweeps once per command). */
async function scansToday(db: Database, serials: readonly string[]): Promise<Map<string, number>> {
  const rows = await rowsOf<{ device_serial: string; n: number }>(
    db,
    sql`select device_serial, count(*)::int as n from commands
      where kind = 'ivScan' and device_serial = any(${sql.param([...serials])}::text[])
        and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
      group by device_serial`,
  );
  return new Map(rows.map((r) => [r.device_serial, r.n]));
}

async function checkPassword(db: Database, userId: number, password: string): Promise<void> {
  const [row] = await rowsOf<{ password_hash: string }>(
    db,
    sql`select password_hash from users where id = ${userId}`,
  );
  if (!row || !(await verifyPassword(password, row.password_hash)))
    throw fieldError('password', 'iv.wrongPassword');
}

/**
 * Creates the task and its scan commands in one transaction; the caller sends `created.toSend` afterwards.
 *
 * @returns the task's id and what the command model made (refusals included)
 */
export async function startScan(
  db: Database,
  caller: Caller & { userId: number },
  lang: Lang,
  body: IvTaskBody,
): Promise<{ taskId: number; created: Created }> {
  await checkPassword(db, caller.userId, body.password);
  const template = await findTemplate(db, caller, body.templateId);
  const [plant] = await rowsOf<{ id: number }>(
    db,
    sql`select pl.id from plants pl where pl.id = ${body.plantId} and ${plantScope(caller)}`,
  );
  if (!plant) throw notFound();
  const counts = await scansToday(db, body.serials);
  const layouts = await layoutsOf(db, body.serials);
  const cap = IV_LIMITS.scansPerInverterPerDay;
  const paramsFor = (d: DeviceTarget) => {
    if (d.plantId !== body.plantId) return { refuse: 'iv.otherPlant' as const };
    if (!(INVERTER_KINDS as readonly string[]).includes(d.kind)) return { refuse: 'iv.notInverter' as const };
    if (!d.online) return { refuse: 'iv.deviceOffline' as const };
    if ((counts.get(d.serial) ?? 0) >= cap) return { refuse: 'iv.dailyCap' as const, params: { cap } };
    return { params: { points: SCAN_POINTS } };
  };
  return db.transaction(async (tx) => {
    const created = await createCommands(tx as unknown as Database, {
      caller,
      lang,
      kind: 'ivScan',
      route: 'diagnosis',
      serials: body.serials,
      // The password asked again is this call's confirmation; the typed one of settings is not asked.
      confirm: body.serials.length === 1 ? body.serials[0]! : String(body.serials.length),
      ttlS: SCAN_TTL_S,
      batchParams: { task: body.name, templateId: template.id, points: SCAN_POINTS },
      paramsFor,
    });
    const [task] = await tx
      .insert(ivTasks)
      .values({
        name: body.name,
        plantId: body.plantId,
        templateId: template.id,
        template,
        createdBy: caller.userId,
      })
      .returning({ id: ivTasks.id });
    await tx.insert(ivTaskScans).values(
      created.stored.map((c) => ({
        taskId: task!.id,
        commandId: c.id,
        deviceSerial: c.deviceSerial,
        layout: layouts.get(c.deviceSerial) ?? null,
      })),
    );
    return { taskId: task!.id, created };
  });
}
