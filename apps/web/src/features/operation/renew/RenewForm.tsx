import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Space, Table, Typography } from 'antd';
import {
  creditCodeSchema,
  formatMoney,
  INVOICE_TYPES,
  RENEWAL_YEARS,
  type CardRow,
  type InvoiceRequest,
  type RenewOrderBody,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';
import { Pagination } from '../../../components/Pagination.tsx';
import { zodRule } from '../../../components/zodRule.ts';
import {
  useRenewableCards,
  useRenewPrice,
  type ConsoleOrder,
  useCreateOrder,
} from '../renewal-shared/api.ts';
import { newIdempotencyKey } from './newIdempotencyKey.ts';

interface Values {
  years: 1 | 2 | 3;
  invoiceType: InvoiceRequest['type'];
  title?: string;
  taxCode?: string;
  address?: string;
  phone?: string;
  bank?: string;
  bankAccount?: string;
  recipientName?: string;
  recipientPhone?: string;
  recipientAddress?: string;
}

function toBody(cardIds: number[], v: Values): RenewOrderBody {
  const invoice: InvoiceRequest =
    v.invoiceType === 'none'
      ? { type: 'none' }
      : v.invoiceType === 'personal'
        ? { type: 'personal', title: v.title ?? '' }
        : {
            type: 'company',
            title: v.title ?? '',
            taxCode: v.taxCode ?? '',
            address: v.address ?? '',
            phone: v.phone ?? '',
            bank: v.bank ?? '',
            bankAccount: v.bankAccount ?? '',
          };
  return {
    cardIds,
    years: v.years,
    invoice,
    recipient:
      v.invoiceType === 'none'
        ? null
        : { name: v.recipientName ?? '', phone: v.recipientPhone ?? '', address: v.recipientAddress ?? '' },
  };
}

/**
 * The renewal's first step: the cards (picked here, or handed over from the card list), the period, the amount as
 * the server will charge it, the invoice and its recipient. Submitting makes the order under this form's
 * idempotency key, so a double press makes one order.
 */
export function RenewForm({
  initialCardIds,
  onMade,
}: {
  initialCardIds: number[];
  onMade(order: ConsoleOrder): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [selected, setSelected] = useState<number[]>(initialCardIds);
  const [iccid, setIccid] = useState<string>();
  const [pageStart, setPageStart] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [key, setKey] = useState(newIdempotencyKey);
  const cards = useRenewableCards(iccid, pageStart, pageSize);
  const price = useRenewPrice();
  const create = useCreateOrder();
  const years = Form.useWatch('years', form) ?? 1;
  const invoiceType = Form.useWatch('invoiceType', form) ?? 'none';
  const initialKey = initialCardIds.join(',');

  // The card list hands over its selection through the address; a new hand-over replaces the choice.
  useEffect(() => {
    if (initialKey) setSelected(initialKey.split(',').map(Number));
  }, [initialKey]);

  const required = { required: true, message: t('validation.required') };
  const submit = async (values: Values) => {
    const order = await create.mutateAsync({ body: toBody(selected, values), idempotencyKey: key });
    // The next order this form makes is another one.
    setKey(newIdempotencyKey());
    onMade(order);
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="renew"
      initialValues={{ years: 1, invoiceType: 'none' }}
      onFinish={(v) => void submit(v).catch(() => undefined)}
      data-testid="renew-form"
    >
      <Card title={t('renewal.chooseCards')} size="small">
        <Space style={{ marginBottom: 12 }} wrap>
          <Input.Search
            allowClear
            placeholder={t('card.iccid')}
            data-testid="renew-iccid"
            onSearch={(v) => {
              setIccid(v.trim() || undefined);
              setPageStart(1);
            }}
            style={{ width: 260 }}
          />
          <Typography.Text data-testid="renew-selected">
            {t('renewal.selected', { count: selected.length })}
          </Typography.Text>
        </Space>
        {cards.error ? (
          <Alert type="error" showIcon title={errorMessage(cards.error)} />
        ) : (
          <Table<CardRow>
            size="small"
            rowKey="id"
            loading={cards.isFetching}
            pagination={false}
            data-testid="renew-cards"
            dataSource={cards.data?.rows ?? []}
            locale={{ emptyText: t('card.empty') }}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (r) => ({ disabled: !r.renewable }),
            }}
            columns={[
              { title: t('card.iccid'), dataIndex: 'iccid' },
              {
                title: t('card.operator'),
                dataIndex: 'operator',
                render: (o: string) => t(`card.operators.${o}`),
              },
              {
                title: t('card.status'),
                dataIndex: 'status',
                render: (s: string) => t(`card.statuses.${s}`),
              },
              { title: t('card.expiresOn'), dataIndex: 'expiresOn', render: (v: string | null) => v ?? '-' },
              { title: t('card.plant'), dataIndex: 'plantName', render: (v: string | null) => v ?? '-' },
            ]}
          />
        )}
        <Pagination
          total={cards.data?.total ?? 0}
          page={pageStart}
          limit={pageSize}
          onChange={(p, size) => {
            setPageStart(p);
            setPageSize(size);
          }}
        />
      </Card>

      <Card title={t('renewal.periodAndAmount')} size="small" style={{ marginTop: 16 }}>
        <Form.Item name="years" label={t('renewal.period')}>
          <Radio.Group
            data-testid="renew-years"
            options={RENEWAL_YEARS.map((y) => ({ value: y, label: t('renewal.years', { count: y }) }))}
          />
        </Form.Item>
        {price.error ? (
          <Alert type="error" showIcon title={errorMessage(price.error)} />
        ) : price.data ? (
          <Typography.Paragraph data-testid="renew-amount">
            {t('renewal.amountLine', {
              amount: formatMoney(
                price.data.pricePerYearMinor * years * selected.length,
                price.data.currency,
              ),
              count: selected.length,
              years,
              price: formatMoney(price.data.pricePerYearMinor, price.data.currency),
            })}
          </Typography.Paragraph>
        ) : null}
        <Typography.Text type="secondary">{t('renewal.amountNote')}</Typography.Text>
      </Card>

      <Card title={t('renewal.invoice')} size="small" style={{ marginTop: 16 }}>
        <Form.Item name="invoiceType" label={t('renewal.invoiceType')}>
          <Radio.Group
            data-testid="renew-invoice-type"
            options={INVOICE_TYPES.map((v) => ({ value: v, label: t(`renewal.invoiceTypes.${v}`) }))}
          />
        </Form.Item>
        {invoiceType !== 'none' && (
          <Form.Item name="title" label={t('renewal.invoiceTitle')} rules={[required]}>
            <Input maxLength={100} data-testid="renew-title" />
          </Form.Item>
        )}
        {invoiceType === 'company' && (
          <>
            <Form.Item
              name="taxCode"
              label={t('renewal.taxCode')}
              extra={t('renewal.taxCodeHint')}
              rules={[zodRule(creditCodeSchema, t, 'validation.creditCode')]}
            >
              <Input maxLength={18} data-testid="renew-tax-code" />
            </Form.Item>
            <Form.Item name="address" label={t('renewal.companyAddress')} rules={[required]}>
              <Input maxLength={200} data-testid="renew-address" />
            </Form.Item>
            <Form.Item name="phone" label={t('renewal.companyPhone')} rules={[required]}>
              <Input maxLength={20} data-testid="renew-phone" />
            </Form.Item>
            <Form.Item name="bank" label={t('renewal.bank')} rules={[required]}>
              <Input maxLength={100} data-testid="renew-bank" />
            </Form.Item>
            <Form.Item name="bankAccount" label={t('renewal.bankAccount')} rules={[required]}>
              <Input maxLength={40} data-testid="renew-bank-account" />
            </Form.Item>
          </>
        )}
        {invoiceType !== 'none' && (
          <>
            <Typography.Title level={5}>{t('renewal.recipient')}</Typography.Title>
            <Form.Item name="recipientName" label={t('renewal.recipientName')} rules={[required]}>
              <Input maxLength={40} data-testid="renew-recipient-name" />
            </Form.Item>
            <Form.Item name="recipientPhone" label={t('renewal.recipientPhone')} rules={[required]}>
              <Input maxLength={20} data-testid="renew-recipient-phone" />
            </Form.Item>
            <Form.Item name="recipientAddress" label={t('renewal.recipientAddress')} rules={[required]}>
              <Input maxLength={200} data-testid="renew-recipient-address" />
            </Form.Item>
          </>
        )}
      </Card>

      <Space style={{ marginTop: 16 }}>
        <Button
          type="primary"
          htmlType="submit"
          loading={create.isPending}
          disabled={selected.length === 0}
          data-testid="renew-submit"
        >
          {t('renewal.submit')}
        </Button>
        {selected.length === 0 && (
          <Typography.Text type="secondary">{t('renewal.chooseFirst')}</Typography.Text>
        )}
      </Space>
    </Form>
  );
}
