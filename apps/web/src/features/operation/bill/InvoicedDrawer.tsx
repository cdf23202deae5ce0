import { Button, DatePicker, Drawer, Form, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { invoicingBody, type InvoicingBody } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/zodRule.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { useMarkInvoiced } from '../renewal-shared/api.ts';

/** Today in the user's own zone (YYYY-MM-DD): an invoice is drawn on a day of the person drawing it. */
const today = () => dayjs().format('YYYY-MM-DD');

/** Staff record an order's invoice as drawn and sent: the day, who drew it, the delivery company and number. */
export function InvoicedDrawer({ orderNo, onClose }: { orderNo: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<InvoicingBody>();
  const mark = useMarkInvoiced();
  const rule = (field: keyof InvoicingBody) =>
    zodRule(
      invoicingBody.shape[field],
      t,
      field === 'invoicedOn' ? 'validation.format' : 'validation.required',
    );
  const submit = async (body: InvoicingBody) => {
    if (!orderNo) return;
    await mark.mutateAsync({ orderNo, body });
    void message.success(t('renewal.markedInvoiced'));
    form.resetFields();
    onClose();
  };
  return (
    <Drawer
      open={orderNo !== null}
      onClose={onClose}
      title={t('renewal.markInvoicedTitle', { orderNo })}
      destroyOnHidden
      data-testid="invoiced-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="primary"
            loading={mark.isPending}
            onClick={() => form.submit()}
            data-testid="invoiced-save"
          >
            {t('renewal.save')}
          </Button>
        </Space>
      }
    >
      <Form<InvoicingBody>
        form={form}
        layout="vertical"
        name="invoiced"
        initialValues={{ invoicedOn: today() }}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        {/* A date picked, kept as YYYY-MM-DD: typing into a text box prefilled with today appended to it. */}
        <Form.Item
          name="invoicedOn"
          label={t('renewal.invoicedOn')}
          rules={[rule('invoicedOn')]}
          getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : null })}
          normalize={(d: Dayjs | null) => d?.format('YYYY-MM-DD')}
        >
          <DatePicker
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            style={{ width: '100%' }}
            data-testid="invoiced-on"
          />
        </Form.Item>
        <Form.Item name="drawer" label={t('renewal.drawer')} rules={[rule('drawer')]}>
          <Input maxLength={40} data-testid="invoiced-drawer-name" />
        </Form.Item>
        <Form.Item
          name="deliveryCompany"
          label={t('renewal.deliveryCompany')}
          rules={[rule('deliveryCompany')]}
        >
          <Input maxLength={60} data-testid="invoiced-company" />
        </Form.Item>
        <Form.Item name="deliveryNo" label={t('renewal.deliveryNo')} rules={[rule('deliveryNo')]}>
          <Input maxLength={40} data-testid="invoiced-no" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
