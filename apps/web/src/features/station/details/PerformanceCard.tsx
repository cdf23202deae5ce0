import { Card, Table, Tag, Tooltip, Typography } from 'antd';
import type { PeriodPerformance } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatEnergy } from '../../../components/format/units.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePlantPerformance } from '../station-shared/api.ts';

const fixed = (v: number | null, digits: number) => (v === null ? '-' : v.toFixed(digits));

/** The first day of a period that ends on `date` (YYYY-MM-DD); the server starts later when the plant's data does. */
const periodStart = (period: PeriodPerformance['period'], date: string) =>
  period === 'day' ? date : period === 'month' ? `${date.slice(0, 8)}01` : `${date.slice(0, 5)}01-01`;

/**
 * Expected energy, yields and performance ratio (IEC 61724-1) today, this month and this year. Without a weather
 * station the irradiation is a modelled clear sky, which the card says beside its title.
 */
export function PerformanceCard({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const performance = usePlantPerformance(plantId);
  const d = performance.data;
  return (
    <Card
      title={t('station.performance.title')}
      style={{ marginTop: 16 }}
      data-testid="plant-performance"
      extra={
        d &&
        (d.irradianceSource === 'model' ? (
          <Tooltip title={t('station.performance.modelHint')}>
            <Tag color="orange" data-testid="performance-source">
              {t('station.performance.model')}
            </Tag>
          </Tooltip>
        ) : (
          <Tag color="green" data-testid="performance-source">
            {t('station.performance.sensor')}
          </Tag>
        ))
      }
    >
      <QueryState
        isLoading={performance.isLoading}
        error={performance.error}
        isEmpty={!d}
        onRetry={() => void performance.refetch()}
      >
        <Table<PeriodPerformance>
          rowKey="period"
          size="small"
          pagination={false}
          dataSource={d?.periods ?? []}
          columns={[
            {
              title: t('station.performance.period'),
              dataIndex: 'period',
              render: (p: PeriodPerformance['period'], row) => (
                <>
                  {t(`station.performance.periods.${p}`)}
                  {d && row.start !== periodStart(p, d.date) && (
                    <div data-testid={`performance-since-${p}`}>
                      <Typography.Text type="secondary">
                        {t('station.performance.since', { day: row.start })}
                      </Typography.Text>
                    </div>
                  )}
                </>
              ),
            },
            {
              title: t('station.performance.energy'),
              dataIndex: 'energyKwh',
              render: (v: number) => formatEnergy(v) || '0 kWh',
            },
            {
              title: t('station.performance.expected'),
              dataIndex: 'expectedEnergyKwh',
              render: (v: number) => formatEnergy(v) || '0 kWh',
            },
            {
              title: t('station.performance.poa'),
              dataIndex: 'poaKwhM2',
              render: (v: number) => v.toFixed(2),
            },
            {
              title: t('station.performance.referenceYield'),
              dataIndex: 'referenceYieldH',
              render: (v: number) => v.toFixed(2),
            },
            {
              title: t('station.performance.finalYield'),
              dataIndex: 'finalYieldH',
              render: (v: number) => v.toFixed(2),
            },
            {
              title: t('station.performance.pr'),
              dataIndex: 'performanceRatio',
              render: (v: number | null) => fixed(v === null ? null : v * 100, 1) + (v === null ? '' : ' %'),
            },
            ...(d?.irradianceSource === 'model'
              ? [
                  {
                    title: t('station.performance.cloudFactor'),
                    dataIndex: 'cloudFactor',
                    render: (v: number | null) => fixed(v, 2),
                  },
                ]
              : []),
            {
              title: t('station.performance.prCorrected'),
              dataIndex: 'temperatureCorrectedPr',
              render: (v: number | null) => fixed(v === null ? null : v * 100, 1) + (v === null ? '' : ' %'),
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}
