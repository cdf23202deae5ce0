import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  CUSTOM_REPORT_FIELDS,
  CUSTOM_REPORT_GROUPINGS,
  CUSTOM_REPORT_PERIODS,
  MAX_REPORT_TEMPLATES,
  RATIO_REPORT_FIELDS,
  endpointPath,
  REPORT_CALLS,
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  type CustomReportDefinition,
  type ReportSchedule,
  type CustomReportResult,
  type ReportTemplate,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/request.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { useMessage } from '../../../components/MessageProvider.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { browserTimeZone } from '../../../components/format/timeZone.ts';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';
import {
  useCustomPreview,
  useDeleteTemplate,
  useReportTemplates,
  useSaveTemplate,
  useSendTestReport,
} from '../report-shared/api.ts';
import { pathOf } from '../../../router/paths.ts';

const NEW_DEFINITION: CustomReportDefinition = {
  fields: ['plantCount', 'capacityKw', 'energyKwh', 'specificYield', 'income'],
  groupBy: 'plant',
  period: 'month',
  billingStartDay: 1,
  sortBy: 'group',
  sortDir: 'asc',
};

/** `CustomReport`: the caller's templates, each opened in the builder. */
export function CustomReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useMessage();
  const templates = useReportTemplates();
  const remove = useDeleteTemplate();
  const list = templates.data ?? [];
  return (
    <Card
      data-testid="custom-report"
      title={<PageTitle route="CustomReport" />}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="custom-new"
          disabled={list.length >= MAX_REPORT_TEMPLATES}
          onClick={() => void navigate(pathOf('addCustomReport'))}
        >
          {t('operation.custom.new')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('operation.custom.count', { count: list.length, max: MAX_REPORT_TEMPLATES })}
      </Typography.Paragraph>
      <QueryState
        isLoading={templates.isLoading}
        error={templates.error}
        isEmpty={list.length === 0}
        emptyText={t('operation.custom.none')}
        onRetry={() => void templates.refetch()}
      >
        <Table<ReportTemplate>
          data-testid="custom-templates"
          size="small"
          rowKey="id"
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          dataSource={list}
          columns={[
            {
              title: t('operation.custom.name'),
              dataIndex: 'name',
              render: (name: string, r) => (
                <a onClick={() => void navigate(pathOf('addCustomReport', { id: r.id }))}>{name}</a>
              ),
            },
            {
              title: t('operation.custom.groupBy'),
              render: (_, r) => t(`operation.custom.grouping.${r.definition.groupBy}`),
            },
            {
              title: t('operation.custom.period'),
              render: (_, r) => t(`operation.custom.periods.${r.definition.period}`),
            },
            {
              title: t('operation.custom.fields'),
              render: (_, r) => r.definition.fields.map((f) => t(`operation.custom.field.${f}`)).join(', '),
            },
            {
              title: t('common.operation'),
              render: (_, r) => (
                <Popconfirm
                  title={t('operation.custom.confirmDelete', { name: r.name })}
                  onConfirm={() =>
                    remove.mutateAsync(r.id).catch((e: unknown) => void message.error(errorMessage(e)))
                  }
                >
                  <a data-testid="custom-delete">{t('operation.custom.delete')}</a>
                </Popconfirm>
              ),
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}

interface BuilderValues extends CustomReportDefinition {
  name: string;
  scheduled: boolean;
  schedule?: Partial<ReportSchedule>;
}

/** The browser's zone: a schedule's hour is the user's local hour. */

/** `addCustomReport` (`?id=` to change one): the builder with its preview, export and save. */
export function AddCustomReportPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '') || undefined;
  const templates = useReportTemplates();
  const existing = templates.data?.find((x) => x.id === id);
  if (id !== undefined && templates.isLoading) return <Card loading />;
  return <Builder key={existing?.id ?? 'new'} template={existing} />;
}

function Builder({ template }: { template?: ReportTemplate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useMessage();
  const [form] = Form.useForm<BuilderValues>();
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [result, setResult] = useState<CustomReportResult | undefined>();
  const preview = useCustomPreview();
  const save = useSaveTemplate();
  const sendTest = useSendTestReport();
  const values = Form.useWatch([], form) as BuilderValues | undefined;
  const fields = values?.fields ?? template?.definition.fields ?? NEW_DEFINITION.fields;
  const period = values?.period ?? template?.definition.period ?? NEW_DEFINITION.period;
  const scheduled = values?.scheduled ?? !!template?.schedule;
  const frequency = values?.schedule?.frequency ?? template?.schedule?.frequency;

  const definitionOf = (v: BuilderValues): CustomReportDefinition => ({
    fields: v.fields,
    groupBy: v.groupBy,
    period: v.period,
    billingStartDay: v.billingStartDay ?? 1,
    sortBy: v.fields.includes(v.sortBy as never) ? v.sortBy : 'group',
    sortDir: v.sortDir,
  });
  const runPreview = async () => {
    const v = await form.validateFields();
    try {
      setResult(await preview.mutateAsync({ definition: definitionOf(v), date: date.format('YYYY-MM-DD') }));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const onSave = async () => {
    const v = await form.validateFields();
    try {
      const schedule = v.scheduled
        ? ({
            weekday: 1,
            language: 'zh',
            format: 'xlsx',
            ...v.schedule,
            timeZone: browserTimeZone(),
          } as ReportSchedule)
        : null;
      await save.mutateAsync({ id: template?.id, name: v.name, definition: definitionOf(v), schedule });
      void message.success(t('operation.custom.saved'));
      void navigate(pathOf('CustomReport'));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  return (
    <Card data-testid="custom-builder" title={<PageTitle route="addCustomReport" />}>
      <Form<BuilderValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: template?.name ?? '',
          ...(template?.definition ?? NEW_DEFINITION),
          scheduled: !!template?.schedule,
          schedule: template?.schedule ?? {
            frequency: 'monthly',
            hour: 8,
            weekday: 1,
            recipients: [],
            language: 'zh',
            format: 'xlsx',
          },
        }}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="name"
          label={t('operation.custom.name')}
          rules={[{ required: true, whitespace: true, max: 60, message: t('operation.custom.nameRequired') }]}
        >
          <Input data-testid="custom-name" maxLength={60} />
        </Form.Item>
        <Form.Item
          name="fields"
          label={t('operation.custom.fieldsHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('operation.custom.fieldsRequired') }]}
        >
          <Select
            data-testid="custom-fields"
            mode="multiple"
            options={CUSTOM_REPORT_FIELDS.map((f) => ({ value: f, label: t(`operation.custom.field.${f}`) }))}
          />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="groupBy" label={t('operation.custom.groupBy')}>
            <Select
              data-testid="custom-group"
              style={{ width: 180 }}
              options={CUSTOM_REPORT_GROUPINGS.map((g) => ({
                value: g,
                label: t(`operation.custom.grouping.${g}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="period" label={t('operation.custom.period')}>
            <Select
              data-testid="custom-period"
              style={{ width: 180 }}
              options={CUSTOM_REPORT_PERIODS.map((p) => ({
                value: p,
                label: t(`operation.custom.periods.${p}`),
              }))}
            />
          </Form.Item>
          {period === 'billingCycle' && (
            <Form.Item
              name="billingStartDay"
              label={t('operation.custom.billingStartDay')}
              tooltip={t('operation.custom.billingHelp')}
            >
              <InputNumber data-testid="custom-billing-day" min={1} max={31} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="sortBy" label={t('operation.custom.sortBy')}>
            <Select
              data-testid="custom-sort"
              style={{ width: 200 }}
              options={[
                { value: 'group', label: t('operation.custom.sortGroup') },
                ...fields.map((f) => ({ value: f, label: t(`operation.custom.field.${f}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="sortDir" label={t('operation.custom.sortDir')}>
            <Select
              style={{ width: 120 }}
              options={[
                { value: 'asc', label: t('operation.custom.asc') },
                { value: 'desc', label: t('operation.custom.desc') },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item name="scheduled" label={t('operation.custom.schedule')} valuePropName="checked">
          <Switch data-testid="custom-scheduled" />
        </Form.Item>
        {scheduled && (
          <Space wrap align="start">
            <Form.Item name={['schedule', 'frequency']} label={t('operation.custom.frequency')}>
              <Select
                data-testid="custom-frequency"
                style={{ width: 140 }}
                options={REPORT_FREQUENCIES.map((f) => ({
                  value: f,
                  label: t(`operation.custom.frequencies.${f}`),
                }))}
              />
            </Form.Item>
            {frequency === 'weekly' && (
              <Form.Item name={['schedule', 'weekday']} label={t('operation.custom.weekday')}>
                <InputNumber min={1} max={7} precision={0} />
              </Form.Item>
            )}
            <Form.Item name={['schedule', 'hour']} label={t('operation.custom.hour')}>
              <InputNumber data-testid="custom-hour" min={0} max={23} precision={0} />
            </Form.Item>
            <Form.Item name={['schedule', 'language']} label={t('operation.custom.language')}>
              <Select
                style={{ width: 100 }}
                options={[
                  { value: 'zh', label: t('operation.custom.languages.zh') },
                  { value: 'en', label: t('operation.custom.languages.en') },
                ]}
              />
            </Form.Item>
            <Form.Item name={['schedule', 'format']} label={t('operation.custom.format')}>
              <Select
                data-testid="custom-format"
                style={{ width: 160 }}
                options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`operation.custom.formats.${f}`) }))}
              />
            </Form.Item>
            <Form.Item
              name={['schedule', 'recipients']}
              label={t('operation.custom.recipients')}
              rules={[
                { required: true, type: 'array', min: 1, message: t('operation.custom.recipientsRequired') },
              ]}
            >
              <Select data-testid="custom-recipients" mode="tags" style={{ width: 320 }} open={false} />
            </Form.Item>
          </Space>
        )}
      </Form>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          data-testid="custom-date"
          value={date}
          allowClear={false}
          onChange={(d) => d && setDate(d)}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
        <Button data-testid="custom-preview" loading={preview.isPending} onClick={() => void runPreview()}>
          {t('operation.custom.preview')}
        </Button>
        {REPORT_FORMATS.map((format) => (
          <ExportButton
            key={format}
            testId={`custom-export-${format}`}
            path={endpointPath(REPORT_CALLS.customExport, {})}
            body={
              values?.fields?.length
                ? {
                    definition: definitionOf(values),
                    date: date.format('YYYY-MM-DD'),
                    name: values.name || undefined,
                    format,
                  }
                : undefined
            }
            disabled={!values?.fields?.length}
            fileName={`${values?.name || 'report'}-${date.format('YYYY-MM-DD')}.${format}`}
            label={t(format === 'pdf' ? 'operation.reports.exportPdf' : 'operation.reports.exportExcel')}
          />
        ))}
        <Button
          type="primary"
          data-testid="custom-save"
          loading={save.isPending}
          onClick={() => void onSave()}
        >
          {t('operation.custom.save')}
        </Button>
        {template?.schedule && (
          <Button
            data-testid="custom-send-test"
            loading={sendTest.isPending}
            onClick={() =>
              void sendTest
                .mutateAsync(template.id)
                .then(
                  (r) =>
                    void message.success(t('operation.custom.testSent', { to: r.recipients.join(', ') })),
                )
                .catch((e: unknown) => void message.error(errorMessage(e)))
            }
          >
            {t('operation.custom.sendTest')}
          </Button>
        )}
      </Space>
      {result && <PreviewTable r={result} />}
    </Card>
  );
}

function PreviewTable({ r }: { r: CustomReportResult }) {
  const { t } = useTranslation();
  const total = { group: t('operation.custom.total'), values: r.totals };
  return (
    <Table
      data-testid="custom-preview-table"
      size="small"
      rowKey="group"
      title={() => `${r.from} – ${r.to}`}
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={[...r.rows, total]}
      columns={[
        { title: t(`operation.custom.grouping.${r.groupBy}`), dataIndex: 'group' },
        ...r.fields.map((f) => ({
          title: t(`operation.custom.field.${f}`),
          key: f,
          render: (_: unknown, row: (typeof r.rows)[number]) =>
            RATIO_REPORT_FIELDS.includes(f) && typeof row.values[f] === 'number'
              ? `${((row.values[f] as number) * 100).toFixed(2)} %`
              : String(row.values[f] ?? '—'),
        })),
      ]}
    />
  );
}
