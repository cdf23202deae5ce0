import { Descriptions, Table, Tag } from 'antd';
import { formatMoney, type InvoiceStatus, type OrderStatus } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/format/formatDate.ts';
import type { ConsoleOrder } from './api.ts';

const ORDER_COLORS: Record<OrderStatus, string> = {
  renewing: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
};
const INVOICE_COLORS: Record<InvoiceStatus, string> = {
  none: 'default',
  toBeInvoiced: 'warning',
  invoiced: 'success',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ORDER_COLORS[status]} data-testid="order-status">
      {t(`renewal.orderStatuses.${status}`)}
    </Tag>
  );
}

export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={INVOICE_COLORS[status]} data-testid="invoice-status">
      {t(`renewal.invoiceStatuses.${status}`)}
    </Tag>
  );
}

/** The order's figures as they were frozen when it was made: number, amount, period, states. */
export function OrderFacts({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered data-testid="order-facts">
      <Descriptions.Item label={t('renewal.orderNo')}>{order.orderNo}</Descriptions.Item>
      <Descriptions.Item label={t('renewal.payOrderNo')}>{order.payOrderNo ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('renewal.createdAt')}>{formatDate(order.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t('renewal.amount')}>
        <span data-testid="order-amount">{formatMoney(order.amountMinor, order.currency)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('renewal.period')}>
        {t('renewal.years', { count: order.years })}
      </Descriptions.Item>
      <Descriptions.Item label={t('renewal.pricePerYear')}>
        {formatMoney(order.pricePerYearMinor, order.currency)}
      </Descriptions.Item>
      <Descriptions.Item label={t('renewal.cardCount')}>{order.cardCount}</Descriptions.Item>
      <Descriptions.Item label={t('renewal.status')}>
        <OrderStatusTag status={order.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('renewal.paidAt')}>
        {order.paidAt ? formatDate(order.paidAt) : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('renewal.userCode')}>{order.userCode}</Descriptions.Item>
    </Descriptions>
  );
}

/** The order's cards with their expiry before it and after its payment. */
export function OrderCards({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="cardId"
      pagination={false}
      data-testid="order-cards"
      dataSource={order.cards}
      columns={[
        { title: t('card.iccid'), dataIndex: 'iccid' },
        {
          title: t('renewal.expiresBefore'),
          dataIndex: 'expiresBefore',
          render: (v: string | null) => v ?? '-',
        },
        {
          title: t('renewal.expiresAfter'),
          dataIndex: 'expiresAfter',
          render: (v: string | null) => v ?? '-',
        },
      ]}
    />
  );
}

/** What the invoice asks for, who receives it, and (once drawn) how it was sent. */
export function OrderInvoice({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  const { invoice, recipient, invoicing } = order;
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered data-testid="order-invoice">
      <Descriptions.Item label={t('renewal.invoiceType')}>
        {t(`renewal.invoiceTypes.${invoice.type}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('renewal.invoiceStatus')}>
        <InvoiceStatusTag status={order.invoiceStatus} />
      </Descriptions.Item>
      {invoice.type !== 'none' && (
        <Descriptions.Item label={t('renewal.invoiceTitle')}>{invoice.title}</Descriptions.Item>
      )}
      {invoice.type === 'company' && (
        <>
          <Descriptions.Item label={t('renewal.taxCode')}>{invoice.taxCode}</Descriptions.Item>
          <Descriptions.Item label={t('renewal.companyAddress')}>{invoice.address}</Descriptions.Item>
          <Descriptions.Item label={t('renewal.companyPhone')}>{invoice.phone}</Descriptions.Item>
          <Descriptions.Item label={t('renewal.bank')}>{invoice.bank}</Descriptions.Item>
          <Descriptions.Item label={t('renewal.bankAccount')}>{invoice.bankAccount}</Descriptions.Item>
        </>
      )}
      {recipient && (
        <>
          <Descriptions.Item label={t('renewal.recipientName')}>{recipient.name}</Descriptions.Item>
          <Descriptions.Item label={t('renewal.recipientPhone')}>{recipient.phone}</Descriptions.Item>
          <Descriptions.Item label={t('renewal.recipientAddress')}>{recipient.address}</Descriptions.Item>
        </>
      )}
      {invoicing && (
        <>
          <Descriptions.Item label={t('renewal.invoicedOn')}>{invoicing.invoicedOn}</Descriptions.Item>
          <Descriptions.Item label={t('renewal.drawer')}>{invoicing.drawer}</Descriptions.Item>
          <Descriptions.Item label={t('renewal.deliveryCompany')}>
            {invoicing.deliveryCompany}
          </Descriptions.Item>
          <Descriptions.Item label={t('renewal.deliveryNo')}>{invoicing.deliveryNo}</Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}
