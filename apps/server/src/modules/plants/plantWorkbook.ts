import { minorToMajor, type PlantRow } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { tableWorkbook } from '../../http/tableWorkbook.ts';

const HEADERS: Record<Lang, string[]> = {
  zh: [
    '电站名称',
    '业主',
    '地址',
    '类型',
    '装机容量 (kW)',
    '实时功率 (kW)',
    '今日发电 (kWh)',
    '累计发电 (kWh)',
    '今日收益',
    '累计收益',
    '币种',
    '状态',
    '建站日期',
    '时区',
  ],
  en: [
    'Plant',
    'Owner',
    'Address',
    'Type',
    'Capacity (kW)',
    'Power (kW)',
    'Energy today (kWh)',
    'Energy total (kWh)',
    'Income today',
    'Income total',
    'Currency',
    'Status',
    'Build date',
    'Time zone',
  ],
};

const TYPES: Record<Lang, Record<PlantRow['type'], string>> = {
  zh: { residential: '户用', povertyAlleviation: '扶贫', energyStorage: '储能', commercial: '工商业' },
  en: {
    residential: 'Residential',
    povertyAlleviation: 'Poverty alleviation',
    energyStorage: 'Energy storage',
    commercial: 'Commercial',
  },
};

const STATUSES: Record<Lang, Record<PlantRow['status'], string>> = {
  zh: { online: '在线', partial: '部分离线', offline: '离线', fault: '故障' },
  en: { online: 'Online', partial: 'Partly offline', offline: 'Offline', fault: 'Fault' },
};

/** The plant list as an Excel workbook in the caller's language: one row per plant, figures as numbers. */
export async function plantWorkbook(rows: readonly PlantRow[], lang: Lang): Promise<Buffer> {
  return tableWorkbook({
    sheet: lang === 'zh' ? '电站列表' : 'Plants',
    headers: HEADERS[lang],
    rows: rows.map((r) => [
      r.name,
      r.ownerName,
      r.address,
      TYPES[lang][r.type],
      r.capacityKw,
      Math.round(r.powerW) / 1000,
      r.energyTodayKwh,
      r.energyTotalKwh,
      // In the currency's major unit with its own decimals (JPY none, CNY two).
      minorToMajor(r.incomeTodayMinor, r.currency),
      minorToMajor(r.incomeTotalMinor, r.currency),
      r.currency,
      STATUSES[lang][r.status],
      r.buildDate,
      r.timeZone,
    ]),
    widths: 18,
  });
}
