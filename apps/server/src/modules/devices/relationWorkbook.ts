import ExcelJS from 'exceljs';
import type { RelationRow } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';

const HEADERS: Record<Lang, string[]> = {
  zh: ['采集器序列号', '设备序列号', '设备类型', '电站', '绑定时间', '解绑时间'],
  en: ['Collector serial', 'Device serial', 'Device type', 'Plant', 'Bound at', 'Unbound at'],
};

/** The collector-device mapping as an Excel workbook in the caller's language; times in UTC (ISO 8601). */
export async function relationWorkbook(rows: readonly RelationRow[], lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(lang === 'zh' ? '采集器与设备' : 'Relations');
  sheet.addRow(HEADERS[lang]).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      r.collectorSerial,
      r.deviceSerial,
      r.deviceKind,
      r.plantName,
      r.boundAt,
      r.unboundAt ?? '',
    ]);
  }
  sheet.columns.forEach((c) => (c.width = 22));
  return Buffer.from(await book.xlsx.writeBuffer());
}
