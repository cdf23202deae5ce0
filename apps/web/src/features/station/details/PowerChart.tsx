import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Card, DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/chart/Chart.tsx';
import { HistoryLoading } from '../../../components/chart/HistoryLoading.tsx';
import '../../../components/chart/echartsExtras.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePowerCurve } from '../station-shared/api.ts';
import { powerCurveOption } from '../../../components/chart/powerCurveOption.ts';
import { formatInZone } from '../../../components/format/formatDate.ts';

/**
 * A day's power curve of the plant (5-minute slots, gaps left open) with a day picker; with a weather station, its
 * irradiance and module temperature beside the power (see powerCurveOption).
 */
export function PowerChart({ plantId, today }: { plantId: number; today?: string }) {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs | null>(null);
  const date = day?.format('YYYY-MM-DD');
  const curve = usePowerCurve(plantId, date);
  const points = curve.data?.points ?? [];
  const hasData = points.some((p) => p.powerW !== null);
  const timeZone = curve.data?.timeZone ?? 'UTC';
  return (
    <Card
      title={t('station.details.powerCurve')}
      extra={
        <DatePicker
          value={day ?? (today ? dayjs(today) : null)}
          allowClear={false}
          onChange={(d) => setDay(d)}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          data-testid="power-day"
        />
      }
      data-testid="power-card"
    >
      <QueryState
        isLoading={curve.isLoading}
        error={curve.error}
        // A day whose history is still being written is not empty: it shows the note and fills in.
        isEmpty={!hasData && !curve.data?.historyLoading}
        onRetry={() => void curve.refetch()}
        emptyText={t('station.details.noPower')}
      >
        <HistoryLoading loading={curve.data?.historyLoading} />
        <Chart
          testId="power-chart"
          option={powerCurveOption({ points, hasWeather: curve.data?.hasWeather ?? false }, t, (ts) =>
            formatInZone(ts, timeZone, true),
          )}
        />
      </QueryState>
    </Card>
  );
}
