import { Tooltip, Typography } from 'antd';
import type { FigureShare as Share } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';

/** What a figure's share counts: days with energy, 5-minute readings, or slots with power and irradiance. */
export type ShareUnit = 'days' | 'readings' | 'slots';

/**
 * A report figure's completeness beside it: the share of the period's expected data it was made from, with what
 * was counted on hover. `onlyShort` shows it only when something is missing (a table's cells).
 */
export function FigureShare({
  share,
  unit,
  testId,
  onlyShort = false,
}: {
  share: Share | null;
  unit: ShareUnit;
  testId?: string;
  onlyShort?: boolean;
}) {
  const { t } = useTranslation();
  if (share === null || (onlyShort && share.ratio >= 1)) return null;
  return (
    <Tooltip
      title={t(`operation.reports.shareOf.${unit}`, { present: share.present, expected: share.expected })}
      // Beside the share, on its own line: above it, it covered the figure of the row before (the energy over
      // the peak's) or, in a table's narrow cell, the figure it stands under.
      placement="right"
    >
      <Typography.Text
        type={share.ratio >= 1 ? 'secondary' : 'warning'}
        data-testid={testId}
        style={{ marginLeft: 8, whiteSpace: 'nowrap', fontSize: 12 }}
      >
        {t('operation.reports.share', { ratio: `${(share.ratio * 100).toFixed(2)} %` })}
      </Typography.Text>
    </Tooltip>
  );
}
