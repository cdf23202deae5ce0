import { useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import {
  BILL_CALLS,
  endpointPath,
  formatMoney,
  INVOICE_STATUSES,
  ORDER_STATUSES,
  ROLE,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../components/format/formatDate.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { useListState } from '../../../components/list/useListState.ts';
import { useUserStore } from '../../../store/userStore.ts';
import { InvoiceStatusTag, OrderStatusTag } from '../renewal-shared/OrderParts.tsx';
import { type BillFilters, type ConsoleOrder, useOrders } from '../renewal-shared/api.ts';
import { InvoicedDrawer } from './InvoicedDrawer.tsx';
import { pathOf } from '../../../router/paths.ts';

/**
 * `bill` (order management): the renewal orders in the caller's scope, filtered and exported; staff record the
 * invoices they drew and sent.
 */
export function BillPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListState<BillFilters>({});
  const query = useOrders(list.filters, list.page, list.limit);
  const roleId = useUserStore((s) => s.info?.roleId);
  // The server lets administrators and staff draw invoices; the others only see the state.
  const draws = roleId === ROLE.admin || roleId === ROLE.staff;
  const [invoicing, setInvoicing] = useState<string | null>(null);
  return (
    <ListPage<ConsoleOrder, BillFilters>
      layout="split"
      title={t('menu.bill')}
      list={list}
      query={query}
      emptyText={t('renewal.noOrders')}
      search={
        <SearchForm<BillFilters>
          onSearch={list.search}
          extra={
            <ExportButton
              path={endpointPath(BILL_CALLS.export, {})}
              params={{ ...list.filters }}
              fileName="orders.xlsx"
              disabled={(query.data?.rows ?? []).length === 0}
            />
          }
        >
          <Form.Item name="orderNo" label={t('renewal.orderNo')}>
            <Input allowClear data-testid="bill-order-no" />
          </Form.Item>
          <Form.Item name="status" label={t('renewal.status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              data-testid="bill-status"
              options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`renewal.orderStatuses.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="invoiceStatus" label={t('renewal.invoiceStatus')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`renewal.invoiceStatuses.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="createdFrom" label={t('renewal.createdFrom')}>
            <Input allowClear placeholder={t('card.datePlaceholder')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="createdTo" label={t('renewal.createdTo')}>
            <Input allowClear placeholder={t('card.datePlaceholder')} style={{ width: 150 }} />
          </Form.Item>
        </SearchForm>
      }
      table={{
        rowKey: 'orderNo',
        'data-testid': 'bill-table',
        columns: [
          { title: t('renewal.orderNo'), dataIndex: 'orderNo' },
          { title: t('renewal.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
          { title: t('renewal.userCode'), dataIndex: 'userCode' },
          { title: t('renewal.cardCount'), dataIndex: 'cardCount' },
          {
            title: t('renewal.period'),
            dataIndex: 'years',
            render: (y: number) => t('renewal.years', { count: y }),
          },
          {
            title: t('renewal.amount'),
            dataIndex: 'amountMinor',
            render: (v: number, r) => formatMoney(v, r.currency),
          },
          {
            title: t('renewal.status'),
            dataIndex: 'status',
            render: (s: ConsoleOrder['status']) => <OrderStatusTag status={s} />,
          },
          {
            title: t('renewal.invoiceStatus'),
            dataIndex: 'invoiceStatus',
            render: (s: ConsoleOrder['invoiceStatus']) => <InvoiceStatusTag status={s} />,
          },
          {
            title: t('renewal.actions'),
            key: 'actions',
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  onClick={() => void navigate(pathOf('renewDetails', { orderNo: r.orderNo }))}
                  data-testid="bill-details"
                >
                  {t('renewal.details')}
                </Button>
                {draws && r.status === 'succeeded' && r.invoiceStatus === 'toBeInvoiced' && (
                  <Button
                    type="link"
                    onClick={() => setInvoicing(r.orderNo)}
                    data-testid="bill-mark-invoiced"
                  >
                    {t('renewal.markInvoiced')}
                  </Button>
                )}
              </Space>
            ),
          },
        ],
      }}
    >
      <InvoicedDrawer orderNo={invoicing} onClose={() => setInvoicing(null)} />
    </ListPage>
  );
}
