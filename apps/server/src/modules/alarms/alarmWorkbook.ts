import type { AlarmRow } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { tableWorkbook } from '../../http/tableWorkbook.ts';

const HEADERS: Record<Lang, string[]> = {
  zh: [
    '告警级别',
    '故障码',
    '告警描述',
    '电站',
    '采集器序列号',
    '设备序列号',
    '告警时间',
    '恢复时间',
    '状态',
    '确认人',
    '确认时间',
  ],
  en: [
    'Level',
    'Code',
    'Description',
    'Plant',
    'Collector SN',
    'Device SN',
    'Alarm time',
    'Recovery time',
    'Status',
    'Confirmed by',
    'Confirmed at',
  ],
};
const LEVELS: Record<Lang, string[]> = {
  zh: ['', '提示', '警告', '故障'],
  en: ['', 'Alerting', 'Warning', 'Fault'],
};
const STATUS: Record<Lang, string[]> = { zh: ['未恢复', '已恢复'], en: ['Occurred', 'Recovered'] };

/** The alarm list as an .xlsx workbook in the caller's language. */
export async function alarmWorkbook(rows: AlarmRow[], lang: Lang): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'zh' ? '告警' : 'Alarms',
    headers: HEADERS[lang],
    rows: rows.map((r) => [
      LEVELS[lang][r.level],
      r.code,
      r.description,
      r.plantName,
      r.deviceId,
      r.deviceSn,
      new Date(r.warningTime),
      r.recoveryTime ? new Date(r.recoveryTime) : '',
      STATUS[lang][r.status],
      r.confirmedBy ?? '',
      r.confirmedAt ? new Date(r.confirmedAt) : '',
    ]),
    widths: 18,
  });
}
