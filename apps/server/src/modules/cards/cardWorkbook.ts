import type { CardRow } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { tableWorkbook } from '../../http/tableWorkbook.ts';

const HEADERS: Record<Lang, string[]> = {
  zh: [
    'ICCID',
    'SIM 卡号',
    '运营商',
    '状态',
    '运营商状态',
    '停机原因',
    '可续费截止',
    '激活时间',
    '到期日期',
    '已用流量 (MB)',
    '剩余流量 (MB)',
    '总流量 (MB)',
    '采集器',
    '电站',
  ],
  en: [
    'ICCID',
    'SIM number',
    'Operator',
    'Status',
    'Carrier state',
    'Shutdown reason',
    'Renewable until',
    'Activated at',
    'Expires on',
    'Used (MB)',
    'Remaining (MB)',
    'Total (MB)',
    'Collector',
    'Plant',
  ],
};

const WORDS: Record<Lang, Record<string, string>> = {
  zh: {
    chinaMobile: '中国移动',
    chinaUnicom: '中国联通',
    chinaTelecom: '中国电信',
    oneNce: '1NCE',
    emnify: 'emnify',
    toBeActivated: '待激活',
    testing: '测试期',
    normal: '正常',
    shutDown: '停机',
    expired: '到期',
    quota: '流量用尽',
    manual: '手动停机',
    arrears: '欠费',
    cancelled: '已注销',
  },
  en: {
    chinaMobile: 'China Mobile',
    chinaUnicom: 'China Unicom',
    chinaTelecom: 'China Telecom',
    oneNce: '1NCE',
    emnify: 'emnify',
    toBeActivated: 'To be activated',
    testing: 'Testing period',
    normal: 'Normal',
    shutDown: 'Shut down',
    expired: 'Expired',
    quota: 'Quota used up',
    manual: 'Stopped by hand',
    arrears: 'Arrears',
    cancelled: 'Cancelled',
  },
};

/** The card list as an Excel workbook in the caller's language; ICCIDs and numbers kept as text. */
export async function cardWorkbook(rows: readonly CardRow[], lang: Lang): Promise<Buffer> {
  const w = (k: string | null) => (k ? (WORDS[lang][k] ?? k) : '');
  return tableWorkbook({
    sheet: lang === 'zh' ? '物联网卡' : 'Internet cards',
    headers: HEADERS[lang],
    rows: rows.map((r) => [
      r.iccid,
      r.msisdn,
      w(r.operator),
      w(r.status),
      r.carrierState,
      w(r.shutdownReason),
      r.renewableUntil ?? '',
      r.activatedAt ?? '',
      r.expiresOn ?? '',
      r.usedMb,
      r.remainingMb,
      r.totalMb,
      r.collectorSerial ?? '',
      r.plantName ?? '',
    ]),
    widths: [24, 16, 12, 12, 12, 12, 14, 24, 12, 12, 12, 12, 18, 24],
    textColumns: [1, 2, 13],
  });
}
