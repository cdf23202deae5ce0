import { Tag } from 'antd';
import type { CommandRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<CommandRow['state'], string> = {
  queued: 'default',
  sent: 'processing',
  acked: 'processing',
  applied: 'success',
  failed: 'error',
  expired: 'warning',
  cancelled: 'default',
};

/** A command's state as a coloured tag and, beside a failure, the device's own words or the reason. */
export function CommandStateTag({ state, failure }: Pick<CommandRow, 'state' | 'failure'>) {
  const { t } = useTranslation();
  return (
    <span data-testid="command-state" data-state={state}>
      <Tag color={COLOURS[state]}>{t(`commands.state.${state}`)}</Tag>
      {failure && (
        <span className="command-reason">{failure.detail ?? t(`commands.reason.${failure.reason}`)}</span>
      )}
    </span>
  );
}
