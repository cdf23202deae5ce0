import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  queued: 'default',
  sent: 'processing',
  acked: 'processing',
  applied: 'success',
  failed: 'error',
  expired: 'warning',
  cancelled: 'default',
};

/** A command's state as a coloured tag, with the device's reason beside a failure. */
export function CommandStateTag({ state, reason }: { state: string; reason?: string | null }) {
  const { t } = useTranslation();
  return (
    <span data-testid="command-state" data-state={state}>
      <Tag color={COLOURS[state] ?? 'default'}>{t(`commands.state.${state}`)}</Tag>
      {reason ? <span className="command-reason">{reason}</span> : null}
    </span>
  );
}
