import type { CustomReportField, CustomReportGrouping, CustomReportResult } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { tablesWorkbook } from '../../http/tableWorkbook.ts';

/** Column titles of the custom report's fields and groupings, as the screen shows them. */
export const CUSTOM_REPORT_LABELS: Record<
  Lang,
  Record<CustomReportField | CustomReportGrouping | 'total', string>
> = {
  zh: {
    plantCount: '电站数',
    capacityKw: '装机容量 (kW)',
    energyKwh: '发电量 (kWh)',
    peakPowerW: '峰值功率 (W)',
    specificYield: '等效小时 (kWh/kWp)',
    performanceRatio: '系统效率 PR',
    income: '收益',
    co2Kg: 'CO₂ 减排 (kg)',
    alarms: '告警数',
    faultAlarms: '故障数',
    completeness: '数据完整率',
    availability: '可用率（白天在线）',
    inverterCount: '逆变器数',
    simExpiry: '最早流量卡到期',
    plant: '电站',
    region: '地区',
    distributor: '经销商',
    installer: '安装商',
    deviceModel: '设备型号',
    total: '合计',
  },
  en: {
    plantCount: 'Plants',
    capacityKw: 'Capacity (kW)',
    energyKwh: 'Energy (kWh)',
    peakPowerW: 'Peak power (W)',
    specificYield: 'Specific yield (kWh/kWp)',
    performanceRatio: 'Performance ratio (PR)',
    income: 'Income',
    co2Kg: 'CO2 avoided (kg)',
    alarms: 'Alarms',
    faultAlarms: 'Faults',
    completeness: 'Data completeness',
    availability: 'Availability (online in daylight)',
    inverterCount: 'Inverters',
    simExpiry: 'First SIM expiry',
    plant: 'Plant',
    region: 'Region',
    distributor: 'Distributor',
    installer: 'Installer',
    deviceModel: 'Device model',
    total: 'Total',
  },
};

/** The custom report as a workbook: one sheet, the group then the template's columns in order, totals last. */
export function customReportWorkbook(r: CustomReportResult, name: string, lang: Lang): Promise<Buffer> {
  const L = CUSTOM_REPORT_LABELS[lang];
  return tablesWorkbook([
    {
      sheet: `${name} ${r.from} ~ ${r.to}`.slice(0, 31).replace(/[\\/?*[\]:]/g, '-'),
      headers: [L[r.groupBy], ...r.fields.map((f) => L[f])],
      rows: [
        ...r.rows.map((row) => [row.group, ...r.fields.map((f) => row.values[f] ?? null)]),
        [L.total, ...r.fields.map((f) => r.totals[f] ?? null)],
      ],
      widths: [24, ...r.fields.map(() => 16)],
    },
  ]);
}
