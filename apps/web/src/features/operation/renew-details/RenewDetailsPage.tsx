import { Button, Card, Empty, Space } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { BILL_CALLS, endpointPath } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { OrderCards, OrderFacts, OrderInvoice } from '../renewal-shared/OrderParts.tsx';
import { useOrder } from '../renewal-shared/api.ts';
import { pathOf } from '../../../router/paths.ts';

/** `renewDetails`: one renewal order — its frozen figures, its cards with their expiry, its invoice. */
export function RenewDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? undefined;
  const order = useOrder(orderNo);
  if (!orderNo) return <Empty description={t('renewal.noOrder')} />;
  const o = order.data;
  return (
    <QueryState
      isLoading={order.isLoading}
      error={order.error}
      isEmpty={!o}
      onRetry={() => void order.refetch()}
      missing={{
        text: t('renewal.noOrder'),
        backLabel: t('menu.bill'),
        onBack: () => void navigate(pathOf('bill')),
      }}
    >
      {o && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="page-renew-details">
          <Card
            title={t('renewal.order')}
            extra={
              <Space>
                {o.status === 'renewing' && (
                  <Button
                    type="primary"
                    onClick={() => void navigate(pathOf('renew', { orderNo: o.orderNo }))}
                    data-testid="details-pay"
                  >
                    {t('renewal.toPay')}
                  </Button>
                )}
                {o.invoice.type !== 'none' && (
                  <ExportButton
                    path={endpointPath(BILL_CALLS.invoiceRequest, { orderNo: o.orderNo })}
                    fileName={`${o.orderNo}-invoice-request.pdf`}
                    label={t('renewal.invoiceRequest')}
                    icon={<FilePdfOutlined />}
                    testId="details-invoice-request"
                  />
                )}
              </Space>
            }
          >
            <OrderFacts order={o} />
          </Card>
          <Card title={t('renewal.cards')}>
            <OrderCards order={o} />
          </Card>
          <Card title={t('renewal.invoice')}>
            <OrderInvoice order={o} />
          </Card>
        </Space>
      )}
    </QueryState>
  );
}
