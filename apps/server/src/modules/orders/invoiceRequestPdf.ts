import { formatMoney, type RenewalOrder } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { PdfDocument } from '../../pdf/PdfDocument.ts';
import { orderWord } from './orderWords.ts';

const TEXT = {
  zh: {
    title: '发票开具申请',
    order: '订单',
    orderNo: '订单号',
    payOrderNo: '支付单号',
    createdAt: '下单时间',
    paidAt: '支付时间',
    account: '下单账号',
    status: '订单状态',
    cardCount: '卡数',
    years: '续费年限',
    price: '每卡每年单价',
    amount: '开票金额',
    invoice: '发票信息',
    type: '发票类型',
    invoiceTitle: '发票抬头',
    taxCode: '税号（统一社会信用代码）',
    address: '公司地址',
    phone: '公司电话',
    bank: '开户银行',
    bankAccount: '银行账号',
    recipient: '收件人',
    name: '姓名',
    recipientPhone: '电话',
    recipientAddress: '地址',
    cards: '续费的流量卡',
    iccid: 'ICCID',
    before: '原到期日',
    after: '新到期日',
    issued: '开票与寄送',
    invoiceStatus: '开票状态',
    invoicedOn: '开票日期',
    drawer: '开票人',
    deliveryCompany: '快递公司',
    deliveryNo: '快递单号',
  },
  en: {
    title: 'Invoice request',
    order: 'Order',
    orderNo: 'Order number',
    payOrderNo: 'Pay order number',
    createdAt: 'Ordered at',
    paidAt: 'Paid at',
    account: 'Account',
    status: 'Order status',
    cardCount: 'Cards',
    years: 'Years',
    price: 'Price per card and year',
    amount: 'Amount to invoice',
    invoice: 'Invoice',
    type: 'Invoice type',
    invoiceTitle: 'Invoice title',
    taxCode: 'Tax code (unified social credit code)',
    address: 'Company address',
    phone: 'Company phone',
    bank: 'Bank',
    bankAccount: 'Bank account',
    recipient: 'Recipient',
    name: 'Name',
    recipientPhone: 'Phone',
    recipientAddress: 'Address',
    cards: 'Cards renewed',
    iccid: 'ICCID',
    before: 'Expiry before',
    after: 'Expiry after',
    issued: 'Issue and delivery',
    invoiceStatus: 'Invoice status',
    invoicedOn: 'Invoice date',
    drawer: 'Drawn by',
    deliveryCompany: 'Delivery company',
    deliveryNo: 'Delivery number',
  },
} satisfies Record<Lang, Record<string, string>>;

/**
 * The invoice request of a renewal order that asked for an invoice, in `lang`: what the finance department needs
 * to draw it (the order's frozen amount, the invoice's title and tax details, where to send it, the cards it
 * covers) and, once drawn, how it was sent.
 */
export function invoiceRequestPdf(order: RenewalOrder, lang: Lang): Promise<Buffer> {
  const x = TEXT[lang];
  const { invoice, recipient, invoicing } = order;
  const doc = new PdfDocument({ title: x.title, subtitle: `${x.orderNo} ${order.orderNo}`, lang })
    .heading(x.order)
    .keyValues([
      [x.orderNo, order.orderNo],
      [x.payOrderNo, order.payOrderNo ?? '-'],
      [x.createdAt, order.createdAt.slice(0, 19).replace('T', ' ')],
      [x.paidAt, order.paidAt ? order.paidAt.slice(0, 19).replace('T', ' ') : '-'],
      [x.account, order.userCode],
      [x.status, orderWord(lang, order.status)],
      [x.cardCount, String(order.cardCount)],
      [x.years, String(order.years)],
      [x.price, formatMoney(order.pricePerYearMinor, order.currency)],
      [x.amount, formatMoney(order.amountMinor, order.currency)],
    ])
    .heading(x.invoice)
    .keyValues([
      [x.type, orderWord(lang, invoice.type)],
      ...(invoice.type === 'none' ? [] : [[x.invoiceTitle, invoice.title] as const]),
      ...(invoice.type === 'company'
        ? ([
            [x.taxCode, invoice.taxCode],
            [x.address, invoice.address],
            [x.phone, invoice.phone],
            [x.bank, invoice.bank],
            [x.bankAccount, invoice.bankAccount],
          ] as const)
        : []),
    ]);
  if (recipient)
    doc.heading(x.recipient).keyValues([
      [x.name, recipient.name],
      [x.recipientPhone, recipient.phone],
      [x.recipientAddress, recipient.address],
    ]);
  doc.heading(x.issued).keyValues([
    [x.invoiceStatus, orderWord(lang, order.invoiceStatus)],
    ...(invoicing
      ? ([
          [x.invoicedOn, invoicing.invoicedOn],
          [x.drawer, invoicing.drawer],
          [x.deliveryCompany, invoicing.deliveryCompany],
          [x.deliveryNo, invoicing.deliveryNo],
        ] as const)
      : []),
  ]);
  return doc
    .heading(x.cards)
    .table(
      [{ title: x.iccid, width: 0.5 }, { title: x.before }, { title: x.after }],
      order.cards.map((c) => [c.iccid, c.expiresBefore ?? '-', c.expiresAfter ?? '-']),
    )
    .toBuffer();
}
