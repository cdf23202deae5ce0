import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOption } from '../../../components/chart/Chart.tsx';
import { powerCurveOption } from '../../../components/chart/powerCurveOption.ts';
import { formatInZone } from '../../../components/format/formatDate.ts';
import { useStationCurve } from '../api.ts';

/** The wall's chart height [px of the 1920×1080 design]: the station panel's lower part, below the figures. */
const CURVE_HEIGHT = 400;

const LABEL = { color: '#9cc9ff', fontSize: 16 };

/** The console's power-curve chart, drawn for the wall's dark background and large type. */
function onDark(option: ChartOption): ChartOption {
  const axis = (a: unknown) => ({
    ...(a as object),
    axisLabel: LABEL,
    nameTextStyle: LABEL,
    axisLine: { lineStyle: { color: 'rgba(156, 201, 255, 0.4)' } },
    splitLine: { lineStyle: { color: 'rgba(255, 255, 255, 0.08)' } },
  });
  return { ...option, xAxis: axis(option.xAxis), yAxis: axis(option.yAxis) };
}

/** Today's power of the plant on the station wall, in the plant's local time; gaps stay gaps. */
export function StationCurve({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const curve = useStationCurve(plantId);
  const data = curve.data;
  const option = useMemo(() => {
    const timeZone = data?.timeZone ?? 'UTC';
    // Power only: the weather lines need a legend and two more axes, too much for a wall seen from afar.
    return onDark(
      powerCurveOption({ points: data?.points ?? [], hasWeather: false }, t, (ts) =>
        formatInZone(ts, timeZone, true),
      ),
    );
  }, [data, t]);
  return (
    <div className="wall-station-curve" data-testid="wall-station-curve">
      <div className="wall-figure-label">
        {t('exhibit.station.curve')}
        {/* Beside the title, so that the chart keeps the height the wall's layout gives it. */}
        {data?.historyLoading && (
          <span className="wall-history-loading" data-testid="history-loading">
            {t('common.historyLoading')}
          </span>
        )}
      </div>
      {curve.isLoading ? (
        // Not the chart's "no data" note, which says the day has no readings.
        <div className="wall-empty wall-center" style={{ height: CURVE_HEIGHT }}>
          {t('exhibit.station.curveLoading')}
        </div>
      ) : (
        <Chart
          option={option}
          height={CURVE_HEIGHT}
          emptyText={t('exhibit.station.curveEmpty')}
          testId="wall-station-chart"
        />
      )}
    </div>
  );
}
