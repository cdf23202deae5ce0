import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Card,
  Col,
  DatePicker,
  Descriptions,
  Row,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  endpointPath,
  formatMoney,
  REPORT_CALLS,
  type PeriodicReport,
  type PlantReportRow,
  type ReportPeriod,
} from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { Chart } from '../../../components/chart/Chart.tsx';
import { formatEnergy, formatPower } from '../../../components/format/units.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';
import { usePeriodicReport, useReportPlants } from '../report-shared/api.ts';
import { CompletenessTag } from '../report-shared/CompletenessTag.tsx';
import { FigureShare } from '../report-shared/FigureShare.tsx';

/** The server refused the report as asked (its cost bound): asking the same again cannot help. */
const isRefused = (e: unknown) => e instanceof ApiError && e.status === 422;

const PICKERS = { day: 'date', month: 'month', year: 'year' } as const;
const percent = (ratio: number) => `${(ratio * 100).toFixed(2)} %`;

/** `form`: the periodic report of one plant or of every plant in scope for a local day, month or year. */
export function PeriodicReportPage() {
  const { t } = useTranslation();
  const [plantId, setPlantId] = useState<number | undefined>();
  const [period, setPeriod] = useState<ReportPeriod>('month');
  const [when, setWhen] = useState<Dayjs>(() => dayjs());
  const plants = useReportPlants();
  const query = { plantId, period, date: when.format('YYYY-MM-DD') };
  const report = usePeriodicReport(query);
  const r = report.data;
  return (
    <Card data-testid="periodic-report" title={<PageTitle route="form" />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          data-testid="report-plant"
          style={{ width: 260 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={plantId ?? 0}
          onChange={(v: number) => setPlantId(v === 0 ? undefined : v)}
          loading={plants.isLoading}
          options={[
            { value: 0, label: t('operation.reports.allPlants') },
            ...(plants.data ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <Segmented
          data-testid="report-period"
          value={period}
          onChange={(v) => setPeriod(v as ReportPeriod)}
          options={(['day', 'month', 'year'] as const).map((p) => ({
            value: p,
            label: t(`operation.reports.period.${p}`),
          }))}
        />
        <DatePicker
          data-testid="report-date"
          picker={PICKERS[period]}
          value={when}
          allowClear={false}
          onChange={(d) => d && setWhen(d)}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
        <ExportButton
          testId="report-export"
          path={endpointPath(REPORT_CALLS.periodicExport, {})}
          params={query}
          fileName={`report-${period}-${query.date}.xlsx`}
          label={t('operation.reports.exportExcel')}
          disabled={!r}
        />
        <ExportButton
          testId="report-export-pdf"
          path={endpointPath(REPORT_CALLS.periodicExport, {})}
          params={{ ...query, format: 'pdf' }}
          fileName={`report-${period}-${query.date}.pdf`}
          label={t('operation.reports.exportPdf')}
          disabled={!r}
        />
      </Space>
      <QueryState
        isLoading={report.isLoading}
        error={report.error}
        isEmpty={(r?.plants.length ?? 0) === 0}
        // A report refused for its cost (422) is refused again: the message says what to change instead.
        onRetry={isRefused(report.error) ? undefined : () => void report.refetch()}
      >
        {r && <ReportBody r={r} />}
      </QueryState>
    </Card>
  );
}

/** Marks a PR that rests on modelled irradiance (a plant without a sensor), as the plant detail does. */
function EstimatedTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('operation.reports.estimatedHint')}>
      <Tag data-testid="report-pr-estimated" style={{ marginLeft: 8 }}>
        {t('operation.reports.estimated')}
      </Tag>
    </Tooltip>
  );
}

function ReportBody({ r }: { r: PeriodicReport }) {
  const { t } = useTranslation();
  const c = r.totals;
  const first = r.plants[0]!;
  const factors = [...new Map(r.plants.map((p) => [p.co2Factor.source, p.co2Factor])).values()];
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Descriptions
            data-testid="report-totals"
            size="small"
            bordered
            column={1}
            // A label on one line: "系统效率 PR" and "数据完整性" broke after their first characters.
            styles={{ label: { whiteSpace: 'nowrap' } }}
            title={`${r.plantName ?? t('operation.reports.allPlants')} · ${first.from} – ${first.to}`}
          >
            <Descriptions.Item label={t('operation.reports.energy')}>
              <span data-testid="report-energy">{formatEnergy(c.energyKwh) || '0 kWh'}</span>
              <FigureShare share={c.figureCompleteness.energy} unit="days" testId="share-energy" />
            </Descriptions.Item>
            <Descriptions.Item label={t('operation.reports.peak')}>
              {formatPower(c.peakPowerW) || '0 W'}
              <FigureShare share={c.figureCompleteness.peakPower} unit="readings" testId="share-peak" />
            </Descriptions.Item>
            <Descriptions.Item label={t('operation.reports.hours')}>{c.equivalentHours} h</Descriptions.Item>
            <Descriptions.Item label={t('operation.reports.pr')}>
              <span data-testid="report-pr">
                {c.performanceRatio === null ? (
                  <Typography.Text type="secondary">{t('operation.reports.prNone')}</Typography.Text>
                ) : (
                  <>
                    {percent(c.performanceRatio)}
                    {c.irradianceSource === 'model' && <EstimatedTag />}
                  </>
                )}
              </span>
              <FigureShare
                share={c.figureCompleteness.performanceRatio}
                // A modelled PR rests on the energy of its days; a measured one on its slots with irradiance.
                unit={c.irradianceSource === 'model' ? 'days' : 'slots'}
                testId="share-pr"
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('operation.reports.income')}>
              {c.income.map((i) => (
                <div key={i.currency}>{formatMoney(i.incomeMinor, i.currency)}</div>
              ))}
              <FigureShare share={c.figureCompleteness.income} unit="days" testId="share-income" />
            </Descriptions.Item>
            <Descriptions.Item label={t('operation.reports.co2')}>
              <div data-testid="report-co2">{c.co2.co2Kg.toLocaleString()} kg</div>
              <Typography.Text type="secondary">
                {t('operation.reports.co2Equivalents', {
                  coal: c.co2.coalKg.toLocaleString(),
                  trees: c.co2.trees,
                })}
              </Typography.Text>
              {factors.map((f) => (
                <div key={f.source}>
                  <Typography.Text type="secondary" data-testid="report-co2-source">
                    {t('operation.reports.co2Factor', {
                      factor: f.kgPerKwh,
                      country: f.country ?? t('operation.reports.defaultGrid'),
                      source: f.source,
                    })}
                  </Typography.Text>
                </div>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('operation.reports.alarms')}>
              <span data-testid="report-alarms">
                {t('operation.reports.alarmCounts', {
                  total: c.alarms.total,
                  // Each count with its noun in the number's form: "1 fault", "2 faults".
                  faults: t('operation.reports.faultCount', { count: c.alarms.level3 }),
                  warnings: t('operation.reports.warningCount', { count: c.alarms.level2 }),
                  alerts: t('operation.reports.alertCount', { count: c.alarms.level1 }),
                })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('operation.reports.completeness')}>
              <CompletenessTag ratio={c.completeness.ratio} />
              <span data-testid="report-completeness">
                {t('operation.reports.readings', {
                  received: c.completeness.received,
                  expected: c.completeness.expected,
                })}
              </span>
              {c.completeness.gapDays.length > 0 && (
                <div data-testid="report-gap-days">
                  {t('operation.reports.gapDays')}:{' '}
                  {c.completeness.gapDays.map((g) => (
                    <Tag key={g.day}>
                      {g.day} ({percent(g.expected ? g.received / g.expected : 1)})
                    </Tag>
                  ))}
                </div>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} lg={12}>
          <Chart
            testId="report-chart"
            height={320}
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 56, right: 16, top: 24, bottom: 32 },
              xAxis: { type: 'category', data: r.slices.map((s) => s.label) },
              yAxis: { type: 'value', name: 'kWh' },
              series: [
                { type: 'bar', name: t('operation.reports.energy'), data: r.slices.map((s) => s.energyKwh) },
              ],
            }}
          />
        </Col>
      </Row>
      <Table<PlantReportRow>
        data-testid="report-plants"
        style={{ marginTop: 16 }}
        size="small"
        rowKey="plantId"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        dataSource={r.plants}
        columns={[
          { title: t('operation.reports.plant'), dataIndex: 'name', fixed: 'left' },
          {
            title: t('operation.reports.energy'),
            render: (_, p) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatEnergy(p.energyKwh)}
                <FigureShare share={p.figureCompleteness.energy} unit="days" onlyShort />
              </span>
            ),
          },
          {
            title: t('operation.reports.peak'),
            render: (_, p) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatPower(p.peakPowerW)}
                <FigureShare share={p.figureCompleteness.peakPower} unit="readings" onlyShort />
              </span>
            ),
          },
          { title: t('operation.reports.hours'), dataIndex: 'equivalentHours' },
          {
            title: t('operation.reports.pr'),
            // Room for the percentage and the "Estimated" tag side by side in English, the longer language.
            width: 260,
            render: (_, p) =>
              p.performanceRatio === null ? (
                '—'
              ) : (
                // The percentage and its "Estimated" tag on one line, in the column's room.
                <span
                  title={t('operation.reports.irradiation', { value: p.irradiationKwhM2 })}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {percent(p.performanceRatio)}
                  {p.irradianceSource === 'model' && <EstimatedTag />}
                  <FigureShare
                    share={p.figureCompleteness.performanceRatio}
                    unit={p.irradianceSource === 'model' ? 'days' : 'slots'}
                    onlyShort
                  />
                </span>
              ),
          },
          {
            title: t('operation.reports.income'),
            render: (_, p) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.incomeMinor, p.currency)}
                <FigureShare share={p.figureCompleteness.income} unit="days" onlyShort />
              </span>
            ),
          },
          { title: t('operation.reports.co2Kg'), dataIndex: 'co2Kg' },
          { title: t('operation.reports.alarms'), render: (_, p) => p.alarms.total },
          {
            title: t('operation.reports.completeness'),
            render: (_, p) => <CompletenessTag ratio={p.completeness.ratio} />,
          },
        ]}
      />
    </>
  );
}
