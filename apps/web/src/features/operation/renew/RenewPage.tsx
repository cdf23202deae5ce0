import { Button, Card, Result, Skeleton, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { OrderCards } from '../renewal-shared/OrderParts.tsx';
import { useOrder, type ConsoleOrder } from '../renewal-shared/api.ts';
import { MockCashier } from './MockCashier.tsx';
import { ProviderCashier } from './ProviderCashier.tsx';
import { RenewForm } from './RenewForm.tsx';
import { pathOf } from '../../../router/paths.ts';

/** The cards handed over by the card list (`?cards=1,2,3`). */
const cardIdsOf = (param: string | null): number[] =>
  (param ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * `renew`: the renewal flow of spec §4 — fill in the information, pay, done. The order being paid is in the
 * address (`?orderNo=`), so a reload or the order's details page comes back to its payment. Each step replaces the
 * address, so the flow stays one tab and one page (the console's tabs treat it as the page's own step).
 */
export function RenewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setSearchParams] = useSearchParams();
  const setParams = (next: Record<string, string>) => setSearchParams(next, { replace: true });
  const orderNo = params.get('orderNo') ?? undefined;
  const order = useOrder(orderNo);
  const current = !orderNo ? 0 : order.data?.status === 'renewing' ? 1 : 2;

  let body;
  if (!orderNo)
    body = (
      <RenewForm
        initialCardIds={cardIdsOf(params.get('cards'))}
        onMade={(o) => setParams({ orderNo: o.orderNo })}
      />
    );
  else if (order.isLoading) body = <Skeleton active />;
  else if (!order.data)
    body = (
      <QueryState
        isLoading={false}
        error={order.error}
        isEmpty={false}
        onRetry={() => void order.refetch()}
        missing={{
          text: t('renewal.noOrder'),
          backLabel: t('renewal.newRenewal'),
          onBack: () => setParams({}),
        }}
      >
        {null}
      </QueryState>
    );
  else if (order.data.status === 'renewing')
    body =
      order.data.provider === 'mock' ? (
        <MockCashier order={order.data} />
      ) : (
        // A provider's return adds its trade parameters to this address: a sign to ask now, never proof of payment.
        <ProviderCashier order={order.data} returned={params.has('out_trade_no')} />
      );
  else
    body = (
      <Done
        order={order.data}
        onNew={() => setParams({})}
        onDetails={() => void navigate(pathOf('renewDetails', { orderNo: order.data?.orderNo }))}
      />
    );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="page-renew">
      <Card>
        <Steps
          current={current}
          items={[
            { title: t('renewal.stepFill') },
            { title: t('renewal.stepPay') },
            { title: t('renewal.stepDone') },
          ]}
        />
      </Card>
      {body}
    </Space>
  );
}

function Done({ order, onNew, onDetails }: { order: ConsoleOrder; onNew(): void; onDetails(): void }) {
  const { t } = useTranslation();
  const paid = order.status === 'succeeded';
  return (
    <Card data-testid="renew-done">
      <Result
        status={paid ? 'success' : 'warning'}
        title={t(`renewal.done.${order.status}`)}
        subTitle={order.orderNo}
        extra={[
          <Button key="details" type="primary" onClick={onDetails} data-testid="renew-to-details">
            {t('renewal.toDetails')}
          </Button>,
          <Button key="new" onClick={onNew} data-testid="renew-new">
            {t('renewal.newRenewal')}
          </Button>,
        ]}
      />
      {paid && <OrderCards order={order} />}
    </Card>
  );
}
