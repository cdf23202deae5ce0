import { sql, type SQL } from 'drizzle-orm';
import type { TelemetryReading } from '@solarops/contracts';

/** The device a line is of: its id and the plant it belongs to (the device link's registry has more). */
export interface LineDevice {
  id: number;
  plantId: number;
}

/**
 * Readings as lines of PostgreSQL's COPY text format: the cells of a row separated by tabs, an empty cell for
 * NULL. The ingest turns each reading into its line at once and keeps only the line until the commit: a row
 * of 24 cells with its ISO times and array literals was a few dozen heap objects that lived through several
 * young-generation collections while the group commit waited, and the garbage collector took a third of the
 * server's time copying and promoting them. The ingest writes its lines as bytes (writeLine); the text forms
 * below serve the backfill, the benchmarks and the tests.
 *
 * Cells are numbers, ISO timestamps and array literals such as `{612.3,608.9}`: none holds a tab, a newline, a
 * quote or a backslash, so lines need no escaping, neither in COPY nor inside a quoted array element.
 */

/** Column order of the readings in `telemetry` and `device_latest`, with their types. */
export const COLUMNS = [
  ['device_id', 'int'],
  ['plant_id', 'int'],
  ['ts', 'timestamptz'],
  ['received_at', 'timestamptz'],
  ['ac_power_w', 'real'],
  ['energy_today_kwh', 'real'],
  ['energy_total_kwh', 'float8'],
  ['import_energy_kwh', 'float8'],
  ['grid_voltage_v', 'real[]'],
  ['grid_current_a', 'real[]'],
  ['grid_frequency_hz', 'real[]'],
  ['temp_c', 'real'],
  ['status', 'smallint'],
  ['fault_code', 'int'],
  ['pv_voltage_v', 'real[]'],
  ['pv_current_a', 'real[]'],
  ['battery_soc_percent', 'real'],
  ['battery_power_w', 'real'],
  ['battery_voltage_v', 'real'],
  ['ghi_wm2', 'real'],
  ['poa_wm2', 'real'],
  ['temp_air_c', 'real'],
  ['temp_module_c', 'real'],
  ['wind_speed_ms', 'real'],
] as const;
export const COLUMN_LIST = COLUMNS.map(([c]) => c).join(', ');

/** `COPY telemetry ... FROM STDIN` for reading lines (text format, an empty cell is NULL). */
export const COPY_TELEMETRY = `copy telemetry (${COLUMN_LIST}) from stdin with (null '')`;

/** An array field as its literal, or NULL (an empty cell) when absent or empty. */
const arrayCell = (a: readonly number[] | undefined) => (a && a.length > 0 ? `{${a.join(',')}}` : undefined);

/**
 * The reading's fields in the order of their cells (the columns after device, plant, ts and received_at): the
 * batch scanner (scanTelemetryBatch.ts) places cells by it.
 */
export const CELL_FIELDS = [
  'acPowerW',
  'energyTodayKwh',
  'energyTotalKwh',
  'importEnergyKwh',
  'gridVoltageV',
  'gridCurrentA',
  'gridFrequencyHz',
  'tempC',
  'status',
  'faultCode',
  'pvVoltageV',
  'pvCurrentA',
  'batterySocPercent',
  'batteryPowerW',
  'batteryVoltageV',
  'ghiWm2',
  'poaWm2',
  'tempAirC',
  'tempModuleC',
  'windSpeedMs',
] as const satisfies readonly (keyof TelemetryReading)[];

/**
 * A reading's measurement cells, tab-separated in CELL_FIELDS order. `Array.prototype.join` writes undefined as
 * an empty cell and gives one flat string.
 */
export function readingCells(r: TelemetryReading): string {
  return [
    r.acPowerW,
    r.energyTodayKwh,
    r.energyTotalKwh,
    r.importEnergyKwh,
    arrayCell(r.gridVoltageV),
    arrayCell(r.gridCurrentA),
    arrayCell(r.gridFrequencyHz),
    r.tempC,
    r.status,
    r.faultCode,
    arrayCell(r.pvVoltageV),
    arrayCell(r.pvCurrentA),
    r.batterySocPercent,
    r.batteryPowerW,
    r.batteryVoltageV,
    r.ghiWm2,
    r.poaWm2,
    r.tempAirC,
    r.tempModuleC,
    r.windSpeedMs,
  ].join('\t');
}

/**
 * A line from its device, times and measurement cells. `tsIso` is the reading's device time as ISO text (the
 * caller converts each distinct time once: a batch holds every device of a collector at a few times).
 */
export const lineOf = (device: LineDevice, tsIso: string, receivedIso: string, cells: string) =>
  [device.id, device.plantId, tsIso, receivedIso, cells].join('\t');

/** One reading as its line (see lineOf). */
export const readingLine = (device: LineDevice, r: TelemetryReading, tsIso: string, receivedIso: string) =>
  lineOf(device, tsIso, receivedIso, readingCells(r));

/** Lines as COPY input: one line each, newline-terminated. */
export const copyInput = (lines: readonly string[]) => (lines.length > 0 ? lines.join('\n') + '\n' : '');

/**
 * The ingest's lines are bytes: a batch's lines are written into one buffer, newline-terminated, straight from
 * the cells the batch scanner copied out of the payload. Kept outside the JavaScript heap, they cost the garbage
 * collector nothing while they wait for the commit, and they go to COPY as they are, with no string to encode.
 */

/** Bytes a line's device, plant and times take at most: two int4 and two ISO times, each with its tab. */
export const MAX_LINE_PREFIX = 2 * (11 + 1) + 2 * (24 + 1);

/** A device time and the receive time as the middle cells of a line: `<ts>\t<received>\t`. */
export const timeCells = (tsIso: string, receivedIso: string) =>
  Buffer.from(`${tsIso}\t${receivedIso}\t`, 'latin1');

/** Writes integer `n` as decimal digits at `at`; answers the position after it. */
function writeInt(out: Buffer, at: number, n: number): number {
  if (n < 0) {
    out[at++] = 45;
    n = -n;
  }
  let digits = 1;
  for (let m = n; m >= 10; m = Math.floor(m / 10)) digits++;
  for (let i = at + digits - 1; i >= at; i--) {
    out[i] = 48 + (n % 10);
    n = Math.floor(n / 10);
  }
  return at + digits;
}

/**
 * Writes one line at `at` (see lineOf): the device and plant, `times` (timeCells), the measurement cells
 * `cells[cellStart, cellEnd)` and a newline. `out` needs MAX_LINE_PREFIX + the cells + 1 bytes free. Answers the
 * position after the newline.
 */
export function writeLine(
  out: Buffer,
  at: number,
  device: LineDevice,
  times: Buffer,
  cells: Buffer,
  cellStart: number,
  cellEnd: number,
): number {
  at = writeInt(out, at, device.id);
  out[at++] = 9;
  at = writeInt(out, at, device.plantId);
  out[at++] = 9;
  at = copyBytes(times, 0, times.length, out, at);
  at = copyBytes(cells, cellStart, cellEnd, out, at);
  out[at++] = 10;
  return at;
}

/**
 * Copies `from[start, end)` to `to` at `at`; answers the position after it. A loop: `Buffer#copy` of a part
 * makes a view object per call, and lines are copied in short pieces.
 */
function copyBytes(from: Uint8Array, start: number, end: number, to: Uint8Array, at: number): number {
  for (let i = start; i < end; i++) to[at++] = from[i]!;
  return at;
}

/** A line buffer's lines as strings (the idempotent insert's input). */
export const linesOf = (lines: Buffer): string[] =>
  lines.length > 0 ? lines.toString('latin1', 0, lines.length - 1).split('\n') : [];

const TYPED_CELLS = COLUMNS.map(([, type], i) => `c.cells[${i + 1}]::${type}`).join(', ');

/**
 * `select <columns> from <lines>`: the lines travel as one text[] parameter (its literal written here, since
 * lines need no escaping, rather than escaped element by element by the driver) and are split into typed cells
 * by PostgreSQL. For the idempotent insert (`... on conflict do nothing`) and the backfill's latest state.
 */
export function selectLines(lines: readonly string[]): SQL {
  const literal = lines.length > 0 ? `{"${lines.join('","')}"}` : '{}';
  return sql`select ${sql.raw(TYPED_CELLS)}
    from unnest(${literal}::text[]) as l(line), lateral string_to_array(l.line, E'\t', '') as c(cells)`;
}

/** `set col = excluded.col, ...` of every column but the key and the plant: the latest-state upsert. */
export const UPDATE_FROM_EXCLUDED = COLUMNS.slice(2)
  .map(([c]) => `${c} = excluded.${c}`)
  .join(', ');
