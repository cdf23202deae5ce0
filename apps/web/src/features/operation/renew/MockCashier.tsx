import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { type ConsoleOrder, useCancelOrder, usePayMock } from '../renewal-shared/api.ts';
import { CashierFooter } from './CashierFooter.tsx';
import { CashierSummary } from './CashierSummary.tsx';

/** What the mock provider's pay call may answer that means the order is paid. */
const PAID = new Set(['applied', 'duplicate']);

/**
 * The built-in `mock` provider's cashier, standing where a real provider's pay page would: it shows what is to be
 * paid, and "pay" has the provider take the trade and send the server its signed notification, which the server
 * verifies as it would a real one. The page then reads the order back, as a real provider's return does.
 */
export function MockCashier({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  const pay = usePayMock();
  const cancel = useCancelOrder();
  const refused = pay.data && !PAID.has(pay.data.outcome) ? pay.data.outcome : null;
  return (
    <Card title={t('renewal.cashierTitle')} data-testid="mock-cashier" style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('renewal.cashierNote')}</Typography.Paragraph>
      <CashierSummary order={order} />
      {(pay.error || cancel.error || refused) && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          title={
            refused ? t('renewal.payRefused', { outcome: refused }) : errorMessage(pay.error ?? cancel.error)
          }
        />
      )}
      <CashierFooter
        orderNo={order.orderNo}
        cancel={cancel}
        actions={[
          {
            label: t('renewal.pay'),
            pending: pay.isPending,
            run: () => pay.mutate(order.orderNo),
            testId: 'cashier-pay',
            primary: true,
          },
        ]}
      />
    </Card>
  );
}
