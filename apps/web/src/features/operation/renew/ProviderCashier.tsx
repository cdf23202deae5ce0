import { useEffect } from 'react';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { type ConsoleOrder, useCancelOrder, useConfirmPayment, usePayPage } from '../renewal-shared/api.ts';
import { CashierFooter } from './CashierFooter.tsx';
import { CashierSummary } from './CashierSummary.tsx';

/** Sends the browser to another site (the provider's pay page); a prop so that tests can see where it goes. */
export type GoTo = (url: string) => void;
const leaveTo: GoTo = (url) => window.location.assign(url);

/**
 * The pay step of an order paid at a real provider (Alipay): "pay" sends the payer to the provider's page at the
 * address the server signed; the provider sends the payer back to this page, which then has the server ask the
 * provider about the order. The parameters the provider adds to the return address are never read as proof of
 * payment: only the server's answer moves the flow on.
 */
export function ProviderCashier({
  order,
  returned,
  goTo = leaveTo,
}: {
  order: ConsoleOrder;
  /** The payer has just come back from the provider's page. */
  returned: boolean;
  goTo?: GoTo;
}) {
  const { t } = useTranslation();
  const provider = t(`renewal.providers.${order.provider}`, { defaultValue: order.provider });
  const payPage = usePayPage();
  const confirm = useConfirmPayment();
  const cancel = useCancelOrder();
  const { mutate: confirmOrder } = confirm;
  useEffect(() => {
    if (returned) confirmOrder(order.orderNo);
  }, [returned, order.orderNo, confirmOrder]);
  const notPaidYet = confirm.data?.status === 'renewing';
  const error = payPage.error ?? confirm.error ?? cancel.error;
  return (
    <Card
      title={t('renewal.providerCashierTitle', { provider })}
      data-testid="provider-cashier"
      style={{ maxWidth: 560 }}
    >
      <Typography.Paragraph type="secondary">{t('renewal.providerNote', { provider })}</Typography.Paragraph>
      <CashierSummary order={order} />
      {confirm.isPending && (
        <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('renewal.confirming', { provider })} />
      )}
      {notPaidYet && !confirm.isPending && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          title={t('renewal.notPaidYet', { provider })}
          data-testid="provider-not-paid"
        />
      )}
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorMessage(error)} />}
      <CashierFooter
        orderNo={order.orderNo}
        cancel={cancel}
        actions={[
          {
            label: t('renewal.payAtProvider', { provider }),
            pending: payPage.isPending,
            run: () =>
              payPage.mutate(order.orderNo, { onSuccess: ({ url }) => (url ? goTo(url) : undefined) }),
            testId: 'provider-pay',
            primary: true,
          },
          {
            label: t('renewal.checkPayment'),
            pending: confirm.isPending,
            run: () => confirm.mutate(order.orderNo),
            testId: 'provider-check',
          },
        ]}
      />
    </Card>
  );
}
