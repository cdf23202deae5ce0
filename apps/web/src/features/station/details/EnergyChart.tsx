import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Card, DatePicker, Segmented, Space } from 'antd';
import type { EnergySeries } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { formatEnergy } from '../../../components/format/units.ts';
import { Chart } from '../../../components/chart/Chart.tsx';
import { HistoryLoading } from '../../../components/chart/HistoryLoading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useEnergy } from '../station-shared/api.ts';

/** Energy by day of a month, by month of a year, or by year, with the matching picker. */
export function EnergyChart({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<EnergySeries['period']>('month');
  const [when, setWhen] = useState<Dayjs>(() => dayjs());
  const date =
    period === 'month' ? when.format('YYYY-MM') : period === 'year' ? when.format('YYYY') : undefined;
  const energy = useEnergy(plantId, period, date);
  const points = energy.data?.points ?? [];
  return (
    <Card
      title={t('station.details.energy')}
      data-testid="energy-card"
      extra={
        <Space>
          <Segmented
            value={period}
            onChange={(v) => setPeriod(v as EnergySeries['period'])}
            options={[
              { value: 'month', label: t('station.details.byDay') },
              { value: 'year', label: t('station.details.byMonth') },
              { value: 'total', label: t('station.details.byYear') },
            ]}
          />
          {period !== 'total' && (
            <DatePicker
              picker={period === 'month' ? 'month' : 'year'}
              value={when}
              allowClear={false}
              onChange={(d) => d && setWhen(d)}
              disabledDate={(d) => d.isAfter(dayjs(), period === 'month' ? 'month' : 'year')}
            />
          )}
        </Space>
      }
    >
      <QueryState
        isLoading={energy.isLoading}
        error={energy.error}
        // A range whose history is still being written is not empty: it shows the note and fills in.
        isEmpty={points.length === 0 && !energy.data?.historyLoading}
        onRetry={() => void energy.refetch()}
      >
        <HistoryLoading loading={energy.data?.historyLoading} />
        <div className="station-chart-total">
          {t('station.details.total')}: {formatEnergy(energy.data?.totalKwh ?? 0) || '0 kWh'}
        </div>
        <Chart
          testId="energy-chart"
          option={{
            tooltip: { trigger: 'axis' },
            grid: { left: 56, right: 16, top: 24, bottom: 32 },
            xAxis: { type: 'category', data: points.map((p) => p.label) },
            yAxis: { type: 'value', name: 'kWh' },
            series: [
              {
                name: t('station.details.energy'),
                type: 'bar',
                itemStyle: { color: '#009cff' },
                data: points.map((p) => p.energyKwh),
              },
            ],
          }}
        />
      </QueryState>
    </Card>
  );
}
