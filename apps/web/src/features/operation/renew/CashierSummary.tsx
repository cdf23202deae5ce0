import { Descriptions, Typography } from 'antd';
import { formatMoney } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrder } from '../renewal-shared/api.ts';

/** What is to be paid, as every cashier shows it: order number, cards, period and amount. */
export function CashierSummary({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('renewal.orderNo')}>
        <span data-testid="cashier-order-no">{order.orderNo}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('renewal.cardCount')}>{order.cardCount}</Descriptions.Item>
      <Descriptions.Item label={t('renewal.period')}>
        {t('renewal.years', { count: order.years })}
      </Descriptions.Item>
      <Descriptions.Item label={t('renewal.amount')}>
        <Typography.Text strong data-testid="cashier-amount">
          {formatMoney(order.amountMinor, order.currency)}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
