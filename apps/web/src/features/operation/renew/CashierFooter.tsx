import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useCancelOrder } from '../renewal-shared/api.ts';

/** One of a cashier's own buttons (pay, check the payment): whether its call is under way, and what it does. */
export interface CashierAction {
  label: string;
  pending: boolean;
  run(): void;
  testId: string;
  primary?: boolean;
}

/**
 * The buttons under a cashier: its own actions, then "Cancel order". While one call is under way its button spins
 * and the others wait, so that an order is never paid and cancelled at once. The cancel call is the cashier's
 * (it shows the call's error with its others).
 */
export function CashierFooter({
  orderNo,
  actions,
  cancel,
}: {
  orderNo: string;
  actions: CashierAction[];
  cancel: ReturnType<typeof useCancelOrder>;
}) {
  const { t } = useTranslation();
  const all: CashierAction[] = [
    ...actions,
    {
      label: t('renewal.cancelOrder'),
      pending: cancel.isPending,
      run: () => cancel.mutate(orderNo),
      testId: 'cashier-cancel',
    },
  ];
  const busy = all.some((a) => a.pending);
  return (
    <Space style={{ marginTop: 16 }} wrap>
      {all.map((a) => (
        <Button
          key={a.testId}
          type={a.primary ? 'primary' : undefined}
          loading={a.pending}
          disabled={busy && !a.pending}
          onClick={a.run}
          data-testid={a.testId}
        >
          {a.label}
        </Button>
      ))}
    </Space>
  );
}
