import { formatMoney, type RenewalOrder } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { tableWorkbook } from '../../http/tableWorkbook.ts';
import { orderWord } from './orderWords.ts';

const HEADERS: Record<Lang, string[]> = {
  zh: [
    '订单号',
    '支付单号',
    '下单时间',
    '账号',
    '卡数',
    '续费年限',
    '金额',
    '订单状态',
    '发票类型',
    '发票抬头',
    '税号',
    '开票状态',
    '开票日期',
    '开票人',
    '快递公司',
    '快递单号',
  ],
  en: [
    'Order number',
    'Pay order number',
    'Order time',
    'Account',
    'Cards',
    'Years',
    'Amount',
    'Order status',
    'Invoice type',
    'Invoice title',
    'Tax code',
    'Invoice status',
    'Invoice date',
    'Drawer',
    'Delivery company',
    'Delivery number',
  ],
};

/** The order list as an Excel workbook in the caller's language. */
export async function billWorkbook(rows: readonly RenewalOrder[], lang: Lang): Promise<Buffer> {
  const w = (k: string) => orderWord(lang, k);
  return tableWorkbook({
    sheet: lang === 'zh' ? '续费订单' : 'Renewal orders',
    headers: HEADERS[lang],
    rows: rows.map((o) => [
      o.orderNo,
      o.payOrderNo ?? '',
      o.createdAt,
      o.userCode,
      o.cardCount,
      o.years,
      formatMoney(o.amountMinor, o.currency),
      w(o.status),
      w(o.invoice.type),
      o.invoice.type === 'none' ? '' : o.invoice.title,
      o.invoice.type === 'company' ? o.invoice.taxCode : '',
      w(o.invoiceStatus),
      o.invoicing?.invoicedOn ?? '',
      o.invoicing?.drawer ?? '',
      o.invoicing?.deliveryCompany ?? '',
      o.invoicing?.deliveryNo ?? '',
    ]),
    widths: [26, 30, 24, 16, 8, 8, 14, 12, 18, 24, 22, 12, 12, 12, 14, 20],
    textColumns: [1, 2, 11, 16],
  });
}
