import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Card, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import { ABNORMAL_KINDS, type AbnormalKind, type AbnormalRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatInZone } from '../../../components/format/formatDate.ts';
import { PageTitle } from '../alarm-shared/PageTitle.tsx';
import { useAbnormalReport } from '../report-shared/api.ts';
import { pathOf } from '../../../router/paths.ts';

const KIND_COLORS: Record<AbnormalKind, string> = {
  offline: 'default',
  noOutput: 'error',
  underperforming: 'warning',
  unrecoveredFault: 'volcano',
};

/**
 * `abnormalReport`: the plants of the scope that need a look on a local day: inverters offline in daylight,
 * plants producing nothing in sunshine, plants underperforming over the 7 days ending on it.
 */
export function AbnormalReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [when, setWhen] = useState<Dayjs>(() => dayjs().subtract(1, 'day'));
  const [kind, setKind] = useState<AbnormalKind | undefined>();
  const query = { date: when.format('YYYY-MM-DD'), kind };
  const report = useAbnormalReport(query);
  const r = report.data;

  const finding = (row: AbnormalRow) =>
    row.kind === 'underperforming'
      ? t(`operation.abnormal.basis.${row.basis ?? 'peers'}`, {
          yield: row.specificYield,
          reference: row.referenceYield,
          share: Math.round(((row.specificYield ?? 0) / (row.referenceYield || 1)) * 100),
        })
      : row.kind === 'unrecoveredFault'
        ? t('operation.abnormal.run.unrecoveredFault', { hours: row.hours })
        : t(`operation.abnormal.run.${row.kind}`, {
            // The plant's local time of day (the day itself is the report's).
            from: formatInZone(row.from, row.timeZone, true),
            to: formatInZone(row.to, row.timeZone, true),
            hours: row.hours,
            source: t(`operation.abnormal.source.${row.irradianceSource ?? 'clearSky'}`),
          });

  return (
    <Card data-testid="abnormal-report" title={<PageTitle route="abnormalReport" />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          data-testid="abnormal-date"
          value={when}
          allowClear={false}
          onChange={(d) => d && setWhen(d)}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        />
        <Select
          data-testid="abnormal-kind"
          style={{ width: 220 }}
          value={kind ?? 'all'}
          onChange={(v: string) => setKind(v === 'all' ? undefined : (v as AbnormalKind))}
          options={[
            { value: 'all', label: t('operation.abnormal.allKinds') },
            ...ABNORMAL_KINDS.map((k) => ({ value: k, label: t(`operation.abnormal.kind.${k}`) })),
          ]}
        />
        {r && (
          <Typography.Text data-testid="abnormal-counts">
            {t('operation.abnormal.counts', { plants: r.plantCount, ...r.counts })}
          </Typography.Text>
        )}
      </Space>
      <QueryState
        isLoading={report.isLoading}
        error={report.error}
        isEmpty={(r?.rows.length ?? 0) === 0}
        emptyText={t('operation.abnormal.none')}
        onRetry={() => void report.refetch()}
      >
        <Table<AbnormalRow>
          data-testid="abnormal-rows"
          size="small"
          rowKey={(row) => `${row.kind}-${row.plantId}-${row.deviceId ?? ''}-${row.from}`}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          dataSource={r?.rows ?? []}
          columns={[
            {
              title: t('operation.reports.plant'),
              dataIndex: 'plantName',
              render: (name: string, row) => (
                <a onClick={() => void navigate(pathOf('details', { id: row.plantId }))}>{name}</a>
              ),
            },
            {
              title: t('operation.abnormal.kindTitle'),
              dataIndex: 'kind',
              render: (k: AbnormalKind) => (
                <Tag color={KIND_COLORS[k]}>{t(`operation.abnormal.kind.${k}`)}</Tag>
              ),
            },
            { title: t('operation.abnormal.finding'), render: (_, row) => finding(row) },
            {
              title: t('operation.abnormal.link'),
              render: (_, row) =>
                row.alarmId !== null ? (
                  <a
                    data-testid="abnormal-alarm-link"
                    onClick={() => void navigate(pathOf('alarmdetails', { id: row.alarmId }))}
                  >
                    {t('operation.abnormal.alarm', { id: row.alarmId })}
                  </a>
                ) : row.deviceSerial !== null ? (
                  <a
                    data-testid="abnormal-device-link"
                    onClick={() => void navigate(pathOf('RunningRecordPage', { sn: row.deviceSerial! }))}
                  >
                    {row.deviceSerial}
                  </a>
                ) : null,
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}
