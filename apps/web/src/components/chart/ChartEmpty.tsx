import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a chart shows with nothing to draw: a "no data" note of the chart's height, marked rendered. */
export function ChartEmpty({ height, testId, text }: { height: number; testId?: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <div
      style={{ height }}
      className="chart-empty"
      data-testid={testId}
      data-empty="true"
      data-rendered="true"
    >
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t('common.noData')} />
    </div>
  );
}
