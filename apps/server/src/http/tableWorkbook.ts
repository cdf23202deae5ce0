import ExcelJS from 'exceljs';
import { spreadsheetText } from './spreadsheetText.ts';

/** A cell as it is written: text that could start a formula is neutralised (`spreadsheetText`). */
const safeCell = (v: ExcelJS.CellValue): ExcelJS.CellValue =>
  typeof v === 'string' ? spreadsheetText(v) : v;

/** One table to export: a sheet with a bold title row and a row per record. */
export interface Table {
  /** The worksheet's name (in the caller's language). */
  sheet: string;
  headers: readonly string[];
  rows: Iterable<readonly ExcelJS.CellValue[]>;
  /** Column widths [characters]: one for every column, or one per column. */
  widths: number | readonly number[];
  /**
   * Columns (1-based) formatted as text: serials and ICCIDs, which a spreadsheet would otherwise turn into rounded
   * numbers when someone types into the file.
   */
  textColumns?: readonly number[];
}

/** A table as an .xlsx workbook (every export and template goes through here; `sendXlsx` answers it). */
export function tableWorkbook(table: Table): Promise<Buffer> {
  return tablesWorkbook([table]);
}

/** Several tables as one .xlsx workbook, a sheet each in the given order (a report's sections). */
export async function tablesWorkbook(tables: readonly Table[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const table of tables) {
    const sheet = book.addWorksheet(table.sheet);
    sheet.addRow([...table.headers]).font = { bold: true };
    for (const row of table.rows) sheet.addRow(row.map(safeCell));
    for (const col of table.textColumns ?? []) sheet.getColumn(col).numFmt = '@';
    const { widths } = table;
    sheet.columns.forEach((c, i) => (c.width = typeof widths === 'number' ? widths : (widths[i] ?? 12)));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
