/**
 * Inverters' layouts for IV diagnosis: how each inverter's strings are built (MPPT inputs, modules per string,
 * module type), kept on the device, and the setup each scanned string is judged against.
 */
import { sql } from 'drizzle-orm';
import {
  INVERTER_KINDS,
  type IvDeviceLayout,
  type IvDeviceLayoutView,
  type IvModuleDatasheet,
  type IvTemplate,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { AppError, notFound } from '../../http/AppError.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';

/** What one string is judged against: its module and how many of them are in series. */
export interface StringSetup {
  module: IvModuleDatasheet;
  modulesInSeries: number;
  /** Where it came from: the inverter's own layout, or the task's template. */
  source: 'device' | 'template';
}

/**
 * The setup of string `stringNo` (1-based, numbered across the inputs): the layout's input holding it, else the
 * template's string length; the layout's module type, else the template's module.
 */
export function stringSetup(
  template: Pick<IvTemplate, 'module' | 'modulesPerString'>,
  layout: IvDeviceLayout | null,
  stringNo: number,
): StringSetup {
  const module = layout?.moduleType?.module ?? template.module;
  let first = 1;
  for (const input of layout?.inputs ?? []) {
    if (stringNo < first + input.strings)
      return { module, modulesInSeries: input.modulesPerString, source: 'device' };
    first += input.strings;
  }
  return {
    module,
    modulesInSeries: template.modulesPerString,
    source: layout?.moduleType ? 'device' : 'template',
  };
}

interface DeviceDbRow {
  serial: string;
  kind: string;
  pv_strings: number;
  pv_layout: IvDeviceLayout | null;
}

async function deviceInScope(db: Database, caller: Caller, serial: string): Promise<DeviceDbRow> {
  const [row] = await rowsOf<DeviceDbRow>(
    db,
    sql`select d.serial, d.kind, d.pv_strings, d.pv_layout from devices d join plants pl on pl.id = d.plant_id
      where d.serial = ${serial} and ${plantScope(caller)}`,
  );
  if (!row) throw notFound();
  return row;
}

const toView = (r: DeviceDbRow): IvDeviceLayoutView => ({
  serial: r.serial,
  pvStrings: r.pv_strings,
  layout: r.pv_layout,
});

/** A device's layout in the caller's scope (404 otherwise). */
export async function getDeviceLayout(db: Database, caller: Caller, serial: string) {
  return toView(await deviceInScope(db, caller, serial));
}

/**
 * Sets (or with null clears) an inverter's layout. Refused, changing nothing: a device that is not an inverter,
 * or a layout of more strings than the inverter reports.
 */
export async function setDeviceLayout(
  db: Database,
  caller: Caller,
  serial: string,
  layout: IvDeviceLayout | null,
): Promise<IvDeviceLayoutView> {
  const device = await deviceInScope(db, caller, serial);
  if (!(INVERTER_KINDS as readonly string[]).includes(device.kind))
    throw new AppError(400, 'iv.notInverterLayout');
  const strings = (layout?.inputs ?? []).reduce((n, i) => n + i.strings, 0);
  if (device.pv_strings > 0 && strings > device.pv_strings)
    throw new AppError(400, 'validationFailed', {
      fieldErrors: [{ field: 'inputs', key: 'iv.layoutMoreStrings', params: { n: device.pv_strings } }],
    });
  const [row] = await rowsOf<DeviceDbRow>(
    db,
    sql`update devices set pv_layout = ${layout === null ? null : JSON.stringify(layout)}::jsonb
      where serial = ${serial} returning serial, kind, pv_strings, pv_layout`,
  );
  return toView(row!);
}

/** The layouts of `serials` as they are now (devices without one are absent). */
export async function layoutsOf(
  db: Database,
  serials: readonly string[],
): Promise<Map<string, IvDeviceLayout>> {
  const rows = await rowsOf<{ serial: string; pv_layout: IvDeviceLayout }>(
    db,
    sql`select serial, pv_layout from devices
      where serial = any(${sql.param([...serials])}::text[]) and pv_layout is not null`,
  );
  return new Map(rows.map((r) => [r.serial, r.pv_layout]));
}
