import type { RelationRow } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { tableWorkbook } from '../../http/tableWorkbook.ts';

const HEADERS: Record<Lang, string[]> = {
  zh: ['采集器序列号', '设备序列号', '设备类型', '电站', '绑定时间', '解绑时间'],
  en: ['Collector serial', 'Device serial', 'Device type', 'Plant', 'Bound at', 'Unbound at'],
};

/** The collector-device mapping as an Excel workbook in the caller's language; times in UTC (ISO 8601). */
export async function relationWorkbook(rows: readonly RelationRow[], lang: Lang): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'zh' ? '采集器与设备' : 'Relations',
    headers: HEADERS[lang],
    rows: rows.map((r) => [
      r.collectorSerial,
      r.deviceSerial,
      r.deviceKind,
      r.plantName,
      r.boundAt,
      r.unboundAt ?? '',
    ]),
    widths: 22,
  });
}
